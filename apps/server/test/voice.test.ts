import { IP_RULE_MESSAGES, NOT_PUBLIC_IP } from '@portal/contract/voice';
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { accounts, auditLog, ipAddresses, trunkIps, trunks } from '../src/db/schema/index.ts';
import { deactivateStaleIps } from '../src/domains/voice/service.ts';
import { systemCtx } from '../src/lib/context.ts';
import { as, signInAll } from './helpers.ts';
import { apiTestWorld } from './world.ts';

const world = await apiTestWorld();
const { t, db } = world;
const cookies = await signInAll(t.app, ['admin', 'support', 'customer', 'user', 'other']);
const acme = world.acme.id;
const [a] = await db
  .select({ id: accounts.id, name: accounts.name })
  .from(accounts)
  .where(and(eq(accounts.customerId, acme), isNull(accounts.deletedAt)))
  .orderBy(accounts.name)
  .limit(1);
const acmeAccount = a as { id: string; name: string };
const [oa] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.customerId, world.globex.id)).limit(1);
const otherAccount = oa?.id as string;

const register = (who: string, ipAddress: string, extra: Record<string, unknown> = {}) =>
  call(who, 'POST', '/api/voice/ips', { accountId: acmeAccount.id, ipAddress, type: 'Inbound', description: 'Test SBC', ...extra });

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
    for (const ip of ['2001:db8:ffff::200', '2001:db8::20', '2001:db8:ffff::77'])
      expect((await register('customer', ip)).statusCode).toBe(201);
    const created = await call('customer', 'POST', '/api/voice/trunks', {
      accountId: acmeAccount.id,
      trunkName: 'Test Trunk',
      primaryGroup: [{ ip: '2001:db8:ffff::200', name: 'Main SBC' }],
      failoverGroup: [],
    });
    expect(created.statusCode, created.body).toBe(201);
    const trunk = created.json();
    expect(trunk).toMatchObject({ trunkName: 'Test Trunk', routeStrategy: 'Round Robin', status: 'Active', failoverGroup: [] });

    const edit = await call('customer', 'PATCH', `/api/voice/trunks/${trunk.id}`, {
      failoverGroup: [
        { ip: '2001:db8::20', name: 'DR site' },
        { ip: '2001:db8:ffff::77', name: '' },
      ],
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().failoverGroup).toEqual([
      { ip: '2001:db8::20', name: 'DR site' },
      { ip: '2001:db8:ffff::77', name: null },
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
      failoverGroup: [{ ip: '300.1.1.1' }, { ip: '192.0.2.55' }, { ip: '192.0.2.55' }, { ip: '10.0.0.1' }],
    });
    expect(bad.statusCode).toBe(400);
    const fields = bad.json().error.fields;
    expect(fields['failoverGroup.0.ip']).toBe('Enter a valid IPv4 or IPv6 address');
    expect(fields['failoverGroup.2.ip']).toBe('This IP address is already in the list');
    expect(fields['failoverGroup.3.ip']).toBe(NOT_PUBLIC_IP);
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
      primaryGroup: [{ ip: '192.0.2.56' }],
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

  it('registers, describes and deactivates an address; an address belongs to one customer', async () => {
    const created = await register('customer', '2001:db8:ffff::90', { type: 'Outbound', description: 'Office firewall' });
    expect(created.statusCode, created.body).toBe(201);
    const ip = created.json();
    expect(ip).toMatchObject({ ipAddress: '2001:db8:ffff::90', type: 'Outbound', status: 'Active', description: 'Office firewall' });
    expect((await register('customer', '2001:db8:ffff::90')).json().error.fields.ipAddress).toBe(IP_RULE_MESSAGES.taken);
    // another customer cannot take it, on its own account or on ours
    const [otherAcc] = await t.database.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, otherAccount));
    const stolen = await call('other', 'POST', '/api/voice/ips', {
      accountId: otherAcc?.id,
      ipAddress: '2001:db8:ffff::90',
      type: 'Inbound',
    });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().error.fields.ipAddress).toBe(IP_RULE_MESSAGES.otherCustomer);
    expect(
      (await call('other', 'POST', '/api/voice/ips', { accountId: acmeAccount.id, ipAddress: '2001:db8:ffff::91', type: 'Inbound' }))
        .statusCode,
    ).toBe(400);
    // private, loopback, link-local and IPv4-mapped private addresses are refused
    for (const bad of ['10.0.0.1', '192.168.1.10', '127.0.0.1', '169.254.0.9', 'fe80::1', '::ffff:10.0.0.1', '100.64.0.1']) {
      const res = await register('customer', bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error.fields.ipAddress).toBe(NOT_PUBLIC_IP);
    }
    expect((await register('user', '2001:db8:ffff::92')).statusCode).toBe(403);
    expect((await register('customer', '2001:db8:ffff::93', { type: 'Sideways' })).statusCode).toBe(400);

    const described = await call('customer', 'PATCH', `/api/voice/ips/${ip.id}`, { description: 'HQ firewall', type: 'Inbound' });
    expect(described.json()).toMatchObject({ description: 'HQ firewall', type: 'Inbound', status: 'Active' });
    expect((await call('other', 'PATCH', `/api/voice/ips/${ip.id}`, { status: 'Inactive' })).statusCode).toBe(404);
    expect((await call('customer', 'PATCH', `/api/voice/ips/${ip.id}`, { status: 'Suspended' })).statusCode).toBe(400);
    const off = await call('customer', 'PATCH', `/api/voice/ips/${ip.id}`, { status: 'Inactive' });
    expect(off.json().status).toBe('Inactive');
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, ip.id));
    expect(audits.map((a) => a.action).sort()).toEqual(['ip.deactivate', 'ip.register', 'ip.update']);
  });

  it("lets trunks use only the customer's registered active addresses, each on one trunk", async () => {
    const trunk = (body: Record<string, unknown>) =>
      call('customer', 'POST', '/api/voice/trunks', { accountId: acmeAccount.id, trunkName: 'Rules', ...body });
    const fieldOf = async (body: Record<string, unknown>) => {
      const res = await trunk(body);
      expect(res.statusCode, res.body).toBe(400);
      return res.json().error.fields['primaryGroup.0.ip'];
    };
    expect(await fieldOf({ primaryGroup: [{ ip: '2001:db8:ffff::150' }] })).toBe(IP_RULE_MESSAGES.notRegistered);
    expect(await fieldOf({ primaryGroup: [{ ip: '10.0.0.1' }] })).toBe(NOT_PUBLIC_IP);
    // an address registered to another customer
    const [theirs] = await t.database.db.select().from(ipAddresses).where(eq(ipAddresses.accountId, otherAccount)).limit(1);
    if (theirs) expect(await fieldOf({ primaryGroup: [{ ip: theirs.ipAddress }] })).toBe(IP_RULE_MESSAGES.otherCustomer);
    // an inactive registration
    expect((await register('customer', '2001:db8:ffff::151')).statusCode).toBe(201);
    const [reg] = await t.database.db.select().from(ipAddresses).where(eq(ipAddresses.ipAddress, '2001:db8:ffff::151'));
    await call('customer', 'PATCH', `/api/voice/ips/${reg?.id}`, { status: 'Inactive' });
    expect(await fieldOf({ primaryGroup: [{ ip: '2001:db8:ffff::151' }] })).toBe(IP_RULE_MESSAGES.inactive);
    // an address already on another trunk (each IP is dedicated to one service)
    const [used] = await t.database.db
      .select({ ip: trunkIps.ip })
      .from(trunkIps)
      .innerJoin(trunks, eq(trunks.id, trunkIps.trunkId))
      .innerJoin(ipAddresses, eq(ipAddresses.ipAddress, trunkIps.ip))
      .where(and(eq(trunks.customerId, acme), eq(ipAddresses.status, 'Active')))
      .limit(1);
    expect(await fieldOf({ primaryGroup: [{ ip: used?.ip }] })).toBe(IP_RULE_MESSAGES.onOtherTrunk);
    // a registered active address of the customer is accepted, and counts as used
    expect((await register('customer', '2001:db8:ffff::152')).statusCode).toBe(201);
    const ok = await trunk({ primaryGroup: [{ ip: '2001:db8:ffff::152' }] });
    expect(ok.statusCode, ok.body).toBe(201);
    const [touched] = await t.database.db.select().from(ipAddresses).where(eq(ipAddresses.ipAddress, '2001:db8:ffff::152'));
    expect(touched?.lastUsedAt).not.toBeNull();
    // the same trunk may keep its own address when another field changes
    const renamed = await call('customer', 'PATCH', `/api/voice/trunks/${ok.json().id}`, {
      trunkName: 'Rules 2',
      primaryGroup: [{ ip: '2001:db8:ffff::152', name: 'Main' }],
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
  });

  it('deactivates addresses unused for 90 days (the daily job)', async () => {
    const db = t.database.db;
    const now = new Date('2031-06-01T00:00:00Z');
    const day = 24 * 60 * 60 * 1000;
    const stale = (await register('customer', '2001:db8:ffff::160')).json();
    const fresh = (await register('customer', '2001:db8:ffff::161')).json();
    await db
      .update(ipAddresses)
      .set({ lastUsedAt: new Date(now.getTime() - 91 * day) })
      .where(eq(ipAddresses.id, stale.id));
    await db
      .update(ipAddresses)
      .set({ lastUsedAt: new Date(now.getTime() - 89 * day) })
      .where(eq(ipAddresses.id, fresh.id));
    const ctx = systemCtx({ database: t.database, config: loadConfig({ LOG_LEVEL: 'silent' }), log: t.app.log }, 'deactivate-unused-ips');
    const result = await deactivateStaleIps(ctx, now);
    expect(result.count).toBeGreaterThanOrEqual(1);
    const [s1] = await db.select().from(ipAddresses).where(eq(ipAddresses.id, stale.id));
    const [s2] = await db.select().from(ipAddresses).where(eq(ipAddresses.id, fresh.id));
    expect(s1?.status).toBe('Inactive');
    expect(s2?.status).toBe('Active');
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'ip.deactivate_unused'), eq(auditLog.customerId, acme)));
    expect(audit?.summary).toMatch(/^Deactivated \d+ IP address(es)? unused for 90 days: /);
    const addresses = (audit?.after as { addresses: string[] } | undefined)?.addresses;
    expect(addresses).toContain('2001:db8:ffff::160');
    expect(addresses).not.toContain('2001:db8:ffff::161');
    expect(audit?.actorEmail).toBe('system:deactivate-unused-ips');
    // a second run finds nothing more to do for these
    await deactivateStaleIps(ctx, now);
    const [again] = await db.select().from(ipAddresses).where(eq(ipAddresses.id, fresh.id));
    expect(again?.status).toBe('Active');
  });

  it('gives the four fixed platform addresses', async () => {
    const res = (await call('user', 'GET', '/api/voice/platform-ips')).json();
    expect(res.items).toHaveLength(4);
  });
});

