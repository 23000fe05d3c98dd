import type { TReport, TReportAnalytics, TReportPoint, TReportQuery, TTrend, TUsageDetailRow } from '@portal/contract/reports';
import { type Ctx, isCustomerSide, ownCustomer } from '../../lib/context.ts';
import { dayRange } from '../../lib/cursor.ts';
import { notFound } from '../../lib/errors.ts';
import { findAccountInScope } from '../../lib/list-scope.ts';
import { statusTiles } from '../support/service.ts';
import { bucketsOf, isKnownTimeZone, monthStart, type ReportPeriod, resolvePeriod } from './periods.ts';
import * as repo from './repo.ts';

type Service = repo.Service;
const SERVICES: Service[] = ['SMS', 'Voice', 'Numbers'];
const INCLUDED: Record<TReportQuery['service'], Service[]> = {
  all: SERVICES,
  sms: ['SMS'],
  voice: ['Voice'],
  numbers: ['Numbers'],
};
/** How the Numbers tab names the number types (the spec's usage by type). */
const NUMBER_TYPE_NAMES: Record<string, string> = { DID: 'Local', TFN: 'Toll-Free' };
/** The most rows of the Usage Detail and of the analytics' detailed table. */
export const DETAIL_ROWS = 100;
const TOP_CUSTOMERS = 5;
const UPTIME_DAYS = 30;
const DAY_MS = 86_400_000;

// ---- rounding: money to cents, percentages and other ratios to one decimal ----

const round = (x: number, places: number) => {
  const f = 10 ** places;
  return Math.round((x + Math.sign(x) * Number.EPSILON) * f) / f;
};
const money = (x: number) => round(x, 2);
const one = (x: number) => round(x, 1);
/** a / b as a percentage (one decimal); 0 when b is 0. */
const percent = (a: number, b: number) => (b > 0 ? one((a / b) * 100) : 0);

/** A figure with its previous value and the change in percent (one decimal; null when the previous was 0). */
export function trend(value: number, previous: number): TTrend {
  return { value, previous, change: previous === 0 ? null : one(((value - previous) / Math.abs(previous)) * 100) };
}

/**
 * Shares of a total in percent with one decimal that add up to exactly 100 (largest remainder:
 * the tenths lost to rounding down go to the largest remainders); all 0 when the total is 0.
 */
export function shares(values: number[]): number[] {
  const total = values.reduce((s, v) => s + Math.max(0, v), 0);
  if (total <= 0) return values.map(() => 0);
  const exact = values.map((v) => (Math.max(0, v) / total) * 1000);
  const floors = exact.map(Math.floor);
  let left = 1000 - floors.reduce((s, v) => s + v, 0);
  const order = exact.map((v, i) => ({ i, rest: v - Math.floor(v) })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    floors[i] = (floors[i] as number) + 1;
    left--;
  }
  return floors.map((t) => t / 10);
}

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

// ---- usage rows ----

type Row = repo.BucketUsage;

/** What a usage row means for the figures: outbound SMS apart from inbound (received messages count as succeeded). */
interface Usage extends repo.UsageSums {
  /** SMS: outbound messages (volume less inbound). */
  sent: number;
  /** SMS: outbound messages delivered (succeeded less inbound). */
  delivered: number;
}

const ZERO: Usage = {
  volume: 0,
  succeeded: 0,
  failed: 0,
  units: 0,
  revenue: 0,
  inbound: 0,
  international: 0,
  latencyMs: 0,
  latencyCount: 0,
  sent: 0,
  delivered: 0,
};

function usageOf(r: repo.UsageSums, service: Service): Usage {
  const sms = service === 'SMS';
  return {
    volume: r.volume,
    succeeded: r.succeeded,
    failed: r.failed,
    units: r.units,
    revenue: r.revenue,
    inbound: r.inbound,
    international: r.international,
    latencyMs: r.latencyMs,
    latencyCount: r.latencyCount,
    sent: sms ? Math.max(0, r.volume - r.inbound) : 0,
    delivered: sms ? Math.max(0, r.succeeded - r.inbound) : 0,
  };
}

const add = (a: Usage, b: Usage): Usage => ({
  volume: a.volume + b.volume,
  succeeded: a.succeeded + b.succeeded,
  failed: a.failed + b.failed,
  units: a.units + b.units,
  revenue: a.revenue + b.revenue,
  inbound: a.inbound + b.inbound,
  international: a.international + b.international,
  latencyMs: a.latencyMs + b.latencyMs,
  latencyCount: a.latencyCount + b.latencyCount,
  sent: a.sent + b.sent,
  delivered: a.delivered + b.delivered,
});

