import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, auditLog, customers, ipAddresses, trunkIps, trunks } from '../src/db/schema/index.ts';
import { as, createTestApp, signIn, type TestApp } from './helpers.ts';

let t: TestApp;
const cookies: Record<string, string> = {};
let acme: string;
let acmeAccount: { id: string; name: string };
let otherAccount: string;

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['admin', 'support', 'customer', 'user', 'other'] as const) cookies[who] = await signIn(t.app, who);
  const db = t.database.db;
  const [c] = await db.select({ id: customers.id }).from(customers).where(eq(customers.customerCode, 'CUST-1001'));
  const [o] = await db.select({ id: customers.id }).from(customers).where(eq(customers.customerCode, 'CUST-1002'));
  acme = c?.id as string;
  const [a] = await db
    .select({ id: accounts.id, name: accounts.name })
    .from(accounts)
    .where(and(eq(accounts.customerId, acme), isNull(accounts.deletedAt)))
    .orderBy(accounts.name)
    .limit(1);
  acmeAccount = a as { id: string; name: string };
  const [oa] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.customerId, o?.id as string))
    .limit(1);
  otherAccount = oa?.id as string;
});
afterAll(() => t?.close());

const call = (who: string | null, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  as(t.app, who ? (cookies[who] ?? null) : null, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) });

describe('trunks', () => {
  it("lists a customer's own trunks with their groups, filtered by search and status", async () => {
    const res = await call('customer', 'GET', '/api/voice/trunks?pageSize=100');
    expect(res.statusCode).toBe(200);
    const mine = await t.database.db.select().from(trunks).where(eq(trunks.customerId, acme));
    expect(res.json().total).toBe(mine.length);
    const first = res.json().items[0];
    expect(first.primaryGroup.length).toBeGreaterThan(0);
    const active = (await call('customer', 'GET', '/api/voice/trunks?status=Active&pageSize=100')).json();
    expect(active.total).toBe(mine.filter((x) => x.status === 'Active').length);
    const byIp = (await call('customer', 'GET', `/api/voice/trunks?search=${first.primaryGroup[0].ip}`)).json();
    expect(byIp.items.map((x: { id: string }) => x.id)).toContain(first.id);
    expect((await call('customer', 'GET', `/api/voice/trunks?accountId=${otherAccount}`)).statusCode).toBe(404);
    expect((await call('customer', 'GET', '/api/voice/trunks?status=Broken')).statusCode).toBe(400);
  });

  it('creates, edits the failover group and route strategy, and deletes a trunk', async () => {
    const created = await call('customer', 'POST', '/api/voice/trunks', {
      accountId: acmeAccount.id,
      trunkName: 'Test Trunk',
      primaryGroup: [{ ip: '203.0.113.200', name: 'Main SBC' }],
      failoverGroup: [],
    });
    expect(created.statusCode, created.body).toBe(201);
    const trunk = created.json();
    expect(trunk).toMatchObject({ trunkName: 'Test Trunk', routeStrategy: 'Round Robin', status: 'Active', failoverGroup: [] });

    const edit = await call('customer', 'PATCH', `/api/voice/trunks/${trunk.id}`, {
      failoverGroup: [
        { ip: '2001:db8::20', name: 'DR site' },
        { ip: '198.51.100.77', name: '' },
      ],
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().failoverGroup).toEqual([
      { ip: '2001:db8::20', name: 'DR site' },
      { ip: '198.51.100.77', name: null },
    ]);
    const strategy = await call('customer', 'PATCH', `/api/voice/trunks/${trunk.id}`, { routeStrategy: 'LCR' });
    expect(strategy.json().routeStrategy).toBe('LCR');
    const rows = await t.database.db.select().from(trunkIps).where(eq(trunkIps.trunkId, trunk.id));
    expect(rows.filter((r) => r.groupName === 'failover')).toHaveLength(2);

    expect((await call('user', 'DELETE', `/api/voice/trunks/${trunk.id}`)).statusCode).toBe(403);
    expect((await call('other', 'DELETE', `/api/voice/trunks/${trunk.id}`)).statusCode).toBe(404);
    expect((await call('customer', 'DELETE', `/api/voice/trunks/${trunk.id}`)).statusCode).toBe(200);
    expect(await t.database.db.select().from(trunks).where(eq(trunks.id, trunk.id))).toHaveLength(0);
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, trunk.id));
    expect(audits.map((a) => a.action).sort()).toEqual(['trunk.create', 'trunk.delete', 'trunk.update', 'trunk.update']);
  });

  it('refuses invalid and duplicate IPs with field errors', async () => {
    const [mine] = await t.database.db.select().from(trunks).where(eq(trunks.customerId, acme)).limit(1);
    const bad = await call('customer', 'PATCH', `/api/voice/trunks/${mine?.id}`, {
      failoverGroup: [{ ip: '300.1.1.1' }, { ip: '10.0.0.1' }, { ip: '10.0.0.1' }],
    });
    expect(bad.statusCode).toBe(400);
    const fields = bad.json().error.fields;
    expect(fields['failoverGroup.0.ip']).toBe('Enter a valid IPv4 or IPv6 address');
    expect(fields['failoverGroup.2.ip']).toBe('This IP address is already in the list');
    const [primary] = await t.database.db
      .select()
      .from(trunkIps)
      .where(and(eq(trunkIps.trunkId, mine?.id as string), eq(trunkIps.groupName, 'primary')));
    const shared = await call('customer', 'PATCH', `/api/voice/trunks/${mine?.id}`, { failoverGroup: [{ ip: primary?.ip }] });
    expect(shared.statusCode).toBe(400);
    expect(shared.json().error.fields['failoverGroup.0.ip']).toMatch(/both groups|primary group/);
    const empty = await call('customer', 'POST', '/api/voice/trunks', { accountId: otherAccount, trunkName: '', primaryGroup: [] });
    expect(Object.keys(empty.json().error.fields)).toEqual(expect.arrayContaining(['trunkName', 'primaryGroup']));
    const foreign = await call('customer', 'POST', '/api/voice/trunks', {
      accountId: otherAccount,
      trunkName: 'X',
      primaryGroup: [{ ip: '10.1.1.1' }],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.fields.accountId).toBeDefined();
    expect((await call('support', 'PATCH', `/api/voice/trunks/${mine?.id}`, { routeStrategy: 'LCR' })).statusCode).toBe(403);
  });
});