describe('channel allocation', () => {
  it("reads an account's allocation in scope only", async () => {
    const url = `/api/voice/accounts/${acmeAccount.id}/channels`;
    const res = await call('user', 'GET', url);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: acmeAccount.id, customerId: acme });
    expect((await call('admin', 'GET', url)).statusCode).toBe(200);
    expect((await call('other', 'GET', url)).statusCode).toBe(404);
    expect((await call('user', 'GET', `/api/voice/accounts/${otherAccount}/channels`)).statusCode).toBe(404);
    // an id that cannot name a record is not found, like an unknown one
    expect((await call('user', 'GET', '/api/voice/accounts/not-a-uuid/channels')).statusCode).toBe(404);
    expect((await call(null, 'GET', url)).statusCode).toBe(401);
    expect((await call('user', 'GET', '/api/voice/accounts')).statusCode).toBe(404);
  });

  it('validates, persists and audits the max voice channels', async () => {
    const url = `/api/voice/accounts/${acmeAccount.id}/channels`;
    for (const bad of [0, -5, 'abc', 2.5, '1.5', 10_001, 99_999, 100_000, '']) {
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
    const read = (await call('user', 'GET', url)).json();
    expect(read).toMatchObject({ id: acmeAccount.id, name: acmeAccount.name, maxVoiceChannels: 150 });
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'account.voice_channels'));
    expect(audit?.summary).toBe(`Max Voice Channels updated to 150 for account ${acmeAccount.name}`);
  });
});