/** The rows' totals per service: the period's, or (previous) the previous period's. */
function totals(rows: Row[], previous: boolean): Record<Service, Usage> {
  const t: Record<Service, Usage> = { SMS: ZERO, Voice: ZERO, Numbers: ZERO };
  for (const r of rows) if ((r.bucket === repo.PREVIOUS) === previous) t[r.service] = add(t[r.service], usageOf(r, r.service));
  return t;
}

const deliveryRate = (u: Usage) => percent(u.delivered, u.delivered + u.failed);
const asr = (u: Usage) => percent(u.succeeded, u.volume);
/** Seconds from sent to delivered, two decimals. */
const latency = (u: Usage) => (u.latencyCount > 0 ? round(u.latencyMs / u.latencyCount / 1000, 2) : 0);
/** Billed minutes, one decimal (billed seconds come in whole increments). */
const minutes = (u: Usage) => one(u.units / 60);
/** Numbers held on an average day of the period (a Numbers rollup's volume is the numbers held that day). */
const numbersHeld = (u: Usage, days: number) => Math.round(u.volume / Math.max(1, days));

// ---- the report ----

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
  const instants = dayRange(p.startDate, p.endDate, timeZone);
  const span = { from: instants.from as Date, until: instants.until as Date };
  const current = { from: p.startDate, to: p.endDate };
  const previous = { from: p.previousStartDate, to: p.previousEndDate };
  const [rows, latestDays, small, activity, health] = await Promise.all([
    repo.usageBuckets(ctx.db, scope, { current, previous, bucketStarts: bucketsOf(p).map((b) => b.date) }),
    // daily buckets hold the Usage Detail's days already
    p.bucket === 'month' ? repo.latestDays(ctx.db, scope, current, DETAIL_ROWS) : null,
    repo.smallFigures(ctx.db, scope, span, current, previous),
    repo.numberActivity(ctx.db, scope, span),
    staff ? systemHealth(ctx, now) : null,
  ]);
  const periodRows = rows.filter((r) => r.bucket !== repo.PREVIOUS);
  const { porting, optOuts, numbersByType } = small;
  // Other is no service's: only the unfiltered report shows it
  const other = q.service === 'all' ? { current: small.other, previous: small.previousOther } : { current: 0, previous: 0 };

  const included = new Set(INCLUDED[q.service]);
  const cur = totals(rows, false);
  const prev = totals(rows, true);
  const spend = (t: Record<Service, Usage>) => SERVICES.map((s) => (included.has(s) ? money(t[s].revenue) : 0));

  const breakdownCosts = [...spend(cur), money(other.current)];
  const breakdownShares = shares(breakdownCosts);
  const breakdown = (['SMS', 'Voice', 'Numbers', 'Other'] as const).map((service, i) => ({
    service,
    cost: breakdownCosts[i] as number,
    percent: breakdownShares[i] as number,
  }));
  const totalSpend = trend(
    money(breakdownCosts.reduce((s, c) => s + c, 0)),
    money([...spend(prev), other.previous].reduce((s, c) => s + c, 0)),
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
    series: series(periodRows, p, included),
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
        ? analytics({ rows: periodRows, p, included, cur, breakdown, optOutRate: percent(optOuts, sms.delivered), health })
        : null,
  };
}

/** The charts' buckets (days, or months for long periods) of the period, every bucket present. */
function series(rows: Row[], p: ReportPeriod, included: Set<Service>): TReportPoint[] {
  const points = new Map<string, TReportPoint>();
  for (const b of bucketsOf(p)) {
    points.set(b.date, {
      date: b.date,
      endDate: b.endDate,
      smsSent: 0,
      smsDelivered: 0,
      smsFailed: 0,
      calls: 0,
      callsCompleted: 0,
      callsFailed: 0,
      cost: 0,
      smsCost: 0,
      voiceCost: 0,
      numbersCost: 0,
    });
  }
  for (const r of rows) {
    if (!included.has(r.service)) continue;
    const point = points.get(r.bucket);
    if (!point) continue;
    const u = usageOf(r, r.service);
    if (r.service === 'SMS') {
      point.smsSent += u.sent;
      point.smsDelivered += u.delivered;
      point.smsFailed += u.failed;
      point.smsCost += u.revenue;
    } else if (r.service === 'Voice') {
      point.calls += u.volume;
      point.callsCompleted += u.succeeded;
      point.callsFailed += u.failed;
      point.voiceCost += u.revenue;
    } else {
      point.numbersCost += u.revenue;
    }
  }
  return [...points.values()].map((pt) => {
    const [smsCost, voiceCost, numbersCost] = [money(pt.smsCost), money(pt.voiceCost), money(pt.numbersCost)];
    return { ...pt, smsCost, voiceCost, numbersCost, cost: money(smsCost + voiceCost + numbersCost) };
  });
}

