import { z } from 'zod';
import { dateRangeOrder, END_BEFORE_START, optional, ZEmail, ZId, ZIsoDate, ZIsoDateTime, ZRequiredText } from './common.ts';

/**
 * Reports & Analytics (both portals). Every figure is computed for the caller's scope and period
 * from the daily rollups (usage_daily), the numbers, porting requests, opt-outs and invoices;
 * never from constants, never from the raw CDR and message tables.
 */

/** The periods; `custom` needs both dates. Days are the caller's time zone's days. */
export const REPORT_PERIODS = [
  'today',
  'yesterday',
  'last7days',
  'last30days',
  'thisMonth',
  'lastMonth',
  '30days',
  '90days',
  '1year',
  'custom',
] as const;
export type TReportPeriod = (typeof REPORT_PERIODS)[number];
export const REPORT_PERIOD_LABELS: Record<TReportPeriod, string> = {
  today: 'Today',
  yesterday: 'Yesterday',
  last7days: 'Last 7 Days',
  last30days: 'Last 30 Days',
  thisMonth: 'This Month',
  lastMonth: 'Last Month',
  '30days': 'Last 30 Days',
  '90days': 'Last 90 Days',
  '1year': 'Last Year',
  custom: 'Custom Range',
};

export const REPORT_SERVICES = ['all', 'sms', 'voice', 'numbers'] as const;
export type TReportService = (typeof REPORT_SERVICES)[number];

export const REPORT_FORMATS = ['csv', 'xlsx', 'pdf'] as const;
export type TReportFormat = (typeof REPORT_FORMATS)[number];
export const REPORT_FORMAT_LABELS: Record<TReportFormat, string> = { csv: 'CSV', xlsx: 'Excel', pdf: 'PDF' };

/** The tabs whose content an export holds (the customer's overview/sms/voice/numbers, staff's revenue/usage/performance). */
export const REPORT_TABS = ['overview', 'sms', 'voice', 'numbers', 'revenue', 'usage', 'performance'] as const;
export type TReportTab = (typeof REPORT_TABS)[number];

/** The longest custom range (a report reads one rollup row per account, service and day). */
export const MAX_REPORT_DAYS = 3 * 366;

const periodRules = <T extends { period: TReportPeriod; startDate?: string | undefined; endDate?: string | undefined }>(
  v: T,
  ctx: z.RefinementCtx,
) => {
  if (v.period !== 'custom') return;
  if (!v.startDate) ctx.addIssue({ code: 'custom', path: ['startDate'], message: 'Start date is required' });
  if (!v.endDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'End date is required' });
  if (v.startDate && v.endDate) {
    if (v.startDate > v.endDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: END_BEFORE_START });
    else if ((Date.parse(v.endDate) - Date.parse(v.startDate)) / 86_400_000 >= MAX_REPORT_DAYS)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'A report covers at most 3 years' });
  }
};

const reportQueryShape = {
  period: z.enum(REPORT_PERIODS).default('30days'),
  /** Custom range: both needed (inclusive days). */
  startDate: optional(ZIsoDate),
  endDate: optional(ZIsoDate),
  service: z.enum(REPORT_SERVICES).default('all'),
  /** Staff: one customer's figures (the analytics variant's picker); absent: every customer. Customers: ignored (their own). */
  customerId: optional(ZId),
  /** One sub-account of the scope. */
  accountId: optional(ZId),
};

export const ZReportQuery = z.object(reportQueryShape).superRefine(periodRules);
export type TReportQuery = z.infer<typeof ZReportQuery>;

export const ZReportExportQuery = z
  .object({ ...reportQueryShape, format: z.enum(REPORT_FORMATS), tab: z.enum(REPORT_TABS).default('overview') })
  .superRefine(periodRules);
export type TReportExportQuery = z.infer<typeof ZReportExportQuery>;

/** The CDR tab's export: both dates are needed. */
export const ZReportCdrExportQuery = z
  .object({
    startDate: ZIsoDate,
    endDate: ZIsoDate,
    format: z.enum(REPORT_FORMATS).default('csv'),
    customerId: optional(ZId),
    accountId: optional(ZId),
  })
  .refine(...dateRangeOrder('startDate', 'endDate'));
export type TReportCdrExportQuery = z.infer<typeof ZReportCdrExportQuery>;

/** A figure with its change against the previous period of the same length (percent; null when the previous was 0). */
export const ZTrend = z.object({ value: z.number(), previous: z.number(), change: z.number().nullable() });
export type TTrend = z.infer<typeof ZTrend>;

