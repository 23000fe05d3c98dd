import type { TReport, TReportPoint, TReportQuery } from '@portal/contract/reports';
import { type Ctx, isCustomerSide, ownCustomer } from '../../lib/context.ts';
import { dayRange } from '../../lib/cursor.ts';
import { notFound } from '../../lib/errors.ts';
import { findAccountInScope } from '../../lib/list-scope.ts';
import { analytics, systemHealth } from './analytics.ts';
import { money, one, percent, shares, trend } from './figures.ts';
import { isKnownTimeZone, type ReportPeriod, resolvePeriod } from './periods.ts';
import * as repo from './repo.ts';
import {
  asr,
  DETAIL_ROWS,
  dayTotals,
  deliveryRate,
  latency,
  minutes,
  SERVICES,
  type Service,
  type Usage,
  usageDetail,
  usageFigures,
} from './usage.ts';

const INCLUDED: Record<TReportQuery['service'], Service[]> = {
  all: SERVICES,
  sms: ['SMS'],
  voice: ['Voice'],
  numbers: ['Numbers'],
};
/** How the Numbers tab names the number types (the spec's usage by type). */
const NUMBER_TYPE_NAMES: Record<string, string> = { DID: 'Local', TFN: 'Toll-Free' };

// ---- scope and time zone ----

export interface ResolvedReportScope extends repo.ReportScope {
  /** Whose figures: the company's name (and the account's), or 'All customers'. */
  name: string;
}

/**
 * Whose figures a report (or an export of it) shows. A customer user (or API key) always gets
 * their own company, whatever customerId says; staff may name any customer. An account must
 * belong to that scope. Unknown or out-of-reach ids are a 404, never someone else's figures.
 */
export async function resolveReportScope(
  ctx: Ctx,
  q: { customerId?: string | undefined; accountId?: string | undefined },
): Promise<ResolvedReportScope> {
  const own = ownCustomer(ctx);
  if (isCustomerSide(ctx) && !own) throw notFound('Customer');
  const customerId = own ?? q.customerId ?? null;
  if (q.accountId) {
    const account = await findAccountInScope(ctx.db, q.accountId, customerId);
    if (!account) throw notFound('Account');
    return { customerId: account.customerId, accountId: account.id, name: `${account.customerName} — ${account.name}` };
  }
  if (!customerId) return { customerId: null, accountId: null, name: 'All customers' };
  const name = await repo.customerName(ctx.db, customerId);
  if (!name) throw notFound('Customer');
  return { customerId, accountId: null, name };
}

/** The caller's time zone: a user's own setting (users.timezone); API keys and jobs: UTC. */
export async function reportTimeZone(ctx: Ctx): Promise<string> {
  if (ctx.actor?.type !== 'user') return 'UTC';
  const zone = await repo.userTimeZone(ctx.db, ctx.actor.userId);
  return zone && isKnownTimeZone(zone) ? zone : 'UTC';
}

// ---- the report ----

/** [from, until) instants of a period's days in its zone (for tables keyed by time, not day). */
function periodSpan(p: ReportPeriod): repo.TimeRange {
  const instants = dayRange(p.startDate, p.endDate, p.timeZone);
  return { from: instants.from as Date, until: instants.until as Date };
}

/** The small figures of a scope over a period and the previous one (numbers, porting, opt-outs, invoices' Other). */
function smallFigures(ctx: Ctx, scope: repo.ReportScope, p: ReportPeriod) {
  return repo.smallFigures(
    ctx.db,
    scope,
    periodSpan(p),
    { from: p.startDate, to: p.endDate },
    { from: p.previousStartDate, to: p.previousEndDate },
  );
}

export type ServiceShare = TReport['overview']['breakdown'][number];
const BREAKDOWN: ServiceShare['service'][] = ['SMS', 'Voice', 'Numbers', 'Other'];

/**
 * The Overview's Service Breakdown (and the customer dashboard's Service Shares): each included
 * service's spend in the period (the rollups' revenue: usage, and the numbers' prorated fees) and
 * Other (invoice lines besides usage and number fees, repo.smallFigures), with shares of their
 * total that add up to exactly 100 (0 each when nothing was spent).
 */
export function serviceBreakdown(usage: Record<Service, Usage>, other: number, included: Set<Service>): ServiceShare[] {
  const costs = [...SERVICES.map((s) => (included.has(s) ? money(usage[s].revenue) : 0)), money(other)];
  const percents = shares(costs);
  return BREAKDOWN.map((service, i) => ({ service, cost: costs[i] as number, percent: percents[i] as number }));
}

