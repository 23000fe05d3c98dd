/**
 * The usage figures of a report: the rollups of a scope over a period and the previous one
 * (repo.usageBuckets), what each row means (outbound SMS apart from inbound), the totals per
 * service, the charts' series and the Usage Detail. Both the Reports screens (buildReport) and
 * the customer dashboard's Usage Overview (companyUsage) read them through usageFigures.
 */
import type { TReportPoint, TUsageDetailRow } from '@portal/contract/reports';
import type { DbOrTx } from '../../db/client.ts';
import { money, one, percent, round } from './figures.ts';
import { bucketsOf, type ReportPeriod } from './periods.ts';
import * as repo from './repo.ts';

export type Service = repo.Service;
export const SERVICES: Service[] = ['SMS', 'Voice', 'Numbers'];
/** The most rows of the Usage Detail and of the analytics' detailed table. */
export const DETAIL_ROWS = 100;

type Row = repo.BucketUsage;

/** What a usage row means for the figures: outbound SMS apart from inbound (received messages count as succeeded). */
export interface Usage extends repo.UsageSums {
  /** SMS: outbound messages (volume less inbound). */
  sent: number;
  /** SMS: outbound messages delivered (succeeded less inbound). */
  delivered: number;
}

export const ZERO: Usage = {
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

export function usageOf(r: repo.UsageSums, service: Service): Usage {
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

export const add = (a: Usage, b: Usage): Usage => ({
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

export const deliveryRate = (u: Usage) => percent(u.delivered, u.delivered + u.failed);
export const asr = (u: Usage) => percent(u.succeeded, u.volume);
/** Seconds from sent to delivered, two decimals. */
export const latency = (u: Usage) => (u.latencyCount > 0 ? round(u.latencyMs / u.latencyCount / 1000, 2) : 0);
/** Billed minutes, one decimal (billed seconds come in whole increments). */
export const minutes = (u: Usage) => one(u.units / 60);
/** Numbers held on an average day of the period (a Numbers rollup's volume is the numbers held that day). */
export const numbersHeld = (u: Usage, days: number) => Math.round(u.volume / Math.max(1, days));

export interface UsageFigures {
  /** The period's rows (per customer, bucket and service), without the previous period's. */
  rows: Row[];
  /** Totals per service of the period and of the previous one. */
  current: Record<Service, Usage>;
  previous: Record<Service, Usage>;
  /** The charts' buckets, every bucket present, counting the included services only. */
  series: TReportPoint[];
}

/** The usage of a scope over a period and the previous one: one pass over the rollups (repo.usageBuckets). */
export async function usageFigures(db: DbOrTx, scope: repo.ReportScope, p: ReportPeriod, included: Set<Service>): Promise<UsageFigures> {
  const rows = await repo.usageBuckets(db, scope, {
    current: { from: p.startDate, to: p.endDate },
    previous: { from: p.previousStartDate, to: p.previousEndDate },
    bucketStarts: bucketsOf(p).map((b) => b.date),
  });
  const periodRows = rows.filter((r) => r.bucket !== repo.PREVIOUS);
  return { rows: periodRows, current: totals(rows, false), previous: totals(rows, true), series: series(periodRows, p, included) };
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
export function dayTotals(rows: Row[]): repo.DayUsage[] {
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
export function usageDetail(days: repo.DayUsage[], included: Set<Service>): TUsageDetailRow[] {
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
