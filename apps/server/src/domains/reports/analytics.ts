/**
 * The staff's analytics variant of a report: revenue growth per month, the detailed table per
 * customer and service, usage totals, the top customers, performance by region and the system
 * health grid. Computed from the same usage rows as the rest of the report (usage.ts).
 */
import type { TReportAnalytics } from '@portal/contract/reports';
import type { Ctx } from '../../lib/context.ts';
import { downtimeSince, statusTiles } from '../support/service.ts';
import { money, one, percent } from './figures.ts';
import { monthStart, type ReportPeriod } from './periods.ts';
import type * as repo from './repo.ts';
import { add, asr, DETAIL_ROWS, deliveryRate, numbersHeld, SERVICES, type Service, type Usage, usageOf, ZERO } from './usage.ts';

const TOP_CUSTOMERS = 5;
const UPTIME_DAYS = 30;
const DAY_MS = 86_400_000;

type Row = repo.BucketUsage;

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

/**
 * Revenue per calendar month of the period (the first and last may be partial): the included
 * services' usage and number fees of the rollups, plus Other (what the month's invoices billed
 * besides them), so that a month's revenue is the sum of its revenue per service.
 */
function revenueGrowth(rows: Row[], p: ReportPeriod, included: Set<Service>, otherByMonth: repo.MonthAmount[]) {
  const months = new Map<string, number>();
  for (let m = monthStart(p.startDate); m <= p.endDate; m = monthStart(m, 1)) months.set(m.slice(0, 7), 0);
  for (const r of rows) {
    if (!included.has(r.service)) continue;
    const key = r.bucket.slice(0, 7);
    months.set(key, (months.get(key) ?? 0) + r.revenue);
  }
  for (const o of otherByMonth) months.set(o.month, (months.get(o.month) ?? 0) + o.amount);
  let before: number | null = null;
  return [...months.entries()].map(([month, total]) => {
    const revenue = money(total);
    const growth = before === null || before === 0 ? null : one(((revenue - before) / before) * 100);
    before = revenue;
    return { month, revenue, growth };
  });
}

export function analytics(a: {
  rows: Row[];
  p: ReportPeriod;
  included: Set<Service>;
  cur: Record<Service, Usage>;
  breakdown: TReportAnalytics['revenueByService'];
  /** Other per month of the period (empty when a service is chosen: Other is no service's). */
  otherByMonth: repo.MonthAmount[];
  optOutRate: number;
  health: TReportAnalytics['systemHealth'];
}): TReportAnalytics {
  const { p, included } = a;
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
    revenueGrowth: revenueGrowth(a.rows, p, included, a.otherByMonth),
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
export async function systemHealth(ctx: Ctx, now: Date): Promise<TReportAnalytics['systemHealth']> {
  const since = new Date(now.getTime() - UPTIME_DAYS * DAY_MS);
  const [tiles, downtime] = await Promise.all([statusTiles(ctx), downtimeSince(ctx, since, now)]);
  const window = now.getTime() - since.getTime();
  return tiles.map((t) => {
    const down = downtime.get(t.serviceName) ?? 0;
    return { serviceName: t.serviceName, status: t.status, uptime: Math.floor(Math.min(1, Math.max(0, 1 - down / window)) * 10_000) / 100 };
  });
}