export const ZReportPeriodInfo = z.object({
  period: z.enum(REPORT_PERIODS),
  label: z.string(),
  /** Inclusive days in the caller's time zone. */
  startDate: ZIsoDate,
  endDate: ZIsoDate,
  previousStartDate: ZIsoDate,
  previousEndDate: ZIsoDate,
  timeZone: z.string(),
  days: z.number().int(),
});

/** One day (or one month for periods over 90 days) of a chart. */
export const ZReportPoint = z.object({
  /** First day of the bucket. */
  date: ZIsoDate,
  /** Last day of the bucket (the same day for daily buckets). */
  endDate: ZIsoDate,
  smsSent: z.number().int(),
  smsDelivered: z.number().int(),
  smsFailed: z.number().int(),
  calls: z.number().int(),
  callsCompleted: z.number().int(),
  callsFailed: z.number().int(),
  /** Spend (customers) or revenue (staff) of the bucket, all services, USD. */
  cost: z.number(),
  smsCost: z.number(),
  voiceCost: z.number(),
  numbersCost: z.number(),
});
export type TReportPoint = z.infer<typeof ZReportPoint>;

export const ZServiceShare = z.object({
  service: z.enum(['SMS', 'Voice', 'Numbers', 'Other']),
  cost: z.number(),
  /** Share of the period's total (percent, 1 decimal). */
  percent: z.number(),
});

/** The Usage Detail table: one row per service and day with usage (newest first). */
export const ZUsageDetailRow = z.object({
  id: z.string(),
  service: z.enum(['SMS', 'Voice', 'Numbers']),
  date: ZIsoDate,
  volume: z.number().int(),
  cost: z.number(),
  /** Completed: no failures; Partial: some failed. */
  status: z.enum(['Completed', 'Partial']),
});
export type TUsageDetailRow = z.infer<typeof ZUsageDetailRow>;

export const ZReportOverview = z.object({
  totalSpend: ZTrend,
  /** Delivered / (delivered + failed) of outbound messages, percent. */
  smsDeliveryRate: ZTrend,
  /** Answered / attempted calls, percent. */
  voiceAsr: ZTrend,
  /** Mean seconds from sent to delivered, outbound messages delivered in the period. */
  averageLatency: ZTrend,
  breakdown: z.array(ZServiceShare),
  usageDetail: z.array(ZUsageDetailRow),
});

export const ZReportSms = z.object({
  messagesSent: ZTrend,
  smsCosts: ZTrend,
  deliveryRate: ZTrend,
  averageLatency: ZTrend,
  delivered: z.number().int(),
  deliveredPercent: z.number(),
  failed: z.number().int(),
  failedPercent: z.number(),
  /** Numbers opted out in the period / distinct recipients reached (approximated by delivered), percent. */
  optOutRate: z.number(),
  optOuts: z.number().int(),
  /**
   * Conversion Rate: inbound replies received in the period per 100 outbound messages delivered
   * (percent): how many conversations the sending started.
   */
  conversionRate: z.number(),
  inbound: z.number().int(),
  segments: z.number().int(),
});

export const ZReportVoice = z.object({
  callsCompleted: ZTrend,
  /** Billed minutes. */
  callDuration: ZTrend,
  voiceCosts: ZTrend,
  answerSuccessRate: ZTrend,
  /** Billed seconds per completed call. */
  averageCallTime: z.number(),
  failedCalls: z.number().int(),
  /** Outbound calls to numbers outside +1. */
  internationalCalls: z.number().int(),
  inboundCalls: z.number().int(),
  totalCalls: z.number().int(),
});

export const ZReportNumbers = z.object({
  activeNumbers: z.number().int(),
  /** Monthly fees of the active numbers now, USD. */
  monthlyFees: z.number(),
  /** Number fees billed in the period (prorated daily), with change. */
  numberCosts: ZTrend,
  /** Numbers that carried traffic in the period / active numbers, percent. */
  utilization: z.number(),
  portingInProgress: z.number().int(),
  /** The number with the most calls and messages in the period, or null. */
  mostActiveNumber: z.object({ number: z.string(), activity: z.number().int() }).nullable(),
  byType: z.array(z.object({ type: z.string(), count: z.number().int(), percent: z.number() })),
});

