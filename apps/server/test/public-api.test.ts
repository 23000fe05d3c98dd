import type { TApiKey, TApiKeyCreated, TApiRequest } from '@portal/contract/api-access';
import type { TPage } from '@portal/contract/common';
import type { TApiMessage } from '@portal/contract/messaging-sending';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, apiKeys, apiRequests, systemSettings } from '../src/db/schema/index.ts';
import { simulateDelivery } from '../src/domains/messaging/service.ts';
import { systemCtx } from '../src/lib/context.ts';
import { forgetCachedSettings } from '../src/lib/settings.ts';
import { auditEntries, createTestApp } from './helpers.ts';
import { sendingAccount } from './messaging-world.ts';
import { apiTestWorld } from './world.ts';

const { t, api, db, acme, globex } = await apiTestWorld();
const acmeId = acme?.id as string;
const ctx = systemCtx({ database: t.database, config: t.app.config, log: t.app.log }, 'test');

async function newKey(accountId: string, extra: Record<string, unknown> = {}) {
  const res = await api
    .as('customer:admin')
    .post<TApiKeyCreated>('/api/api-keys', { accountId, name: `Key ${Math.random()}`, environment: 'Development', ...extra });
  expect(res.status, res.body).toBe(201);
  return res.json();
}

const call = (key: string | null, method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method,
    url,
    headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...headers },
    ...(payload ? { payload } : {}),
  });

describe('API keys', () => {
  it('shows a generated key once, stores only its hash, refuses other roles and companies; revoke refuses it at once', async () => {
    const { accountId } = await sendingAccount(db, acmeId);
    const created = await newKey(accountId, { scopes: ['numbers:read'], ipAllowlist: ['127.0.0.1', '10.0.0.0/8'] });
    expect(created.key).toMatch(/^pk_test_[A-Za-z0-9]{40}$/);
    expect(created.keyPrefix).toBe(created.key.slice(0, 16));
    const [stored] = await db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(stored?.keyHash).not.toContain(created.key);
    expect(JSON.stringify(stored)).not.toContain(created.key);
    const listed = await api.as('customer:admin').get<TPage<TApiKey>>('/api/api-keys', { query: { accountId, pageSize: 100 } });
    expect(listed.body).not.toContain(created.key);
    expect(listed.json().items.find((k) => k.id === created.id)).toMatchObject({ lastUsedAt: null, scopes: ['numbers:read'] });
    expect((await api.as('customer:user').post('/api/api-keys', { accountId, name: 'x', environment: 'Production' })).status).toBe(403);
    const [foreign] = await db
      .select()
      .from(accounts)
      .where(eq(accounts.customerId, globex?.id as string))
      .limit(1);
    const refused = await api.as('customer:admin').post('/api/api-keys', { accountId: foreign?.id, name: 'x', environment: 'Production' });
    expect(refused.error().fields).toEqual({ accountId: 'Choose an account' });
    const badIp = await api
      .as('customer:admin')
      .post('/api/api-keys', { accountId, name: 'y', environment: 'Production', ipAllowlist: ['nope'] });
    expect(badIp.status).toBe(400);

    const ok = await call(created.key, 'GET', '/v1/numbers');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.headers['x-request-id']).toBeTruthy();
    // the scope holds: this key may not send
    const denied = await call(created.key, 'POST', '/v1/messages', { from: '+12125550100', to: '+12125550101', body: 'hi' });
    expect(denied.statusCode).toBe(403);
    expect(JSON.parse(denied.body).error.message).toBe('This key may not do this: it lacks the scope messages:send');

    expect((await api.as('customer:admin').post(`/api/api-keys/${created.id}/revoke`)).json()).toMatchObject({ status: 'Revoked' });
    const revoked = await call(created.key, 'GET', '/v1/numbers');
    expect(revoked.statusCode).toBe(401);
    expect(JSON.parse(revoked.body).error).toMatchObject({
      code: 'UNAUTHORIZED',
      message: 'The API key has been revoked',
      requestId: revoked.headers['x-request-id'],
    });
    const [audit] = await auditEntries(db, 'api.key.revoke', created.id);
    expect(audit?.summary).toContain('Revoked API key');
  });

  it('refuses missing, unknown and expired keys and addresses off the allowlist', async () => {
    const { accountId } = await sendingAccount(db, acmeId);
    expect(JSON.parse((await call(null, 'GET', '/v1/numbers')).body).error.message).toBe(
      'Send your API key as "Authorization: Bearer <key>"',
    );
    expect((await call('pk_live_nope', 'GET', '/v1/numbers')).statusCode).toBe(401);
    const fenced = await newKey(accountId, { ipAllowlist: ['203.0.113.0/24'] });
    const off = await call(fenced.key, 'GET', '/v1/numbers');
    expect(off.statusCode).toBe(403);
    expect(JSON.parse(off.body).error.message).toBe('The API key may not be used from this address');
    const past = await api
      .as('customer:admin')
      .post('/api/api-keys', { accountId, name: 'old', environment: 'Production', expiresOn: '2020-01-01' });
    expect(past.error().fields).toEqual({ expiresOn: 'The expiry date must be in the future' });
  });

  it('rolls a key: both work during the grace period, then only the new one', async () => {
    const { accountId } = await sendingAccount(db, acmeId);
    const old = await newKey(accountId);
    const rolled = await api.as('customer:admin').post<TApiKeyCreated>(`/api/api-keys/${old.id}/roll`, { graceHours: 1 });
    expect(rolled.status, rolled.body).toBe(201);
    expect(rolled.json().key).not.toBe(old.key);
    expect((await call(old.key, 'GET', '/v1/numbers')).statusCode).toBe(200);
    expect((await call(rolled.json().key, 'GET', '/v1/numbers')).statusCode).toBe(200);
    await db
      .update(apiKeys)
      .set({ graceUntil: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, old.id));
    expect(JSON.parse((await call(old.key, 'GET', '/v1/numbers')).body).error.message).toBe('The API key has expired');
    expect((await call(rolled.json().key, 'GET', '/v1/numbers')).statusCode).toBe(200);
  });
});