describe('382 Network IPs', () => {
  it('lists the scope with the type filter', async () => {
    const mine = await t.database.db.select().from(ipAddresses).where(eq(ipAddresses.customerId, acme));
    const all = (await call('customer', 'GET', '/api/voice/ips?pageSize=100')).json();
    expect(all.total).toBe(mine.length);
    const origination = (await call('customer', 'GET', '/api/voice/ips?type=Inbound&pageSize=100')).json();
    expect(origination.total).toBe(mine.filter((x) => x.type === 'Inbound').length);
    expect((await call('customer', 'GET', '/api/voice/ips?type=Sideways')).statusCode).toBe(400);
    expect((await call('other', 'GET', `/api/voice/ips?accountId=${acmeAccount.id}`)).statusCode).toBe(404);
  });

  it('gives the four fixed platform addresses', async () => {
    const res = (await call('user', 'GET', '/api/voice/platform-ips')).json();
    expect(res.items).toHaveLength(4);
  });
});

describe('channel allocation', () => {
  it('validates, persists and audits the max voice channels', async () => {
    const url = `/api/voice/accounts/${acmeAccount.id}/channels`;
    for (const bad of [0, -5, 'abc', 2.5]) {
      const res = await call('customer', 'PUT', url, { maxVoiceChannels: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields.maxVoiceChannels).toBe('Please enter a valid number of channels');
    }
    expect((await call('user', 'PUT', url, { maxVoiceChannels: 50 })).statusCode).toBe(403);
    expect((await call('other', 'PUT', url, { maxVoiceChannels: 50 })).statusCode).toBe(404);
    const ok = await call('customer', 'PUT', url, { maxVoiceChannels: 150 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().maxVoiceChannels).toBe(150);
    const [row] = await t.database.db.select().from(accounts).where(eq(accounts.id, acmeAccount.id));
    expect(row?.maxVoiceChannels).toBe(150);
    const listed = (await call('user', 'GET', '/api/voice/accounts')).json();
    expect(listed.items.find((a: { id: string }) => a.id === acmeAccount.id).maxVoiceChannels).toBe(150);
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'account.voice_channels'));
    expect(audit?.summary).toBe(`Max Voice Channels updated to 150 for account ${acmeAccount.name}`);
  });
});
