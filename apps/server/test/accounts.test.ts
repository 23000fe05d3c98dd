import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, auditLog, customers, phoneNumbers } from '../src/db/schema/index.ts';
import { as, createTestApp, signIn, type TestApp } from './helpers.ts';

let t: TestApp;
const cookies: Record<string, string> = {};
let acmeId: string;
let globexId: string;
let globexAccount: string;

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['admin', 'support', 'customer', 'user', 'other'] as const) cookies[who] = await signIn(t.app, who);
  const db = t.database.db;
  const [a] = await db.select({ id: customers.id }).from(customers).where(eq(customers.customerCode, 'CUST-1001'));
  const [g] = await db.select({ id: customers.id }).from(customers).where(eq(customers.customerCode, 'CUST-1002'));
  acmeId = a?.id as string;
  globexId = g?.id as string;
  const [ga] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.customerId, globexId)).limit(1);
  globexAccount = ga?.id as string;
});
afterAll(() => t?.close());

const req = (who: string | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  as(t.app, who ? (cookies[who] ?? null) : null, { method, url, payload: payload as never });

describe('account lists', () => {
  it("gives staff a customer's accounts with number counts", async () => {
    const res = await req('support', 'GET', `/api/accounts?customerId=${acmeId}&pageSize=50`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(6);
    const [first] = await t.database.db
      .select({ id: phoneNumbers.accountId })
      .from(phoneNumbers)
      .where(eq(phoneNumbers.customerId, acmeId))
      .limit(1);
    const withNumbers = body.items.find((a: { id: string }) => a.id === first?.id);
    expect(withNumbers.smsNumbers + withNumbers.voiceNumbers).toBeGreaterThan(0);
  });

  it("holds a customer user to their own company's accounts, whatever customerId says", async () => {
    const mine = (await req('user', 'GET', '/api/accounts?pageSize=10')).json();
    expect(mine.total).toBe(6);
    expect(mine.items.every((a: { customerId: string }) => a.customerId === acmeId)).toBe(true);
    const sneaky = (await req('user', 'GET', `/api/accounts?customerId=${globexId}`)).json();
    expect(sneaky.items.every((a: { customerId: string }) => a.customerId === acmeId)).toBe(true);
    const options = (await req('customer', 'GET', '/api/accounts/options')).json();
    expect(options).toHaveLength(6);
  });

  it('answers 400 for bad paging and 401 without a session', async () => {
    expect((await req('admin', 'GET', '/api/accounts?pageSize=13')).statusCode).toBe(400);
    expect((await req(null, 'GET', '/api/accounts')).statusCode).toBe(401);
  });
});

describe('account detail', () => {
  it('shows an account with its services and billing info', async () => {
    const res = await req('admin', 'GET', `/api/accounts/${globexAccount}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: globexAccount, customerId: globexId });
    expect(Array.isArray(res.json().services)).toBe(true);
  });

  it("answers 404 for another customer's account, never its data", async () => {
    const res = await req('customer', 'GET', `/api/accounts/${globexAccount}`);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Globex');
    expect(
      (await req('customer', 'PUT', `/api/accounts/${globexAccount}`, { name: 'x', status: 'active', maxVoiceChannels: 5 })).statusCode,
    ).toBe(404);
    expect((await req('customer', 'DELETE', `/api/accounts/${globexAccount}`)).statusCode).toBe(404);
  });
});

describe('account changes', () => {
  it('lets staff create an account with a generated account ID, then edit and delete it', async () => {
    const res = await req('admin', 'POST', '/api/accounts', { customerId: acmeId, name: 'Acme Test Line', status: 'pending' });
    expect(res.statusCode).toBe(201);
    const acc = res.json();
    expect(acc.accountId).toMatch(/^ACC-1001-\d{2}$/);
    expect(acc.maxVoiceChannels).toBe(100);
    const upd = await req('admin', 'PUT', `/api/accounts/${acc.id}`, {
      name: 'Acme Test Line 2',
      status: 'active',
      maxVoiceChannels: 40,
      useCustomerBilling: false,
      billingContactName: 'Pat Doe',
      billingContactEmail: 'pat@acme.example',
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.json().billingInfo).toMatchObject({ useCustomerBilling: false, contact: { name: 'Pat Doe' } });
    const svc = await req('admin', 'POST', `/api/admin/accounts/${acc.id}/services`, {
      name: 'SMS Pro',
      serviceType: 'SMS',
      monthlyCost: 49.5,
    });
    expect(svc.statusCode).toBe(201);
    const serviceId = svc.json().services[0].id;
    expect(
      (await req('customer', 'POST', `/api/admin/accounts/${acc.id}/services`, { name: 'x', serviceType: 'SMS', monthlyCost: 1 }))
        .statusCode,
    ).toBe(403);
    expect((await req('admin', 'DELETE', `/api/admin/accounts/${acc.id}/services/${serviceId}`)).json().services).toHaveLength(0);
    expect((await req('admin', 'DELETE', `/api/accounts/${acc.id}`)).statusCode).toBe(200);
    expect((await req('admin', 'GET', `/api/accounts/${acc.id}`)).statusCode).toBe(404);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, acc.id));
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['account.create', 'account.update', 'account.delete']));
  });

  it('gives a customer admin a sub-account with 30 voice channels in their own company', async () => {
    const res = await req('customer', 'POST', '/api/accounts', { customerId: globexId, name: 'Acme Sub', accountId: 'ACME-SUB-1' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ customerId: acmeId, accountId: 'ACME-SUB-1', maxVoiceChannels: 30, status: 'active' });
    const dup = await req('customer', 'POST', '/api/accounts', { name: 'Again', accountId: 'acme-sub-1' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.fields.accountId).toBeDefined();
  });

  it('validates: name required, account ID required for customers, channels at least 1, custom billing contact', async () => {
    const res = await req('customer', 'POST', '/api/accounts', { name: '', accountId: 'bad id!', maxVoiceChannels: 0 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({
      name: 'Account name is required',
      maxVoiceChannels: 'Please enter a valid number of channels',
    });
    expect(res.json().error.fields.accountId).toBeDefined();
    const noId = await req('customer', 'POST', '/api/accounts', { name: 'No id' });
    expect(noId.json().error.fields.accountId).toBe('Account ID is required');
    const billing = await req('admin', 'POST', '/api/accounts', { customerId: acmeId, name: 'B', useCustomerBilling: false });
    expect(billing.json().error.fields).toMatchObject({ billingContactName: 'Billing contact name is required' });
    const noCustomer = await req('admin', 'POST', '/api/accounts', { name: 'B' });
    expect(noCustomer.json().error.fields.customerId).toBe('Choose a customer');
  });

  it('refuses a customer User and Support any change (403)', async () => {
    const [own] = await t.database.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.customerId, acmeId)).limit(1);
    expect((await req('user', 'POST', '/api/accounts', { name: 'x', accountId: 'X-1' })).statusCode).toBe(403);
    expect((await req('user', 'PUT', `/api/accounts/${own?.id}`, { name: 'x', status: 'active', maxVoiceChannels: 3 })).statusCode).toBe(
      403,
    );
    expect((await req('user', 'DELETE', `/api/accounts/${own?.id}`)).statusCode).toBe(403);
    expect((await req('support', 'POST', '/api/accounts', { customerId: acmeId, name: 'x' })).statusCode).toBe(403);
  });

  it('will not delete an account that still holds numbers', async () => {
    const [held] = await t.database.db
      .select({ id: phoneNumbers.accountId })
      .from(phoneNumbers)
      .innerJoin(accounts, eq(accounts.id, phoneNumbers.accountId))
      .where(and(eq(phoneNumbers.customerId, acmeId), isNull(accounts.deletedAt)))
      .limit(1);
    const res = await req('customer', 'DELETE', `/api/accounts/${held?.id}`);
    expect(res.statusCode).toBe(409);
  });
});
