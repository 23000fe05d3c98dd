import { z } from 'zod';
import { ZIsoDate, ZIsoDateTime } from './common.ts';

/** A component's tile: its state and the incident or maintenance that decides it (id: the component's name when none). */
export const ZServiceStatusEntry = z.object({
  id: z.string(),
  serviceName: z.string(),
  status: z.string(),
  title: z.string(),
  updatedAt: ZIsoDateTime.nullable(),
});
export type TServiceStatusEntry = z.infer<typeof ZServiceStatusEntry>;

export const ZDashboardTicket = z.object({
  id: z.uuid(),
  ticketId: z.string(),
  subject: z.string(),
  customerName: z.string(),
  status: z.string(),
  priority: z.string(),
  updatedAt: ZIsoDateTime,
});
export type TDashboardTicket = z.infer<typeof ZDashboardTicket>;

/** The admin dashboard: aggregates of real rows. */
export const ZAdminDashboard = z.object({
  metrics: z.object({
    totalCustomers: z.number().int(),
    monthlyRevenue: z.number(),
    activeServices: z.number().int(),
    supportTickets: z.number().int(),
  }),
  /** Open service status incidents (not Operational, not Resolved). */
  activeAlerts: z.number().int(),
  /** Availability over the last 30 days, from the service status incidents (percent). */
  uptime: z.number(),
  serviceStatus: z.array(ZServiceStatusEntry),
  recentCustomers: z.array(
    z.object({ id: z.uuid(), name: z.string(), customerId: z.string(), status: z.string(), accessedAt: ZIsoDateTime }),
  ),
  recentTickets: z.array(ZDashboardTicket),
});
export type TAdminDashboard = z.infer<typeof ZAdminDashboard>;

export const ZUsageSummary = z.object({
  volume: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  cost: z.number(),
  /** Daily volume over the last 30 days, oldest first. */
  daily: z.array(z.object({ day: z.string(), volume: z.number().int() })),
});

/**
 * The company's numbers (the Usage Overview's Numbers tab): what it holds now, by type, what was
 * added and released in the last 30 days, and how many it held each day.
 */
export const ZNumbersOverview = z.object({
  active: z.number().int(),
  /** Monthly fees of the active numbers (USD). */
  monthlyFees: z.number(),
  added: z.number().int(),
  released: z.number().int(),
  byType: z.array(z.object({ type: z.string(), count: z.number().int() })),
  /** Numbers held at the end of each of the last 30 days, oldest first, with that day's additions and releases. */
  daily: z.array(z.object({ day: z.string(), held: z.number().int(), added: z.number().int(), released: z.number().int() })),
});
export type TNumbersOverview = z.infer<typeof ZNumbersOverview>;

/**
 * A service's share of the company's spend this month: the Reports Overview's Service Breakdown
 * of This Month (amount: its cost there, USD; percent: one decimal, the four adding up to 100, or
 * all 0 when nothing was spent). Other: invoiced services and charges besides usage and number fees.
 */
export const ZDashboardServiceShare = z.object({
  service: z.enum(['SMS', 'Voice', 'Numbers', 'Other']),
  amount: z.number(),
  percent: z.number(),
});
export type TDashboardServiceShare = z.infer<typeof ZDashboardServiceShare>;

/** The customer dashboard, scoped to the caller's company. */
export const ZCustomerDashboard = z.object({
  companyName: z.string(),
  userName: z.string(),
  metrics: z.object({
    activeSubAccounts: z.number().int(),
    activeNumbers: z.number().int(),
    monthToDateSpend: z.number(),
    openTickets: z.number().int(),
  }),
  serviceStatus: z.array(ZServiceStatusEntry),
  recentAccounts: z.array(
    z.object({ id: z.uuid(), name: z.string(), accountId: z.string(), status: z.string(), lastAccessed: ZIsoDateTime.nullable() }),
  ),
  recentTickets: z.array(ZDashboardTicket),
  usage: z.object({ sms: ZUsageSummary, voice: ZUsageSummary }),
  numbers: ZNumbersOverview,
  /** SMS, Voice, Numbers and Other, in that order, over `month`. */
  serviceShares: z.array(ZDashboardServiceShare),
  /** This Month in the user's time zone (inclusive days): the period of the usage totals and the service shares. */
  month: z.object({ startDate: ZIsoDate, endDate: ZIsoDate, timeZone: z.string() }),
});
export type TCustomerDashboard = z.infer<typeof ZCustomerDashboard>;