export interface ReportOptions {
  /** The moment the period is measured from (tests pin it); default now. */
  now?: Date;
  /** The zone whose days the period counts (default: the caller's). */
  timeZone?: string;
}

/**
 * Every figure of the Reports screens for the caller's scope and period. After the caller's zone
 * (and the named customer or account) are known, a handful of queries run together: the rollups
 * of the period and the previous one in one pass (repo.usageBuckets), the newest days for a long
 * period's Usage Detail, the small figures (numbers, porting, opt-outs, invoices' Other), the
 * Most Active Number's bounded sample, and for staff (and jobs) the status components.
 */
export async function buildReport(ctx: Ctx, q: TReportQuery, opts: ReportOptions = {}): Promise<TReport> {
  const now = opts.now ?? new Date();
  const [scope, timeZone] = await Promise.all([
    resolveReportScope(ctx, q),
    opts.timeZone && isKnownTimeZone(opts.timeZone) ? opts.timeZone : reportTimeZone(ctx),
  ]);
  const p = resolvePeriod(q, now, timeZone);
  const staff = !isCustomerSide(ctx);
  const span = periodSpan(p);
  const included = new Set(INCLUDED[q.service]);
  const [usage, latestDays, small, activity, health] = await Promise.all([
    usageFigures(ctx.db, scope, p, included),
    // daily buckets hold the Usage Detail's days already
    p.bucket === 'month' ? repo.latestDays(ctx.db, scope, { from: p.startDate, to: p.endDate }, DETAIL_ROWS) : null,
    smallFigures(ctx, scope, p),
    repo.numberActivity(ctx.db, scope, span),
    staff ? systemHealth(ctx, now) : null,
  ]);
  const { rows: periodRows, current: cur, previous: prev } = usage;
  const { porting, optOuts, numbersByType } = small;
  // Other is no service's: only the unfiltered report shows it
  const other =
    q.service === 'all'
      ? { current: small.other, previous: small.previousOther, byMonth: small.otherByMonth }
      : { current: 0, previous: 0, byMonth: [] };

  const breakdown = serviceBreakdown(cur, other.current, included);
  const totalSpend = trend(
    money(breakdown.reduce((s, b) => s + b.cost, 0)),
    money(serviceBreakdown(prev, other.previous, included).reduce((s, b) => s + b.cost, 0)),
  );

  const sms = cur.SMS;
  const voice = cur.Voice;
  const activeNumbers = numbersByType.reduce((s, r) => s + r.count, 0);
  const typeShares = shares(numbersByType.map((r) => r.count));

  return {
    period: {
      period: p.period,
      label: p.label,
      startDate: p.startDate,
      endDate: p.endDate,
      previousStartDate: p.previousStartDate,
      previousEndDate: p.previousEndDate,
      timeZone: p.timeZone,
      days: p.days,
    },
    service: q.service,
    scope: scope.name,
    bucket: p.bucket,
    series: usage.series,
    overview: {
      totalSpend,
      smsDeliveryRate: trend(deliveryRate(sms), deliveryRate(prev.SMS)),
      voiceAsr: trend(asr(voice), asr(prev.Voice)),
      averageLatency: trend(latency(sms), latency(prev.SMS)),
      breakdown,
      usageDetail: usageDetail(latestDays ?? dayTotals(periodRows), included),
    },
    sms: {
      messagesSent: trend(sms.sent, prev.SMS.sent),
      smsCosts: trend(money(sms.revenue), money(prev.SMS.revenue)),
      deliveryRate: trend(deliveryRate(sms), deliveryRate(prev.SMS)),
      averageLatency: trend(latency(sms), latency(prev.SMS)),
      delivered: sms.delivered,
      deliveredPercent: percent(sms.delivered, sms.sent),
      failed: sms.failed,
      failedPercent: percent(sms.failed, sms.sent),
      optOutRate: percent(optOuts, sms.delivered),
      optOuts,
      conversionRate: percent(sms.inbound, sms.delivered),
      inbound: sms.inbound,
      segments: sms.units,
    },
    voice: {
      callsCompleted: trend(voice.succeeded, prev.Voice.succeeded),
      callDuration: trend(minutes(voice), minutes(prev.Voice)),
      voiceCosts: trend(money(voice.revenue), money(prev.Voice.revenue)),
      answerSuccessRate: trend(asr(voice), asr(prev.Voice)),
      averageCallTime: voice.succeeded > 0 ? one(voice.units / voice.succeeded) : 0,
      failedCalls: voice.failed,
      internationalCalls: voice.international,
      inboundCalls: voice.inbound,
      totalCalls: voice.volume,
    },
    numbers: {
      activeNumbers,
      monthlyFees: money(numbersByType.reduce((s, r) => s + r.fees, 0)),
      numberCosts: trend(money(cur.Numbers.revenue), money(prev.Numbers.revenue)),
      utilization: activeNumbers > 0 ? Math.min(100, percent(activity?.used ?? 0, activeNumbers)) : 0,
      portingInProgress: porting,
      mostActiveNumber: activity ? { number: activity.number, activity: activity.activity } : null,
      byType: numbersByType.map((r, i) => ({
        type: NUMBER_TYPE_NAMES[r.type] ?? r.type,
        count: r.count,
        percent: typeShares[i] as number,
      })),
    },
    analytics:
      staff && health
        ? analytics({
            rows: periodRows,
            p,
            included,
            cur,
            breakdown,
            otherByMonth: other.byMonth,
            optOutRate: percent(optOuts, sms.delivered),
            health,
          })
        : null,
  };
}

