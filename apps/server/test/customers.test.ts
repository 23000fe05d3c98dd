import { CUSTOMER_STATUSES } from '@portal/contract/customers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, auditLog, phoneNumbers, recentCustomers, sessions, users } from '../src/db/schema/index.ts';
import { as, login, signIn, signInAll, TEST_PASSWORD } from './helpers.ts';
import { apiTestWorld } from './world.ts';

const { t, acme, globex } = await apiTestWorld();
const cookies = await signInAll(t.app, ['admin', 'support', 'customer', 'user']);

const req = (who: string | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  as(t.app, who ? (cookies[who] ?? null) : null, { method, url, payload: payload as never });

const validBody = {
  name: 'Zenith Test Corp',
  email: 'ops@zenith.example',
  phone: '+1 (212) 555-0199',
  address: '1 Test Plaza',
  city: 'New York',
  state: 'NY',
  zipCode: '10001',
  country: 'United States',
  status: 'active',
  accountManagerId: null,
};

describe('customer list', () => {
  it('pages, counts and sorts the whole book', async () => {
    const res = await req('admin', 'GET', '/api/admin/customers?pageSize=10&sort=name&dir=asc');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(20);
    expect(body.items).toHaveLength(10);
    const names = body.items.map((c: { name: string }) => c.name.toLowerCase());
    expect([...names].sort()).toEqual(names);
    const page2 = (await req('admin', 'GET', '/api/admin/customers?pageSize=10&page=2&sort=name')).json();
    expect(page2.items.map((c: { id: string }) => c.id)).not.toContain(body.items[0].id);
  });

  it('filters by name or customer ID, status and revenue band', async () => {
    const byName = (await req('admin', 'GET', '/api/admin/customers?search=acme')).json();
    expect(byName.items.map((c: { id: string }) => c.id)).toContain(acme.id);
    const byCode = (await req('admin', 'GET', '/api/admin/customers?search=CUST-1002')).json();
    expect(byCode.items).toHaveLength(1);
    expect(byCode.items[0].name).toBe(globex.name);
    const suspended = (await req('admin', 'GET', '/api/admin/customers?status=suspended&pageSize=100')).json();
    expect(suspended.items.every((c: { status: string }) => c.status === 'suspended')).toBe(true);
    // Every status of the contract filters, Inactive included (the seed has inactive customers).
    for (const status of CUSTOMER_STATUSES) {
      const filtered = (await req('admin', 'GET', `/api/admin/customers?status=${status}&pageSize=100`)).json();
      expect(filtered.total, status).toBeGreaterThan(0);
      expect(filtered.items.every((c: { status: string }) => c.status === status)).toBe(true);
    }
    const rich = (await req('admin', 'GET', '/api/admin/customers?revenue=100k-plus&pageSize=100')).json();
    expect(rich.total).toBeGreaterThan(0);
    expect(rich.items.every((c: { revenue: number }) => c.revenue >= 100_000)).toBe(true);
    const none = (await req('admin', 'GET', '/api/admin/customers?search=zz-no-such')).json();
    expect(none).toMatchObject({ items: [], total: 0 });
  });

  it('answers 400 with field errors for a bad filter, sort or page size', async () => {
    const res = await req('admin', 'GET', '/api/admin/customers?status=gone&sort=password&pageSize=7');
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toEqual(expect.arrayContaining(['status', 'sort', 'pageSize']));
  });

  it('refuses customer sessions (403) and anonymous callers (401)', async () => {
    expect((await req('customer', 'GET', '/api/admin/customers')).statusCode).toBe(403);
    expect((await req('user', 'GET', '/api/admin/customers')).statusCode).toBe(403);
    expect((await req(null, 'GET', '/api/admin/customers')).statusCode).toBe(401);
  });
});

describe('suggestions', () => {
  it('suggests customers by name, prefix matches first, limited', async () => {
    const res = await req('support', 'GET', '/api/admin/customers/suggestions?q=ac&limit=3');
    expect(res.statusCode).toBe(200);
    const items = res.json();
    expect(items.length).toBeLessThanOrEqual(3);
    expect(items[0].name).toBe(acme.name);
  });

  it('needs a query', async () => {
    expect((await req('admin', 'GET', '/api/admin/customers/suggestions?q=')).statusCode).toBe(400);
  });
});

describe('customer detail and changes', () => {
  it('shows a customer and records it as recently accessed', async () => {
    const res = await req('admin', 'GET', `/api/admin/customers/${acme.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: acme.id, customerId: 'CUST-1001', name: acme.name });
    const [admin] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@example.com'));
    const recent = await t.database.db
      .select()
      .from(recentCustomers)
      .where(eq(recentCustomers.userId, admin?.id as string));
    const mine = recent.find((r) => r.customerId === acme.id);
    expect(Date.now() - (mine?.accessedAt.getTime() ?? 0)).toBeLessThan(60_000);
  });

  it('answers 404 for an unknown customer and for an id that cannot be one', async () => {
    expect((await req('admin', 'GET', '/api/admin/customers/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    for (const bad of ['nope', 'not-a-real-id!!', '%%%']) {
      const res = await req('admin', 'GET', `/api/admin/customers/${encodeURIComponent(bad)}`);
      expect(res.statusCode, bad).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
  });

  it('creates a customer with the next customer ID and an audit entry', async () => {
    const res = await req('admin', 'POST', '/api/admin/customers', validBody);
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created.customerId).toBe('CUST-1021');
    // the phone as typed, stored in E.164
    expect(created.phone).toBe('+12125550199');
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, created.id));
    expect(audit.map((a) => a.action)).toContain('customer.create');
  });

  it('refuses bad input with field errors and nothing written', async () => {
    const res = await req('admin', 'POST', '/api/admin/customers', { ...validBody, name: ' ', email: 'nope', phone: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({ name: 'Company name is required', email: 'Email address is invalid' });
    expect(res.json().error.fields.phone).toBeDefined();
    const bogusManager = await req('admin', 'POST', '/api/admin/customers', { ...validBody, accountManagerId: acme.id });
    expect(bogusManager.statusCode).toBe(400);
    expect(bogusManager.json().error.fields.accountManagerId).toBeDefined();
  });

  it('lets only Admin and Account Manager change customers', async () => {
    expect((await req('support', 'POST', '/api/admin/customers', validBody)).statusCode).toBe(403);
    expect((await req('customer', 'PUT', `/api/admin/customers/${acme.id}`, validBody)).statusCode).toBe(403);
  });

  it('updates the company profile with an account manager from staff', async () => {
    const staff = (await req('admin', 'GET', '/api/admin/staff-options')).json();
    const manager = staff.find((s: { role: string }) => s.role === 'Account Manager');
    const res = await req('admin', 'PUT', `/api/admin/customers/${globex.id}`, {
      ...validBody,
      name: 'Globex Logistics LLC',
      accountManagerId: manager.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().accountManager.id).toBe(manager.id);
    expect(res.json().email).toBe(validBody.email);
  });
});

describe('notes, activity and network', () => {
  it('adds a note and shows it with the activity log', async () => {
    const add = await req('admin', 'POST', `/api/admin/customers/${acme.id}/notes`, { body: 'Called about renewal.' });
    expect(add.statusCode).toBe(201);
    const notes = (await req('admin', 'GET', `/api/admin/customers/${acme.id}/notes`)).json();
    expect(notes[0].body).toBe('Called about renewal.');
    const activity = (await req('support', 'GET', `/api/admin/customers/${acme.id}/activity`)).json();
    expect(activity.some((a: { action: string }) => a.action === 'customer.note_add')).toBe(true);
    expect((await req('admin', 'POST', `/api/admin/customers/${acme.id}/notes`, { body: '' })).json().error.fields.body).toBe(
      'Note is required',
    );
    expect((await req('support', 'POST', `/api/admin/customers/${acme.id}/notes`, { body: 'x' })).statusCode).toBe(403);
  });

  it("lists the customer's IP addresses", async () => {
    const res = await req('admin', 'GET', `/api/admin/customers/${acme.id}/ip-addresses`);
    expect(res.statusCode).toBe(200);
    expect(res.json().length).toBeGreaterThan(0);
    expect(['Inbound', 'Outbound']).toContain(res.json()[0].type);
  });
});

describe('impersonation', () => {
  it('opens the customer portal as the first admin and exits back to staff, audit-logged', async () => {
    const am = await signIn(t.app, 'admin');
    const res = await as(t.app, am, { method: 'POST', url: `/api/admin/customers/${acme.id}/impersonate` });
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'portal_sid');
    const session = `portal_sid=${cookie?.value}`;
    const me = (await as(t.app, session, { method: 'GET', url: '/api/auth/session' })).json().user;
    expect(me.kind).toBe('customer');
    expect(me.customerId).toBe(acme.id);
    expect(me.impersonatedBy.name).toBeTruthy();
    // The old staff session is over.
    expect((await as(t.app, am, { method: 'GET', url: '/api/admin/customers' })).statusCode).toBe(401);
    const exit = await as(t.app, session, { method: 'POST', url: '/api/auth/impersonation/exit' });
    expect(exit.statusCode).toBe(200);
    // Exit returns to the detail page of the customer the staff user viewed, not the admin home.
    expect(exit.json().redirectTo).toBe(`/admin/customers/${acme.id}`);
    const back = `portal_sid=${exit.cookies.find((c) => c.name === 'portal_sid')?.value}`;
    expect((await as(t.app, back, { method: 'GET', url: '/api/auth/session' })).json().user.kind).toBe('staff');
    expect((await as(t.app, session, { method: 'GET', url: '/api/auth/session' })).json().user).toBeNull();
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.customerId, acme.id));
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['auth.impersonation_start', 'auth.impersonation_exit']));
  });

  it('is refused to Support (403) and to customers, and exit needs an impersonation', async () => {
    expect((await req('support', 'POST', `/api/admin/customers/${acme.id}/impersonate`)).statusCode).toBe(403);
    expect((await req('customer', 'POST', `/api/admin/customers/${acme.id}/impersonate`)).statusCode).toBe(403);
    expect((await req('customer', 'POST', '/api/auth/impersonation/exit')).statusCode).toBe(400);
    expect((await req('admin', 'POST', '/api/admin/customers/00000000-0000-4000-8000-000000000000/impersonate')).statusCode).toBe(404);
  });
});

describe('delete', () => {
  it('soft-deletes: the customer and its accounts leave every list, its users cannot sign in', async () => {
    const target = (await req('admin', 'GET', '/api/admin/customers?search=CUST-1003')).json().items[0];
    const [member] = await t.database.db.select().from(users).where(eq(users.customerId, target.id)).limit(1);
    const memberLogin = await login(t.app, member?.email as string, 'customer', TEST_PASSWORD);
    expect(memberLogin.statusCode).toBe(200);
    expect((await req('support', 'DELETE', `/api/admin/customers/${target.id}`)).statusCode).toBe(403);
    // a customer that holds numbers is refused, like an account, and its numbers stay where they are
    const held = await t.database.db.select({ id: phoneNumbers.id }).from(phoneNumbers).where(eq(phoneNumbers.customerId, target.id));
    expect(held.length).toBeGreaterThan(0);
    const refused = await req('admin', 'DELETE', `/api/admin/customers/${target.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      `${target.name} still holds ${held.length} phone number${held.length === 1 ? '' : 's'}. Move or remove them before deleting the customer.`,
    );
    expect((await req('admin', 'GET', `/api/admin/customers/${target.id}`)).statusCode).toBe(200);
    const numbers = (await req('admin', 'GET', `/api/numbers?customerId=${target.id}&pageSize=100`)).json();
    expect(numbers.total).toBe(held.length);
    // released to the inventory, the customer can go
    const released = await req('admin', 'POST', '/api/numbers/remove', { numberIds: held.map((n) => n.id) });
    expect(released.statusCode).toBe(200);
    const res = await req('admin', 'DELETE', `/api/admin/customers/${target.id}`);
    expect(res.statusCode).toBe(200);
    const inventory = await t.database.db
      .select()
      .from(phoneNumbers)
      .where(eq(phoneNumbers.id, held[0]?.id as string));
    expect(inventory[0]?.customerId).toBeNull();
    expect((await req('admin', 'GET', `/api/admin/customers/${target.id}`)).statusCode).toBe(404);
    expect((await req('admin', 'GET', '/api/admin/customers?search=CUST-1003')).json().total).toBe(0);
    const accs = (await req('admin', 'GET', `/api/accounts?customerId=${target.id}`)).json();
    expect(accs.total).toBe(0);
    const [acc] = await t.database.db.select().from(accounts).where(eq(accounts.customerId, target.id)).limit(1);
    expect(acc?.deletedAt).not.toBeNull();
    expect((await login(t.app, member?.email as string, 'customer', TEST_PASSWORD)).statusCode).toBe(401);
    const left = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, member?.id as string));
    expect(left).toHaveLength(0);
    expect((await req('admin', 'DELETE', `/api/admin/customers/${target.id}`)).statusCode).toBe(404);
  });
});