/** Daily buckets summed over the customers: a row per day and service. */
function dayTotals(rows: Row[]): repo.DayUsage[] {
  const days = new Map<string, repo.DayUsage>();
  for (const r of rows) {
    const key = `${r.bucket}-${r.service}`;
    const d = days.get(key) ?? { day: r.bucket, service: r.service, volume: 0, failed: 0, revenue: 0 };
    d.volume += r.volume;
    d.failed += r.failed;
    d.revenue += r.revenue;
    days.set(key, d);
  }
  return [...days.values()];
}

/** One row per service and day with usage, newest first (SMS, Voice, Numbers within a day). */
function usageDetail(days: repo.DayUsage[], included: Set<Service>): TUsageDetailRow[] {
  return days
    .filter((r) => included.has(r.service) && (r.volume > 0 || r.revenue > 0))
    .sort((a, b) => (a.day < b.day ? 1 : a.day > b.day ? -1 : SERVICES.indexOf(a.service) - SERVICES.indexOf(b.service)))
    .slice(0, DETAIL_ROWS)
    .map((r) => ({
      id: `${r.day}-${r.service}`,
      service: r.service,
      date: r.day,
      volume: r.volume,
      cost: money(r.revenue),
      status: r.failed > 0 ? 'Partial' : 'Completed',
    }));
}

/** A customer's usage of a service over the period. */
interface CustomerRow extends Usage {
  customerId: string;
  customer: string;
  state: string;
  country: string;
  service: Service;
  lastDay: string | null;
}

function perCustomer(rows: Row[]): CustomerRow[] {
  const out = new Map<string, CustomerRow>();
  for (const r of rows) {
    const key = `${r.customerId}-${r.service}`;
    const c = out.get(key);
    const u = usageOf(r, r.service);
    if (!c) {
      out.set(key, {
        ...u,
        customerId: r.customerId,
        customer: r.customer,
        state: r.state,
        country: r.country,
        service: r.service,
        lastDay: r.lastDay,
      });
      continue;
    }
    Object.assign(c, add(c, u));
    if (r.lastDay && (!c.lastDay || r.lastDay > c.lastDay)) c.lastDay = r.lastDay;
  }
  return [...out.values()];
}

/** Region of a customer: the state for the United States, else the country. */
const regionOf = (c: Pick<CustomerRow, 'state' | 'country'>) =>
  (c.country === 'United States' || !c.country) && c.state ? c.state : c.country || 'Unknown';

