import { and, count, eq, gte, inArray, isNull, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, invoices, tickets } from '../src/db/schema/index.ts';
import { as, createTestApp, signIn, type TestApp } from './helpers.ts';

let t: TestApp;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['admin', 'support', 'customer', 'user'] as const) cookies[who] = await signIn(t.app, who);
});
afterAll(() => t?.close());

const get = (who: string | null, url: string) => as(t.app, who ? (cookies[who] ?? null) : null, { method: 'GET', url });

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

  it('refuses staff (403)', async () => {
    expect((await get('admin', '/api/dashboard')).statusCode).toBe(403);
  });
});
