import { INVALID_CHANNELS, MAX_VOICE_CHANNELS_LIMIT, STAFF_ONLY_STATUS } from '@portal/contract/accounts';
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, auditLog, phoneNumbers } from '../src/db/schema/index.ts';
import { as, signInAll } from './helpers.ts';
import { apiTestWorld } from './world.ts';

const { t, db, acme, globex } = await apiTestWorld();
const cookies = await signInAll(t.app, ['admin', 'support', 'customer', 'user', 'other']);
const acmeId = acme.id;
const globexId = globex.id;
const [ga] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.customerId, globexId)).limit(1);
const globexAccount = ga?.id as string;

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

describe('accounts in scope (GET /api/accounts/options)', () => {
  type Option = { id: string; accountId: string; name: string; customerId: string; customerName: string };
  const options = async (who: string, query = '') => {
    const res = await req(who, 'GET', `/api/accounts/options${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Option[];
  };

  it("gives staff every customer's accounts or one customer's, with the customer's name", async () => {
    const all = await options('support');
    expect(new Set(all.map((a) => a.customerId)).size).toBeGreaterThan(1);
    const acme = await options('admin', `?customerId=${acmeId}`);
    expect(acme).toHaveLength(6);
    expect(acme.every((a) => a.customerId === acmeId && a.customerName.length > 0)).toBe(true);
  });

  it('searches every word in the account name, its ID and the customer name', async () => {
    const acme = await options('admin', `?customerId=${acmeId}`);
    const target = acme[acme.length - 1] as Option;
    const byName = await options('admin', `?q=${encodeURIComponent(target.name)}`);
    expect(byName.map((a) => a.id)).toContain(target.id);
    expect(
      byName.every(
        (a) =>
          a.name.toLowerCase().includes(target.name.toLowerCase()) ||
          a.customerName.toLowerCase().includes(target.name.toLowerCase()) ||
          a.accountId.toLowerCase().includes(target.name.toLowerCase()),
      ),
    ).toBe(true);
    const byCode = await options('admin', `?q=${encodeURIComponent(target.accountId)}`);
    expect(byCode.map((a) => a.id)).toEqual([target.id]);
    const words = await options('admin', `?q=${encodeURIComponent(`${target.customerName.split(' ')[0]} ${target.name}`)}`);
    expect(words.map((a) => a.id)).toContain(target.id);
    expect(await options('admin', '?q=zzz-no-such-account')).toEqual([]);
    expect(await options('admin', '?q=100%25')).toEqual([]);
  });

  it("holds a customer user to their own company's accounts", async () => {
    const mine = await options('user');
    expect(mine).toHaveLength(6);
    expect(mine.every((a) => a.customerId === acmeId)).toBe(true);
    const one = await options('user', `?accountId=${mine[0]?.id}`);
    expect(one.map((a) => a.id)).toEqual([mine[0]?.id]);
  });

  it('answers 404 for another tenant and never its accounts', async () => {
    const asked = await req('user', 'GET', `/api/accounts/options?customerId=${globexId}`);
    expect(asked.statusCode).toBe(404);
    expect(asked.body).not.toContain(globexAccount);
    const other = await req('other', 'GET', `/api/accounts/options?accountId=${(await options('user'))[0]?.id}`);
    expect(other.statusCode).toBe(404);
    expect((await req('user', 'GET', `/api/accounts/options?accountId=${globexAccount}`)).statusCode).toBe(404);
    expect((await options('other')).every((a) => a.customerId !== acmeId)).toBe(true);
  });

  it('answers 400 with field errors for bad input and 401 without a session', async () => {
    const bad = await req('admin', 'GET', '/api/accounts/options?customerId=nope&limit=0');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields ?? {})).toEqual(expect.arrayContaining(['customerId', 'limit']));
    expect((await req('admin', 'GET', `/api/accounts/options?q=${'x'.repeat(101)}`)).statusCode).toBe(400);
    expect((await req(null, 'GET', '/api/accounts/options')).statusCode).toBe(401);
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

  it('keeps statuses beyond active/inactive to staff: a customer Admin neither sets nor lifts them', async () => {
    for (const status of ['suspended', 'cancelled']) {
      const res = await req('customer', 'POST', '/api/accounts', { name: 'Status test', accountId: `ACME-ST-${status}`, status });
      expect(res.statusCode, status).toBe(400);
      expect(res.json().error.fields.status).toBe(STAFF_ONLY_STATUS);
    }
    const created = await req('customer', 'POST', '/api/accounts', { name: 'Status test', accountId: 'ACME-ST-1' });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    const put = (who: string, status: string, name = 'Status test') =>
      req(who, 'PUT', `/api/accounts/${id}`, { name, status, maxVoiceChannels: 30 });
    expect((await put('customer', 'inactive')).statusCode).toBe(200);
    expect((await put('customer', 'active')).statusCode).toBe(200);
    expect((await put('customer', 'pending')).json().error.fields.status).toBe(STAFF_ONLY_STATUS);
    expect((await put('admin', 'suspended')).statusCode).toBe(200);
    const lift = await put('customer', 'active');
    expect(lift.statusCode).toBe(400);
    expect(lift.json().error.fields.status).toBe(STAFF_ONLY_STATUS);
    expect((await req('customer', 'GET', `/api/accounts/${id}`)).json().status).toBe('suspended');
    // other fields of a suspended account stay editable as long as the status is left as it is
    const renamed = await put('customer', 'suspended', 'Status test renamed');
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Status test renamed', status: 'suspended' });
    expect((await put('admin', 'cancelled')).statusCode).toBe(200);
  });

  it('applies one channel rule, whole numbers from 1 to 10,000, on the accounts and voice routes', async () => {
    const [own] = await t.database.db
      .select({ id: accounts.id, name: accounts.name })
      .from(accounts)
      .where(and(eq(accounts.customerId, acmeId), isNull(accounts.deletedAt)))
      .limit(1);
    const viaAccounts = (n: unknown, who = 'customer') =>
      req(who, 'PUT', `/api/accounts/${own?.id}`, { name: own?.name, status: 'active', maxVoiceChannels: n });
    const viaVoice = (n: unknown, who = 'customer') => req(who, 'PUT', `/api/voice/accounts/${own?.id}/channels`, { maxVoiceChannels: n });
    for (const bad of [1.5, '1.5', '15.', 0, -1, 10_001, 99_999, 100_000, '', '1e3', null]) {
      for (const [route, send] of [
        ['accounts', viaAccounts],
        ['voice', viaVoice],
      ] as const) {
        for (const who of ['customer', 'admin']) {
          const res = await send(bad, who);
          expect(res.statusCode, `${route} ${who} ${JSON.stringify(bad)}`).toBe(400);
          expect(res.json().error.fields.maxVoiceChannels).toBe(INVALID_CHANNELS);
        }
      }
    }
    expect((await viaVoice(MAX_VOICE_CHANNELS_LIMIT)).json().maxVoiceChannels).toBe(10_000);
    expect((await viaAccounts('250')).json().maxVoiceChannels).toBe(250);
  });
});