function analytics(a: {
  rows: Row[];
  p: ReportPeriod;
  included: Set<Service>;
  cur: Record<Service, Usage>;
  breakdown: TReportAnalytics['revenueByService'];
  optOutRate: number;
  health: TReportAnalytics['systemHealth'];
}): TReportAnalytics {
  const { p, included } = a;
  // revenue per calendar month of the period (the first and last may be partial)
  const months = new Map<string, number>();
  for (let m = monthStart(p.startDate); m <= p.endDate; m = monthStart(m, 1)) months.set(m.slice(0, 7), 0);
  for (const r of a.rows) {
    if (!included.has(r.service)) continue;
    const key = r.bucket.slice(0, 7);
    months.set(key, (months.get(key) ?? 0) + r.revenue);
  }
  let before: number | null = null;
  const revenueGrowth = [...months.entries()].map(([month, total]) => {
    const revenue = money(total);
    const growth = before === null || before === 0 ? null : one(((revenue - before) / before) * 100);
    before = revenue;
    return { month, revenue, growth };
  });

  const customersUsage = perCustomer(a.rows);
  const rows = customersUsage.filter((r) => included.has(r.service));
  const detail = rows
    .filter((r) => r.volume > 0 || r.revenue > 0)
    .map((u) => ({
      id: `${u.customerId}-${u.service}`,
      customerId: u.customerId,
      customer: u.customer,
      service: u.service,
      volume: u.service === 'Numbers' ? numbersHeld(u, p.days) : u.volume,
      revenue: money(u.revenue),
      asr:
        u.service === 'Voice' ? (u.volume > 0 ? asr(u) : null) : u.service === 'SMS' && u.delivered + u.failed > 0 ? deliveryRate(u) : null,
      date: u.lastDay ?? p.endDate,
    }))
    .sort(
      (x, y) => y.revenue - x.revenue || x.customer.localeCompare(y.customer) || SERVICES.indexOf(x.service) - SERVICES.indexOf(y.service),
    );

  const book = new Map<string, { customerId: string; customer: string; revenue: number }>();
  for (const r of rows) {
    const c = book.get(r.customerId) ?? { customerId: r.customerId, customer: r.customer, revenue: 0 };
    c.revenue += r.revenue;
    book.set(r.customerId, c);
  }
  const total = [...book.values()].reduce((s, c) => s + c.revenue, 0);
  const topCustomers = [...book.values()]
    .filter((c) => c.revenue > 0)
    .sort((x, y) => y.revenue - x.revenue || x.customer.localeCompare(y.customer))
    .slice(0, TOP_CUSTOMERS)
    .map((c) => ({ customerId: c.customerId, customer: c.customer, revenue: money(c.revenue), share: percent(c.revenue, total) }));

  const regions = new Map<string, { customers: Set<string>; voice: Usage; sms: Usage; revenue: number }>();
  for (const r of customersUsage) {
    const key = regionOf(r);
    const region = regions.get(key) ?? { customers: new Set<string>(), voice: ZERO, sms: ZERO, revenue: 0 };
    region.customers.add(r.customerId);
    if (r.service === 'Voice') region.voice = add(region.voice, r);
    if (r.service === 'SMS') region.sms = add(region.sms, r);
    if (included.has(r.service)) region.revenue += r.revenue;
    regions.set(key, region);
  }
  const byRegion = [...regions.entries()]
    .map(([region, r]) => ({
      region,
      customers: r.customers.size,
      calls: r.voice.volume,
      asr: r.voice.volume > 0 ? asr(r.voice) : null,
      messages: r.sms.volume,
      deliveryRate: r.sms.delivered + r.sms.failed > 0 ? deliveryRate(r.sms) : null,
      revenue: money(r.revenue),
    }))
    .sort((x, y) => y.revenue - x.revenue || x.region.localeCompare(y.region));

  const { cur } = a;
  return {
    revenueGrowth,
    revenueByService: a.breakdown,
    detail: detail.slice(0, DETAIL_ROWS),
    usageTotals: {
      messages: included.has('SMS') ? cur.SMS.volume : 0,
      calls: included.has('Voice') ? cur.Voice.volume : 0,
      minutes: included.has('Voice') ? Math.round(cur.Voice.units / 60) : 0,
      numbers: included.has('Numbers') ? numbersHeld(cur.Numbers, p.days) : 0,
    },
    topCustomers,
    optOutRate: a.optOutRate,
    byRegion,
    systemHealth: a.health,
  };
}

/**
 * The status page's components now (support's tiles), each with its availability over the last
 * 30 days: the share of the window outside its incidents (two decimals, rounded down).
 */
async function systemHealth(ctx: Ctx, now: Date): Promise<TReportAnalytics['systemHealth']> {
  const since = new Date(now.getTime() - UPTIME_DAYS * DAY_MS);
  const [tiles, incidents] = await Promise.all([statusTiles(ctx), repo.incidentsSince(ctx.db, since)]);
  const window = now.getTime() - since.getTime();
  return tiles.map((t) => {
    const down = incidents
      .filter((i) => i.serviceName === t.serviceName)
      .reduce((sum, i) => {
        const start = Math.max(i.startedAt.getTime(), since.getTime());
        const end = Math.min((i.resolvedAt ?? now).getTime(), now.getTime());
        return sum + Math.max(0, end - start);
      }, 0);
    return { serviceName: t.serviceName, status: t.status, uptime: Math.floor(Math.min(1, Math.max(0, 1 - down / window)) * 10_000) / 100 };
  });
}