export interface ServiceUsage {
  volume: number;
  succeeded: number;
  failed: number;
  cost: number;
  daily: { day: string; volume: number }[];
}

/** What the customer dashboard's Usage Overview shows: this month's usage per service and the last 30 days per day. */
export interface CompanyUsage {
  /** SMS: outbound messages (the report's Messages Sent), those delivered, those failed, their cost. */
  sms: ServiceUsage;
  /** Voice: calls (the report's Total Calls), those completed, those failed, their cost. */
  voice: ServiceUsage;
  /** All this month costs: usage, number fees and invoiced services (the report's Total Spend, the shares' total). */
  spend: number;
  /** This month's Service Breakdown: the report's of This Month. */
  serviceShares: ServiceShare[];
  /** This Month's days in the caller's zone: the period of the totals and the shares. */
  month: { startDate: string; endDate: string; timeZone: string };
}

/**
 * The caller's company's usage, computed as the Reports page computes it (usageFigures behind
 * buildReport): this month's totals and Service Breakdown (serviceBreakdown over the same
 * usageFigures and smallFigures) are the report of This Month, the daily volumes the series of
 * Last 30 Days, all in the caller's time zone. The customer dashboard's Usage Overview and
 * Service Shares show them, so they and the Reports page agree (outbound messages, never the
 * replies received).
 */
export async function companyUsage(ctx: Ctx, opts: ReportOptions = {}): Promise<CompanyUsage> {
  const customerId = ownCustomer(ctx);
  if (!customerId) throw notFound('Company');
  const now = opts.now ?? new Date();
  const timeZone = opts.timeZone && isKnownTimeZone(opts.timeZone) ? opts.timeZone : await reportTimeZone(ctx);
  const scope = { customerId, accountId: null };
  const all = new Set(SERVICES);
  const thisMonth = resolvePeriod({ period: 'thisMonth' }, now, timeZone);
  const [month, days, small] = await Promise.all([
    usageFigures(ctx.db, scope, thisMonth, all),
    usageFigures(ctx.db, scope, resolvePeriod({ period: '30days' }, now, timeZone), all),
    smallFigures(ctx, scope, thisMonth),
  ]);
  const { SMS: sms, Voice: voice, Numbers: numbers } = month.current;
  const summary = (u: Usage, volume: number, succeeded: number, daily: (p: TReportPoint) => number): ServiceUsage => ({
    volume,
    succeeded,
    failed: u.failed,
    cost: money(u.revenue),
    daily: days.series.map((p) => ({ day: p.date, volume: daily(p) })),
  });
  return {
    sms: summary(sms, sms.sent, sms.delivered, (p) => p.smsSent),
    voice: summary(voice, voice.volume, voice.succeeded, (p) => p.calls),
    spend: money(money(sms.revenue) + money(voice.revenue) + money(numbers.revenue) + money(small.other)),
    serviceShares: serviceBreakdown(month.current, small.other, all),
    month: { startDate: thisMonth.startDate, endDate: thisMonth.endDate, timeZone },
  };
}
