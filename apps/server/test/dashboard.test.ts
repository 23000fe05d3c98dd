import type { TCustomerDashboard } from '@portal/contract/dashboard';
import type { TReport } from '@portal/contract/reports';
import { and, count, eq, gte, inArray, isNull, sql, sum } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, customers, invoices, phoneNumbers, tickets, users } from '../src/db/schema/index.ts';
import { as, signInAll } from './helpers.ts';
import { apiTestWorld } from './world.ts';

const { t } = await apiTestWorld();
const cookies = await signInAll(t.app, ['admin', 'support', 'customer', 'user']);

const get = (who: string | null, url: string) => as(t.app, who ? (cookies[who] ?? null) : null, { method: 'GET', url });
const post = (who: string, url: string, payload: object) => as(t.app, cookies[who] ?? null, { method: 'POST', url, payload });

describe('admin dashboard', () => {
  it('computes its tiles from the database', async () => {
    const res = await get('support', '/api/admin/dashboard');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.metrics.totalCustomers).toBe(20);
    const [open] = await t.database.db
      .select({ n: count() })
      .from(tickets)
      .innerJoin(customers, eq(customers.id, tickets.customerId))
      .where(and(inArray(tickets.status, ['open', 'in-progress', 'pending']), isNull(customers.deletedAt)));
    expect(body.metrics.supportTickets).toBe(open?.n);
    // Monthly Revenue: what was invoiced this month (invoices are issued on the 1st).
    const monthStart = `${new Date().toISOString().slice(0, 7)}-01`;
    const [billed] = await t.database.db
      .select({ total: sum(invoices.amount) })
      .from(invoices)
      .innerJoin(customers, eq(customers.id, invoices.customerId))
      .where(and(gte(invoices.issueDate, monthStart), isNull(customers.deletedAt)));
    expect(body.metrics.monthlyRevenue).toBeCloseTo(Number(billed?.total ?? 0), 2);
    expect(body.metrics.monthlyRevenue).toBeGreaterThan(1000);
    expect(body.activeAlerts).toBe(2);
    expect(body.uptime).toBeGreaterThan(99);
    expect(body.uptime).toBeLessThanOrEqual(100);
    expect(body.recentTickets.every((x: { status: string }) => ['open', 'in-progress', 'pending'].includes(x.status))).toBe(true);
  });

  it("lists the staff user's own recently accessed customers", async () => {
    const before = (await get('admin', '/api/admin/dashboard')).json().recentCustomers;
    const target = (await get('admin', '/api/admin/customers?search=CUST-1010')).json().items[0];
    await get('admin', `/api/admin/customers/${target.id}`);
    const after = (await get('admin', '/api/admin/dashboard')).json().recentCustomers;
    expect(after[0].id).toBe(target.id);
    expect(after[0].name).toBe(target.name);
    expect(after.length).toBeGreaterThanOrEqual(Math.min(before.length, 5));
  });

  it('refuses customers (403) and anonymous callers (401)', async () => {
    expect((await get('customer', '/api/admin/dashboard')).statusCode).toBe(403);
    expect((await get(null, '/api/admin/dashboard')).statusCode).toBe(401);
  });
});

