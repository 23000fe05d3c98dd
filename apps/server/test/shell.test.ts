import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, customers, invoices, notifications, users } from '../src/db/schema/index.ts';
import { as, signInAll } from './helpers.ts';
import { apiTestWorld } from './world.ts';

const { t, acme, globex: otherCo } = await apiTestWorld();
const cookies = await signInAll(t.app, ['admin', 'customer', 'user', 'other']);

const get = (who: string, url: string) => as(t.app, cookies[who] ?? null, { method: 'GET', url });
const post = (who: string, url: string) => as(t.app, cookies[who] ?? null, { method: 'POST', url });

async function openInvoices(customerId?: string) {
  const [row] = await t.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(invoices)
    .innerJoin(customers, eq(customers.id, invoices.customerId))
    .where(
      and(
        inArray(invoices.status, ['Due', 'Overdue']),
        isNull(customers.deletedAt),
        customerId ? eq(invoices.customerId, customerId) : undefined,
      ),
    );
  return row?.n ?? 0;
}

describe('shell summary', () => {
  it("counts the whole book's due and overdue invoices for staff", async () => {
    const res = await get('admin', '/api/shell/summary');
    expect(res.statusCode).toBe(200);
    expect(res.json().billingBadge).toBe(await openInvoices());
  });

  it("counts only the company's own invoices for a customer", async () => {
    const res = await get('customer', '/api/shell/summary');
    const expected = await openInvoices(acme.id);
    expect(expected).toBeGreaterThan(0);
    expect(res.json().billingBadge).toBe(expected);
    expect(res.json().billingBadge).toBeLessThan(await openInvoices());
  });
});

describe('breadcrumb names', () => {
  it('gives staff any customer and account name', async () => {
    expect((await get('admin', `/api/names/customers/${otherCo.id}`)).json()).toEqual({ id: otherCo.id, name: otherCo.name });
    const [acc] = await t.database.db
      .select({ id: accounts.id, name: accounts.name })
      .from(accounts)
      .where(eq(accounts.customerId, otherCo.id))
      .limit(1);
    expect((await get('admin', `/api/names/accounts/${acc?.id}`)).json()).toEqual(acc);
  });

  it("gives a customer its own names and 404 for another customer's records", async () => {
    expect((await get('customer', `/api/names/customers/${acme.id}`)).json()).toEqual({ id: acme.id, name: acme.name });
    const other = await get('customer', `/api/names/customers/${otherCo.id}`);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain(otherCo.name);
    const [acc] = await t.database.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.customerId, otherCo.id)).limit(1);
    expect((await get('customer', `/api/names/accounts/${acc?.id}`)).statusCode).toBe(404);
  });

  it('answers 404 for an id that is not a uuid (no such record, as for an unknown one)', async () => {
    for (const path of ['/api/names/customers/not-a-uuid', '/api/names/accounts/not-a-real-id!!']) {
      const res = await get('admin', path);
      expect(res.statusCode, path).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Record not found' } });
    }
  });
});

describe('notifications', () => {
  async function userId(email: string) {
    const [u] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    return u?.id as string;
  }

  it("lists only the caller's notifications with the unread count", async () => {
    const res = await get('customer', '/api/notifications?limit=50');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const mine = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, await userId('customer@example.com')));
    expect(body.items).toHaveLength(Math.min(50, mine.length));
    expect(body.unreadCount).toBe(mine.filter((n) => !n.readAt).length);
    expect(body.unreadCount).toBeGreaterThan(0);
    const times = body.items.map((n: { createdAt: string }) => n.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it("cannot mark another user's notification (404)", async () => {
    const [theirs] = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, await userId('other@example.com')))
      .limit(1);
    const res = await post('customer', `/api/notifications/${theirs?.id}/read`);
    expect(res.statusCode).toBe(404);
    const [after] = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.id, theirs?.id as string));
    expect(after?.readAt).toEqual(theirs?.readAt);
  });

  it('marks one read and unread', async () => {
    const list = (await get('user', '/api/notifications?unreadOnly=true')).json();
    const first = list.items[0];
    expect(first.read).toBe(false);
    expect((await post('user', `/api/notifications/${first.id}/read`)).statusCode).toBe(200);
    const after = (await get('user', '/api/notifications?limit=100')).json();
    expect(after.unreadCount).toBe(list.unreadCount - 1);
    expect(after.items.find((n: { id: string }) => n.id === first.id).read).toBe(true);
    await post('user', `/api/notifications/${first.id}/unread`);
    expect((await get('user', '/api/notifications')).json().unreadCount).toBe(list.unreadCount);
  });

  it('marks all read, which the shell summary reflects', async () => {
    expect((await get('admin', '/api/shell/summary')).json().unreadNotifications).toBeGreaterThan(0);
    expect((await post('admin', '/api/notifications/read-all')).statusCode).toBe(200);
    expect((await get('admin', '/api/shell/summary')).json().unreadNotifications).toBe(0);
    expect((await get('admin', '/api/notifications')).json().unreadCount).toBe(0);
    // Other users are untouched.
    expect((await get('other', '/api/notifications')).json().unreadCount).toBeGreaterThan(0);
  });
});
