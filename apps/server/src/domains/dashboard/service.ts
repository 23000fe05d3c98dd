import type { TAdminDashboard, TCustomerDashboard, TNumbersOverview } from '@portal/contract/dashboard';
import { SERVICE_COMPONENTS } from '@portal/contract/support';
import { type Ctx, userOf } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { companyUsage } from '../reports/service.ts';
import { downtimeSince, statusTiles } from '../support/service.ts';
import * as repo from './repo.ts';

const DAY_MS = 24 * 3600 * 1000;
const ymd = (d: Date) => d.toISOString().slice(0, 10);
const monthStart = (now: Date) => ymd(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)));
const iso = <T extends { updatedAt: Date }>(r: T) => ({ ...r, updatedAt: r.updatedAt.toISOString() });
const isoOrNull = <T extends { updatedAt: Date | null }>(r: T) => ({ ...r, updatedAt: r.updatedAt?.toISOString() ?? null });

/** Availability over the last 30 days: the share of service-time not inside an incident. */
async function uptime(ctx: Ctx, now: Date): Promise<number> {
  const since = new Date(now.getTime() - 30 * DAY_MS);
  const downtime = await downtimeSince(ctx, since, now);
  const services = new Set<string>([...SERVICE_COMPONENTS, ...downtime.keys()]);
  const down = [...downtime.values()].reduce((sum, ms) => sum + ms, 0);
  const total = Math.max(1, services.size) * 30 * DAY_MS;
  return Math.floor((1 - down / total) * 10_000) / 100;
}

export async function adminDashboard(ctx: Ctx): Promise<TAdminDashboard> {
  const auth = userOf(ctx);
  const now = new Date();
  const [totalCustomers, monthlyRevenue, activeServices, supportTickets, status, recentCustomers, recentTickets, up] = await Promise.all([
    repo.countCustomers(ctx.db),
    repo.invoicedSince(ctx.db, monthStart(now)),
    repo.countActiveServices(ctx.db),
    repo.countOpenTickets(ctx.db, null),
    statusTiles(ctx),
    repo.recentCustomersOf(ctx.db, auth.userId, 5),
    repo.recentTickets(ctx.db, null, true, 5),
    uptime(ctx, now),
  ]);
  return {
    metrics: { totalCustomers, monthlyRevenue, activeServices, supportTickets },
    activeAlerts: status.filter((s) => s.status !== 'Operational').length,
    uptime: up,
    serviceStatus: status.map(isoOrNull),
    recentCustomers: recentCustomers.map((c) => ({ ...c, accessedAt: c.accessedAt.toISOString() })),
    recentTickets: recentTickets.map(iso),
  };
}

const NUMBER_TYPE_LABELS: Record<string, string> = { DID: 'Local (DID)', TFN: 'Toll-Free' };

/**
 * The Numbers tab: the company's numbers now (active, by type, monthly fees), those added and
 * released over the 30 days from `since`, and how many it held at the end of each day (walked back
 * from today: a day holds today's numbers less those added after it plus those released after it).
 */
async function numbersOverview(ctx: Ctx, customerId: string, since: string, now: Date): Promise<TNumbersOverview> {
  const from = new Date(`${since}T00:00:00Z`);
  const [byType, added, released] = await Promise.all([
    repo.heldNumbersByType(ctx.db, customerId),
    repo.numbersAddedSince(ctx.db, customerId, from),
    repo.numbersReleasedSince(ctx.db, customerId, from),
  ]);
  const addedOn = new Map(added.map((r) => [r.day, r.n]));
  const releasedOn = new Map(released.map((r) => [r.day, r.n]));
  const days: string[] = [];
  for (let t = from.getTime(); t <= now.getTime(); t += DAY_MS) days.push(ymd(new Date(t)));
  let held = byType.reduce((s, r) => s + r.held, 0);
  const daily: TNumbersOverview['daily'] = [];
  for (let i = days.length - 1; i >= 0; i--) {
    const day = days[i] as string;
    const a = addedOn.get(day) ?? 0;
    const r = releasedOn.get(day) ?? 0;
    daily.unshift({ day, held, added: a, released: r });
    held = Math.max(0, held - a + r);
  }
  return {
    active: byType.reduce((s, r) => s + r.active, 0),
    monthlyFees: Math.round(byType.reduce((s, r) => s + Number(r.fees), 0) * 100) / 100,
    added: daily.reduce((s, d) => s + d.added, 0),
    released: daily.reduce((s, d) => s + d.released, 0),
    byType: byType.map((r) => ({ type: NUMBER_TYPE_LABELS[r.type] ?? r.type, count: r.active })),
    daily,
  };
}

export async function customerDashboard(ctx: Ctx): Promise<TCustomerDashboard> {
  const auth = userOf(ctx);
  const customerId = auth.customerId;
  if (!customerId) throw notFound('Company');
  const now = new Date();
  const since = ymd(new Date(now.getTime() - 29 * DAY_MS));
  const [companyName, activeSubAccounts, activeNumbers, openTickets, status, recentAccounts, recentTickets, usage, numbers] =
    await Promise.all([
      repo.companyName(ctx.db, customerId),
      repo.countActiveAccounts(ctx.db, customerId),
      repo.countActiveNumbers(ctx.db, customerId),
      repo.countOpenTickets(ctx.db, customerId),
      statusTiles(ctx),
      repo.recentAccounts(ctx.db, customerId, 5),
      repo.recentTickets(ctx.db, customerId, false, 5),
      // the Reports page's own computation: This Month's totals and Service Breakdown, Last 30 Days' series, in the user's zone
      companyUsage(ctx, { now }),
      numbersOverview(ctx, customerId, since, now),
    ]);
  if (!companyName) throw notFound('Company');
  return {
    companyName,
    userName: auth.name,
    metrics: {
      activeSubAccounts,
      activeNumbers,
      // everything this month costs (the Service Shares' total, the report's Total Spend): usage,
      // the numbers' prorated fees and invoiced services (Other)
      monthToDateSpend: usage.spend,
      openTickets,
    },
    serviceStatus: status.map(isoOrNull),
    recentAccounts: recentAccounts.map((a) => ({ ...a, lastAccessed: a.lastAccessed?.toISOString() ?? null })),
    recentTickets: recentTickets.map(iso),
    usage: { sms: usage.sms, voice: usage.voice },
    numbers,
    serviceShares: usage.serviceShares.map((s) => ({ service: s.service, amount: s.cost, percent: s.percent })),
    month: usage.month,
  };
}