describe('customer dashboard', () => {
  it("shows the caller's company only, with usage from the daily rollups", async () => {
    const res = await get('user', '/api/dashboard');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.companyName).toBe('Acme Communications Inc.');
    expect(body.metrics.activeSubAccounts).toBeGreaterThan(0);
    expect(body.usage.sms.daily).toHaveLength(30);
    expect(body.recentTickets.every((x: { customerName: string }) => x.customerName === 'Acme Communications Inc.')).toBe(true);
  });

  it("shows the company's numbers (active, by type, fees, added and released) instead of number-days", async () => {
    const body = (await get('customer', '/api/dashboard')).json();
    expect(body.usage.numbers).toBeUndefined();
    const acme = body.numbers;
    const rows = await t.database.db
      .select({
        id: phoneNumbers.id,
        type: phoneNumbers.type,
        status: phoneNumbers.status,
        fee: phoneNumbers.monthlyFee,
        customerId: phoneNumbers.customerId,
      })
      .from(phoneNumbers)
      .innerJoin(accounts, eq(accounts.id, phoneNumbers.accountId))
      .innerJoin(customers, eq(customers.id, phoneNumbers.customerId))
      .where(and(eq(customers.name, 'Acme Communications Inc.'), isNull(accounts.deletedAt)));
    const active = rows.filter((r) => r.status === 'Active');
    expect(acme.active).toBe(active.length);
    expect(acme.active).toBeGreaterThan(0);
    expect(acme.byType.reduce((n: number, x: { count: number }) => n + x.count, 0)).toBe(active.length);
    expect(acme.byType.map((x: { type: string }) => x.type)).toEqual(expect.arrayContaining(['Local (DID)']));
    expect(acme.monthlyFees).toBeCloseTo(
      active.reduce((n, r) => n + Number(r.fee), 0),
      2,
    );
    expect(acme.daily).toHaveLength(30);
    expect(acme.daily.at(-1).held).toBe(rows.length);

    // Releasing one number to the inventory and assigning one from it show in the figures and the last day.
    const gone = rows.find((r) => r.status === 'Active');
    expect((await post('customer', '/api/numbers/remove', { numberIds: [gone?.id] })).statusCode).toBe(200);
    const after = (await get('customer', '/api/dashboard')).json().numbers;
    expect(after.active).toBe(acme.active - 1);
    expect(after.released).toBe(acme.released + 1);
    expect(after.daily.at(-1).released).toBe(acme.daily.at(-1).released + 1);
    expect(after.daily.at(-1).held).toBe(rows.length - 1);
    const [account] = await t.database.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.customerId, gone?.customerId as string), isNull(accounts.deletedAt)))
      .limit(1);
    expect((await post('admin', '/api/numbers/assign', { numberIds: [gone?.id], accountId: account?.id })).statusCode).toBe(200);
    const again = (await get('customer', '/api/dashboard')).json().numbers;
    expect(again.active).toBe(acme.active);
    expect(again.added).toBe(acme.added + 1);
    // the day before today held what it held before both changes
    expect(again.daily.at(-2).held).toBe(acme.daily.at(-2).held);
  });

  it("shows the Reports page's figures: This Month's outbound messages and calls, Last 30 Days per day", async () => {
    const [dash, month, days] = await Promise.all([
      get('customer', '/api/dashboard').then((r) => r.json<TCustomerDashboard>()),
      get('customer', '/api/reports?period=thisMonth').then((r) => r.json<TReport>()),
      get('customer', '/api/reports?period=30days').then((r) => r.json<TReport>()),
    ]);
    expect(month.period.timeZone).toBe('America/New_York');
    const { sms, voice } = dash.usage;
    expect(sms).toMatchObject({
      volume: month.sms.messagesSent.value,
      succeeded: month.sms.delivered,
      failed: month.sms.failed,
      cost: month.sms.smsCosts.value,
    });
    expect(voice).toMatchObject({
      volume: month.voice.totalCalls,
      succeeded: month.voice.callsCompleted.value,
      failed: month.voice.failedCalls,
      cost: month.voice.voiceCosts.value,
    });
    expect(sms.daily).toEqual(days.series.map((p) => ({ day: p.date, volume: p.smsSent })));
    expect(voice.daily).toEqual(days.series.map((p) => ({ day: p.date, volume: p.calls })));
    expect(sms.daily.reduce((n, d) => n + d.volume, 0)).toBe(days.sms.messagesSent.value);
    expect(sms.daily.some((d) => d.volume > 0)).toBe(true);
    // everything this month costs, Other (invoiced services) included: the report's Total Spend, the card's Total
    const spend = month.overview.breakdown.reduce((n, b) => n + b.cost, 0);
    expect(dash.metrics.monthToDateSpend).toBeCloseTo(spend, 6);
    expect(dash.metrics.monthToDateSpend).toBeCloseTo(month.overview.totalSpend.value, 6);
  });

  it("shows the Reports Overview's Service Breakdown of This Month as its service shares", async () => {
    const [dash, month] = await Promise.all([
      get('customer', '/api/dashboard').then((r) => r.json<TCustomerDashboard>()),
      get('customer', '/api/reports?period=thisMonth').then((r) => r.json<TReport>()),
    ]);
    expect(dash.month).toEqual({ startDate: month.period.startDate, endDate: month.period.endDate, timeZone: 'America/New_York' });
    expect(dash.serviceShares).toEqual(month.overview.breakdown.map((b) => ({ service: b.service, amount: b.cost, percent: b.percent })));
    expect(dash.serviceShares.map((s) => s.service)).toEqual(['SMS', 'Voice', 'Numbers', 'Other']);
    const total = dash.serviceShares.reduce((n, s) => n + s.amount, 0);
    expect(total).toBeCloseTo(month.overview.totalSpend.value, 6);
    // the seed's month has spend: the shares add up to 100
    expect(total).toBeGreaterThan(0);
    expect(Math.abs(dash.serviceShares.reduce((n, s) => n + s.percent, 0) - 100)).toBeLessThanOrEqual(0.1);
    for (const s of dash.serviceShares) expect(s.percent).toBeCloseTo((s.amount / total) * 100, 0);
  });

  it('counts messages sent, not the replies received', async () => {
    const token = (await post('admin', '/api/platform-tokens', { name: 'Dashboard test' })).json().token as string;
    const [number] = await t.database.db
      .select({ number: phoneNumbers.number })
      .from(phoneNumbers)
      .innerJoin(accounts, eq(accounts.id, phoneNumbers.accountId))
      .innerJoin(users, eq(users.customerId, phoneNumbers.customerId))
      .where(and(eq(users.email, 'customer@example.com'), isNull(accounts.deletedAt), sql`'SMS' = ANY(${phoneNumbers.features})`))
      .limit(1);
    // yesterday noon in New York (the user's zone): a day of both the month so far (unless today is the 1st) and the last 30 days
    const yesterday = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date(Date.now() - 86_400_000));
    const figures = async () => ({
      dashboard: (await get('customer', '/api/dashboard')).json<TCustomerDashboard>().usage.sms,
      report: (await get('customer', '/api/reports?period=30days')).json<TReport>().sms,
    });
    const before = await figures();
    const received = await t.app.inject({
      method: 'POST',
      url: '/ingest/v1/inbound-messages',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        messages: [
          {
            messageId: `dash-${Date.now()}`,
            from: '+12025550148',
            to: number?.number,
            body: 'Thanks',
            receivedAt: `${yesterday}T16:00:00Z`,
          },
        ],
      },
    });
    expect(received.json(), received.body).toMatchObject({ accepted: 1 });
    const after = await figures();
    expect(after.report.inbound).toBe(before.report.inbound + 1);
    expect(after.report.messagesSent.value).toBe(before.report.messagesSent.value);
    // (a reply costs what it costs: SMS Costs count it, on both screens)
    const { cost: _costAfter, ...sent } = after.dashboard;
    const { cost: _costBefore, ...sentBefore } = before.dashboard;
    expect(sent).toEqual(sentBefore);
  });

  it('refuses staff (403)', async () => {
    expect((await get('admin', '/api/dashboard')).statusCode).toBe(403);
  });
});