/** The staff analytics variant (all customers, or the picked one). */
export const ZReportAnalytics = z.object({
  /**
   * Revenue per calendar month of the period, with growth against the month before: the rollups'
   * usage and number fees plus Other (invoice service lines and charges issued in the month), so a
   * month's revenue is the sum of its revenue per service.
   */
  revenueGrowth: z.array(z.object({ month: z.string(), revenue: z.number(), growth: z.number().nullable() })),
  revenueByService: z.array(ZServiceShare),
  /** Detailed table: one row per customer and service in the period, by revenue (first 100). */
  detail: z.array(
    z.object({
      id: z.string(),
      customerId: ZId,
      customer: z.string(),
      service: z.enum(['SMS', 'Voice', 'Numbers']),
      volume: z.number().int(),
      revenue: z.number(),
      /** Voice: answered/attempted; SMS: delivery rate; Numbers: null. */
      asr: z.number().nullable(),
      /** Last day with usage. */
      date: ZIsoDate,
    }),
  ),
  usageTotals: z.object({ messages: z.number().int(), calls: z.number().int(), minutes: z.number().int(), numbers: z.number().int() }),
  topCustomers: z.array(z.object({ customerId: ZId, customer: z.string(), revenue: z.number(), share: z.number() })),
  optOutRate: z.number(),
  /** By the customer's state (US) or country. */
  byRegion: z.array(
    z.object({
      region: z.string(),
      customers: z.number().int(),
      calls: z.number().int(),
      asr: z.number().nullable(),
      messages: z.number().int(),
      deliveryRate: z.number().nullable(),
      revenue: z.number(),
    }),
  ),
  /** The status page's components now. */
  systemHealth: z.array(z.object({ serviceName: z.string(), status: z.string(), uptime: z.number() })),
});
export type TReportAnalytics = z.infer<typeof ZReportAnalytics>;

export const ZReport = z.object({
  period: ZReportPeriodInfo,
  service: z.enum(REPORT_SERVICES),
  /** Whose figures: the company's name, the picked customer's, or 'All customers'. */
  scope: z.string(),
  /** Daily buckets for periods up to 90 days, monthly beyond. */
  bucket: z.enum(['day', 'month']),
  series: z.array(ZReportPoint),
  overview: ZReportOverview,
  sms: ZReportSms,
  voice: ZReportVoice,
  numbers: ZReportNumbers,
  /** Staff only. */
  analytics: ZReportAnalytics.nullable(),
});
export type TReport = z.infer<typeof ZReport>;

// ---------------------------------------------------------------------------------------------
// Exports run as a job (large CDR exports) and scheduled reports: files behind an expiring link

export const ZReportFile = z.object({
  id: ZId,
  name: z.string(),
  format: z.enum(REPORT_FORMATS),
  state: z.enum(['Pending', 'Ready', 'Failed']),
  bytes: z.number().int().nullable(),
  rows: z.number().int().nullable(),
  error: z.string().nullable(),
  createdAt: ZIsoDateTime,
  expiresAt: ZIsoDateTime,
  /** Present when Ready: the download address (carries its own token, valid until expiresAt). */
  url: z.string().nullable(),
});
export type TReportFile = z.infer<typeof ZReportFile>;

/** Answer of an export that became a job: 202 with the file to watch. */
export const ZReportExportQueued = z.object({ queued: z.literal(true), file: ZReportFile });
export type TReportExportQueued = z.infer<typeof ZReportExportQueued>;

export const REPORT_FREQUENCIES = ['weekly', 'monthly'] as const;
export const ZReportScheduleInput = z.object({
  name: ZRequiredText('Name', 100),
  /** weekly: every Monday for the previous 7 days; monthly: the 1st for the previous month. */
  frequency: z.enum(REPORT_FREQUENCIES),
  format: z.enum(REPORT_FORMATS),
  tab: z.enum(REPORT_TABS).default('overview'),
  service: z.enum(REPORT_SERVICES).default('all'),
  /** Staff: one customer, or absent for all. */
  customerId: optional(ZId),
  recipients: z.array(ZEmail).min(1, 'Add at least one recipient').max(20, 'At most 20 recipients'),
  active: z.boolean().default(true),
});
export type TReportScheduleInput = z.infer<typeof ZReportScheduleInput>;

export const ZReportSchedule = ZReportScheduleInput.extend({
  id: ZId,
  customerId: ZId.nullable(),
  customerName: z.string().nullable(),
  createdBy: z.string(),
  nextRunAt: ZIsoDateTime,
  lastRunAt: ZIsoDateTime.nullable(),
  lastError: z.string().nullable(),
  createdAt: ZIsoDateTime,
});
export type TReportSchedule = z.infer<typeof ZReportSchedule>;
