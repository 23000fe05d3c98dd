import { SERVICE_COMPONENTS } from '@portal/contract/support';
import { describe, expect, it } from 'vitest';
import { accounts, customers, usageDaily } from '../src/db/schema/index.ts';
import { buildReport } from '../src/domains/reports/service.ts';
import { reportsTestWorld, WEEK } from './reports-world.ts';

/** Reports: the staff's analytics variant over the hand-made data set of reports-world.ts. */

const { db, rc, staffCtx } = await reportsTestWorld();
/** The test customer's Voice row of the analytics detail over the week. */
const rcVoice = {
  id: `${rc.id}-Voice`,
  customerId: rc.id,
  customer: 'Reports Test Co',
  service: 'Voice',
  volume: 30,
  revenue: 2,
  asr: 83.3,
  date: '2026-03-07',
};

describe('the analytics variant (staff)', () => {
  it("computes one customer's revenue, detail, totals, top customers and regions", async () => {
    const r = await buildReport(staffCtx, { ...WEEK, period: 'custom', service: 'all', customerId: rc.id });
    const a = r.analytics;
    if (!a) throw new Error('no analytics');
    // usage 4.40 and Other 25.00 (the invoices issued in the week)
    expect(a.revenueGrowth).toEqual([{ month: '2026-03', revenue: 29.4, growth: null }]);
    expect(a.revenueByService).toEqual(r.overview.breakdown);
    expect(a.detail).toEqual([
      rcVoice,
      {
        id: `${rc.id}-SMS`,
        customerId: rc.id,
        customer: 'Reports Test Co',
        service: 'SMS',
        volume: 190,
        revenue: 1.35,
        asr: 90.6,
        date: '2026-03-05',
      },
      // numbers held on an average day: 35 number-days over 7 days
      {
        id: `${rc.id}-Numbers`,
        customerId: rc.id,
        customer: 'Reports Test Co',
        service: 'Numbers',
        volume: 5,
        revenue: 1.05,
        asr: null,
        date: '2026-03-07',
      },
    ]);
    expect(a.usageTotals).toEqual({ messages: 190, calls: 30, minutes: 40, numbers: 5 });
    expect(a.topCustomers).toEqual([{ customerId: rc.id, customer: 'Reports Test Co', revenue: 4.4, share: 100 }]);
    expect(a.optOutRate).toBe(1.4);
    expect(a.byRegion).toEqual([{ region: 'OR', customers: 1, calls: 30, asr: 83.3, messages: 190, deliveryRate: 90.6, revenue: 4.4 }]);
    expect(a.systemHealth.map((h) => h.serviceName)).toEqual([...SERVICE_COMPONENTS]);
    for (const h of a.systemHealth) {
      expect(h.uptime).toBeGreaterThanOrEqual(0);
      expect(h.uptime).toBeLessThanOrEqual(100);
    }
  });

  it('shows revenue growth month over month', async () => {
    const r = await buildReport(staffCtx, {
      period: 'custom',
      startDate: '2026-02-22',
      endDate: '2026-03-07',
      service: 'all',
      customerId: rc.id,
    });
    // February: usage 1.70 and Other 10.00 (INV-9101-2, issued 02/23); March: 4.40 and 25.00: +151.3 %
    expect(r.analytics?.revenueGrowth).toEqual([
      { month: '2026-02', revenue: 11.7, growth: null },
      { month: '2026-03', revenue: 29.4, growth: 151.3 },
    ]);
    // the months add up to the Total Revenue
    expect(r.overview.totalSpend.value).toBe(41.1);
  });

  it("a month's revenue is the sum of its revenue per service, Other included", async () => {
    const march = { period: 'custom', startDate: '2026-03-01', endDate: '2026-03-31', customerId: rc.id } as const;
    const r = await buildReport(staffCtx, { ...march, service: 'all' });
    const a = r.analytics;
    if (!a) throw new Error('no analytics');
    // SMS 1.35 + 7.00 (March 8), Voice 2.00, Numbers 1.05, Other 25.00
    expect(a.revenueByService.map((s) => [s.service, s.cost])).toEqual([
      ['SMS', 8.35],
      ['Voice', 2],
      ['Numbers', 1.05],
      ['Other', 25],
    ]);
    const services = a.revenueByService.reduce((sum, s) => sum + s.cost, 0);
    expect(a.revenueGrowth).toEqual([{ month: '2026-03', revenue: 36.4, growth: null }]);
    expect(a.revenueGrowth[0]?.revenue).toBeCloseTo(services, 6);
    expect(r.overview.totalSpend.value).toBe(36.4);
    // one service: its own revenue (Other is no service's)
    const voice = await buildReport(staffCtx, { ...march, service: 'voice' });
    expect(voice.analytics?.revenueGrowth).toEqual([{ month: '2026-03', revenue: 2, growth: null }]);
    expect(voice.analytics?.revenueByService.find((s) => s.service === 'Voice')?.cost).toBe(2);
  });

  it("puts the customer among all customers' figures, with its region; a deleted customer's are left out", async () => {
    const [northern, gone] = await db
      .insert(customers)
      .values([
        {
          customerCode: 'CUST-9102',
          name: 'Northern Co',
          email: 'n@example.com',
          phone: '+14165550100',
          address: '1 Bay St',
          state: 'ON',
          country: 'Canada',
        },
        {
          customerCode: 'CUST-9103',
          name: 'Gone Co',
          email: 'g@example.com',
          phone: '+14165550101',
          address: '2 Bay St',
          country: 'Atlantis',
          deletedAt: new Date('2026-01-01T00:00:00Z'),
        },
      ])
      .returning();
    if (!northern || !gone) throw new Error('no customers');
    const [na, ga] = await db
      .insert(accounts)
      .values([
        { accountCode: 'ACC-9102-01', customerId: northern.id, name: 'North' },
        { accountCode: 'ACC-9103-01', customerId: gone.id, name: 'Gone' },
      ])
      .returning();
    if (!na || !ga) throw new Error('no accounts');
    await db.insert(usageDaily).values([
      {
        day: '2026-03-04',
        customerId: northern.id,
        accountId: na.id,
        service: 'Voice',
        volume: 4,
        succeeded: 2,
        failed: 2,
        units: 120,
        revenue: 0.8,
      },
      { day: '2026-03-04', customerId: gone.id, accountId: ga.id, service: 'Voice', volume: 50, succeeded: 50, units: 3000, revenue: 500 },
    ]);
    const r = await buildReport(staffCtx, { ...WEEK, period: 'custom', service: 'voice' });
    expect(r.analytics?.detail.filter((d) => d.customerId === northern.id)).toEqual([
      {
        id: `${northern.id}-Voice`,
        customerId: northern.id,
        customer: 'Northern Co',
        service: 'Voice',
        volume: 4,
        revenue: 0.8,
        asr: 50,
        date: '2026-03-04',
      },
    ]);
    expect(r.analytics?.byRegion.find((g) => g.region === 'Canada')).toEqual({
      region: 'Canada',
      customers: 1,
      calls: 4,
      asr: 50,
      messages: 0,
      deliveryRate: null,
      revenue: 0.8,
    });
    expect(r.analytics?.detail.some((d) => d.customerId === gone.id)).toBe(false);
    expect(r.analytics?.byRegion.some((g) => g.region === 'Atlantis')).toBe(false);
    expect(r.analytics?.topCustomers.some((c) => c.customerId === gone.id)).toBe(false);
    expect(r.scope).toBe('All customers');
    const mine = r.analytics?.detail.filter((d) => d.customerId === rc.id);
    expect(mine).toEqual([rcVoice]);
    const top = r.analytics?.topCustomers ?? [];
    expect(top.length).toBeLessThanOrEqual(5);
    expect(top.map((c) => c.revenue)).toEqual([...top.map((c) => c.revenue)].sort((x, y) => y - x));
  });
});