describe('the public API', () => {
  it("lists only the key's account, writes the request log and the key's last use", async () => {
    const { accountId } = await sendingAccount(db, acmeId);
    const key = await newKey(accountId);
    const numbers = JSON.parse((await call(key.key, 'GET', '/v1/numbers?limit=100')).body) as { items: { accountId: string }[] };
    expect(numbers.items.length).toBeGreaterThan(0);
    expect(numbers.items.every((n) => n.accountId === accountId)).toBe(true);
    const cdrs = await call(key.key, 'GET', '/v1/cdrs?limit=20');
    expect(cdrs.statusCode, cdrs.body).toBe(200);
    const bad = await call(key.key, 'GET', '/v1/cdrs?limit=7');
    expect(bad.statusCode).toBe(400);
    expect(JSON.parse(bad.body).error).toMatchObject({ code: 'VALIDATION_FAILED', requestId: bad.headers['x-request-id'] });
    await new Promise((r) => setTimeout(r, 600)); // the log is written in batches
    const log = await api
      .as('customer:admin')
      .get<{ items: TApiRequest[] }>('/api/api-requests', { query: { apiKeyId: key.id, limit: 20 } });
    expect(
      log
        .json()
        .items.map((r) => `${r.method} ${r.endpoint} ${r.status}`)
        .sort(),
    ).toEqual(['GET /v1/cdrs 200 OK', 'GET /v1/cdrs 400 Bad Request', 'GET /v1/numbers 200 OK']);
    expect(log.json().items[0]?.requestId).toBeTruthy();
    const listed = (await api.as('customer:admin').get<TApiKey>(`/api/api-keys/${key.id}`)).json();
    expect(listed.lastUsedAt).not.toBeNull();
    expect(listed.lastUsedIp).toBe('127.0.0.1');
  });

  it('pages the numbers by cursor without gaps or repeats, at any limit; a forged cursor is a 400', async () => {
    const { accountId } = await sendingAccount(db, acmeId);
    const key = await newKey(accountId);
    type Page = { items: { number: string }[]; nextCursor: string | null };
    const whole = JSON.parse((await call(key.key, 'GET', '/v1/numbers?limit=100')).body) as Page;
    expect(whole.items.length).toBeGreaterThan(2);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await call(key.key, 'GET', `/v1/numbers?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      const page = JSON.parse(res.body) as Page;
      expect(page.items.length).toBeLessThanOrEqual(3);
      seen.push(...page.items.map((n) => n.number));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(whole.items.map((n) => n.number));
    const forged = await call(key.key, 'GET', `/v1/numbers?cursor=${Buffer.from("n' OR 1=1").toString('base64url')}`);
    expect(forged.statusCode).toBe(400);
    expect(JSON.parse(forged.body).error.fields).toHaveProperty('cursor');
  });

  it('writes the request log of the last calls when the app closes (graceful shutdown)', async () => {
    const { accountId } = await sendingAccount(db, acmeId);
    const key = await newKey(accountId);
    const other = await createTestApp({}, { database: t.database });
    for (let i = 0; i < 3; i++) {
      expect(
        (await other.app.inject({ method: 'GET', url: '/v1/numbers', headers: { authorization: `Bearer ${key.key}` } })).statusCode,
      ).toBe(200);
    }
    await other.close(); // at once: before the batch's timer
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(apiRequests).where(eq(apiRequests.apiKeyId, key.id));
    expect(row?.n).toBe(3);
  });

  it('sends from a toll-free or campaign number, refuses DNC, opted-out and unregistered, honours Idempotency-Key, delivers in the sandbox', async () => {
    const { accountId, linked, tfn, unlinked } = await sendingAccount(db, acmeId);
    const key = await newKey(accountId, { scopes: ['messages:send', 'messages:read'] });
    const sent = await call(key.key, 'POST', '/v1/messages', {
      from: tfn,
      to: '+14155550123',
      body: 'Acme: your order shipped. Reply STOP to opt out.',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const message = JSON.parse(sent.body) as TApiMessage;
    expect(message).toMatchObject({
      status: 'Queued',
      segments: 1,
      encoding: 'GSM-7',
      cost: 0.0075,
      requestId: sent.headers['x-request-id'],
    });
    const fromCampaign = await call(key.key, 'POST', '/v1/messages', { from: linked, to: '+14155550124', body: 'Acme: hello 😀' });
    expect(JSON.parse(fromCampaign.body)).toMatchObject({ encoding: 'UCS-2' });
    expect(JSON.parse(fromCampaign.body).campaignId).toBeTruthy();

    if (unlinked) {
      const refused = await call(key.key, 'POST', '/v1/messages', { from: unlinked, to: '+14155550125', body: 'hi' });
      expect(refused.statusCode).toBe(422);
      expect(JSON.parse(refused.body).error.code).toBe('SENDER_NOT_ALLOWED');
    }
    await api.as('customer:admin').post('/api/compliance/entries', { number: '+14155550126', listType: 'DNC' });
    const dnc = await call(key.key, 'POST', '/v1/messages', { from: tfn, to: '+14155550126', body: 'hi' });
    expect(JSON.parse(dnc.body).error).toMatchObject({ code: 'DNC_LISTED', fields: { to: '+14155550126 is on your Do Not Contact list' } });
    await api.as('customer:admin').post('/api/messaging/opt-outs', { accountId, number: '+14155550127' });
    const opted = await call(key.key, 'POST', '/v1/messages', { from: tfn, to: '+14155550127', body: 'hi' });
    expect(JSON.parse(opted.body).error.code).toBe('OPTED_OUT');

    // the same Idempotency-Key answers the same message; with another body it is a conflict
    const body = { from: tfn, to: '+14155550128', body: 'Acme: once only. Reply STOP to opt out.' };
    const first = await call(key.key, 'POST', '/v1/messages', body, { 'idempotency-key': 'order-1' });
    const again = await call(key.key, 'POST', '/v1/messages', body, { 'idempotency-key': 'order-1' });
    expect(JSON.parse(again.body).id).toBe(JSON.parse(first.body).id);
    const other = await call(key.key, 'POST', '/v1/messages', { ...body, body: 'changed' }, { 'idempotency-key': 'order-1' });
    expect(other.statusCode).toBe(409);

    // the sandbox: delivered, or failed for the documented numbers; the trace shows the events
    const failing = JSON.parse(
      (await call(key.key, 'POST', '/v1/messages', { from: tfn, to: '+15005550001', body: 'x' })).body,
    ) as TApiMessage;
    const ids = (await t.database.db.execute(
      sql`SELECT id, message_id FROM messages WHERE message_id IN (${message.id}, ${failing.id})`,
    )) as unknown as {
      rows: { id: string; message_id: string }[];
    };
    for (const r of ids.rows) await simulateDelivery(ctx, Number(r.id));
    const delivered = JSON.parse((await call(key.key, 'GET', `/v1/messages/${message.id}`)).body) as TApiMessage;
    expect(delivered.status).toBe('Delivered');
    expect(delivered.events.map((e) => e.status)).toEqual(['Queued', 'Sent', 'Delivered']);
    expect(delivered.requestId).toBe(sent.headers['x-request-id']);
    const failed = JSON.parse((await call(key.key, 'GET', `/v1/messages/${failing.id}`)).body) as TApiMessage;
    expect(failed).toMatchObject({ status: 'Failed', cost: 0 });
    // another company's key cannot read it
    expect((await call(key.key, 'GET', '/v1/messages/SMnotthere')).statusCode).toBe(404);
  });

  it('is limited per key exactly at the boundary, across two instances on one database, with the rate-limit headers', async () => {
    const { accountId } = await sendingAccount(db, acmeId);
    const key = await newKey(accountId);
    await db
      .update(systemSettings)
      .set({ value: sql`jsonb_set(coalesce(value, '{}'::jsonb), '{apiRateLimitPerSecond}', '5'::jsonb)` })
      .where(eq(systemSettings.key, 'system'));
    forgetCachedSettings(db);
    const second = await createTestApp({}, { database: t.database });
    try {
      const answers = await Promise.all(
        Array.from({ length: 9 }, (_, i) =>
          (i % 2 ? second.app : t.app).inject({
            method: 'GET',
            url: '/v1/numbers?limit=1',
            headers: { authorization: `Bearer ${key.key}` },
          }),
        ),
      );
      const codes = answers.map((a) => a.statusCode).sort();
      expect(codes.filter((c) => c === 200)).toHaveLength(5);
      expect(codes.filter((c) => c === 429)).toHaveLength(4);
      const limited = answers.find((a) => a.statusCode === 429);
      expect(Number(limited?.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(limited?.headers['ratelimit-policy']).toContain('"second";q=5;w=1');
      expect(JSON.parse(limited?.body ?? '{}').error.code).toBe('RATE_LIMITED');
    } finally {
      await db.update(systemSettings).set({ value: sql`value - 'apiRateLimitPerSecond'` }).where(eq(systemSettings.key, 'system'));
      forgetCachedSettings(db);
      await second.close();
    }
  });

  it('publishes its OpenAPI document', async () => {
    const doc = JSON.parse((await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).body);
    expect(Object.keys(doc.paths).sort()).toEqual(['/v1/cdrs', '/v1/messages', '/v1/messages/{id}', '/v1/numbers']);
    expect(doc.paths['/v1/messages'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('to');
    expect(doc.paths['/v1/messages'].post.responses).toHaveProperty('422');
  });
});
