import type {
  TIngestCdrsResult,
  TIngestInboundMessagesResult,
  TIngestMessageEventsResult,
  TPlatformToken,
} from '@portal/contract/ingestion';
import type { TCdr } from '@portal/contract/voice';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, cdrs, messageEvents, messages, optOuts, platformTokens } from '../src/db/schema/index.ts';
import { auditEntries } from './helpers.ts';
import { at, cdr, day, ingestionTestWorld, rowsOf } from './ingestion-world.ts';

const { t, api, db, acme, newToken, post, acmeNumber, acmeAccount, usage } = await ingestionTestWorld();

describe('platform tokens', () => {
  it('are created by a staff Admin, shown once, stored as a hash, listed by prefix; others get 403', async () => {
    const created = await newToken('Main switch');
    expect(created.token).toMatch(/^plt_[A-Za-z0-9]{40}$/);
    expect(created.displayPrefix).toBe(created.token.slice(0, 12));
    expect(created).toMatchObject({ name: 'Main switch', lastUsedAt: null, revokedAt: null });

    const [stored] = await db.select().from(platformTokens).where(eq(platformTokens.id, created.id));
    expect(JSON.stringify(stored)).not.toContain(created.token);
    expect(stored?.tokenHash).toMatch(/^[0-9a-f]{64}$/);

    const list = await api.as('staff:admin').get<TPlatformToken[]>('/api/platform-tokens');
    expect(list.status).toBe(200);
    expect(list.body).not.toContain(created.token);
    const listed = list.json().find((x) => x.id === created.id);
    expect(listed).toEqual({
      id: created.id,
      name: 'Main switch',
      displayPrefix: created.displayPrefix,
      createdAt: created.createdAt,
      lastUsedAt: null,
      revokedAt: null,
    });
    expect(Object.keys(listed ?? {})).not.toContain('token');

    const [audit] = await db.select().from(auditLog).where(eq(auditLog.entityId, created.id));
    expect(audit).toMatchObject({ action: 'platform.token.create', actorEmail: 'admin@example.com' });
    expect(JSON.stringify(audit)).not.toContain(created.token);

    for (const caller of ['customer:admin', 'customer:user', 'staff:support', 'staff:account_manager', 'staff:technical'] as const) {
      expect((await api.as(caller).get('/api/platform-tokens')).status, caller).toBe(403);
      expect((await api.as(caller).post('/api/platform-tokens', { name: 'x' })).status, caller).toBe(403);
      expect((await api.as(caller).post(`/api/platform-tokens/${created.id}/revoke`)).status, caller).toBe(403);
    }
    expect((await api.anonymous.get('/api/platform-tokens')).status).toBe(401);
    const blank = await api.as('staff:admin').post('/api/platform-tokens', { name: ' ' });
    expect(blank.status).toBe(400);
    expect(blank.error().fields).toHaveProperty('name');
  });

  it('are checked on every call: missing, unknown and revoked tokens get 401 with the request id; the last use is written', async () => {
    const created = await newToken();
    const batch = { records: [] };
    const none = await post(null, '/cdrs', batch);
    expect(none.statusCode).toBe(401);
    expect(none.json().error).toMatchObject({ code: 'UNAUTHORIZED', requestId: none.headers['x-request-id'] });
    const wrong = await post(`plt_${'x'.repeat(40)}`, '/cdrs', batch);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe('The platform token is not valid');
    // an API key is no platform token
    const apiKey = await post('pk_live_0123456789012345678901234567890123456789', '/cdrs', batch);
    expect(apiKey.statusCode).toBe(401);

    const ok = await post(created.token, '/cdrs', { records: [cdr('tok-1', 'Outbound', acmeNumber, '+14155550123', 'Completed', 30)] });
    expect(ok.statusCode, ok.body).toBe(200);
    const [used] = await db.select().from(platformTokens).where(eq(platformTokens.id, created.id));
    expect(used?.lastUsedAt).toBeInstanceOf(Date);

    const revoked = await api.as('staff:admin').post<TPlatformToken>(`/api/platform-tokens/${created.id}/revoke`);
    expect(revoked.status).toBe(200);
    expect(revoked.json().revokedAt).not.toBeNull();
    const again = await api.as('staff:admin').post(`/api/platform-tokens/${created.id}/revoke`);
    expect(again.status).toBe(400);
    const refused = await post(created.token, '/cdrs', {
      records: [cdr('tok-2', 'Outbound', acmeNumber, '+14155550123', 'Completed', 30)],
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error).toMatchObject({ code: 'UNAUTHORIZED', message: 'The platform token has been revoked' });
    expect(refused.json().error.requestId).toBe(refused.headers['x-request-id']);
    const [audit] = await auditEntries(db, 'platform.token.revoke', created.id);
    expect(audit?.summary).toContain(created.displayPrefix);
  });

  it('serves the OpenAPI document of /ingest/v1 without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/ingest/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(['/ingest/v1/cdrs', '/ingest/v1/message-events', '/ingest/v1/inbound-messages']);
  });
});

describe('POST /ingest/v1/cdrs', () => {
  it('attributes, rates, stores and rolls up a batch once; the same batch again is all duplicates; an unknown number is rejected alone', async () => {
    const { token } = await newToken();
    const run = `c${Date.now()}`;
    // Acme's contract deck: US 0.0095/min in 6/6, UK London (4420) 0.0108/min in 60/6, inbound 0.0085/min in 60/6
    const records = [
      cdr(`${run}-1`, 'Outbound', acmeNumber, '+442071230001', 'Completed', 95, '10:00:00'),
      cdr(`${run}-2`, 'Outbound', acmeNumber, '+14155550101', 'Completed', 61, '10:05:00'),
      cdr(`${run}-3`, 'Inbound', '+14155550102', acmeNumber, 'Completed', 30, '10:10:00'),
      cdr(`${run}-4`, 'Outbound', acmeNumber, '+14155550103', 'Busy', 0, '10:15:00'),
      cdr(`${run}-5`, 'Outbound', '+19995550000', '+14155550104', 'Completed', 40, '10:20:00'),
    ];
    const before = await usage(acmeAccount, 'Voice');
    const total = async () => Number(rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM cdrs`))[0]?.n);
    const countBefore = await total();

    const res = await post(token, '/cdrs', { records });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<TIngestCdrsResult>();
    expect(result).toEqual({
      accepted: 4,
      duplicates: 0,
      rejected: [{ index: 4, callId: `${run}-5`, message: 'No account holds +19995550000 (the caller)' }],
    });

    const stored = await db
      .select()
      .from(cdrs)
      .where(sql`${cdrs.callId} LIKE ${`${run}-%`}`);
    const costOf = (n: number) => stored.find((c) => c.callId === `${run}-${n}`)?.cost;
    // 95 s at 60/6 → 96 s × 0.0108/60 = 0.01728 → 0.0173
    expect(costOf(1)).toBe(0.0173);
    // 61 s at 6/6 → 66 s × 0.0095/60 = 0.01045 → 0.0105 (half up)
    expect(costOf(2)).toBe(0.0105);
    // inbound 30 s at 60/6 → 60 s × 0.0085/60
    expect(costOf(3)).toBe(0.0085);
    expect(costOf(4)).toBe(0);
    expect(stored.every((c) => c.accountId === acmeAccount && c.customerId === acme.id)).toBe(true);

    const after = await usage(acmeAccount, 'Voice');
    expect(after.volume - before.volume).toBe(4);
    expect(after.succeeded - before.succeeded).toBe(3);
    expect(after.failed - before.failed).toBe(1);
    expect(after.units - before.units).toBe(96 + 66 + 60);
    expect(Math.round((after.revenue - before.revenue) * 100)).toBe(4); // round(0.0173 + 0.0105 + 0.0085, 2) = 0.04
    expect(await total()).toBe(countBefore + 4);

    // the customer sees them
    const listed = await api
      .as('customer:admin')
      .get<{ items: TCdr[] }>('/api/voice/cdrs', { query: { to: '2071230001', startDate: day, endDate: day } });
    expect(listed.status).toBe(200);
    expect(listed.json().items.map((c) => [c.callId, c.cost, c.accountId])).toEqual([[`${run}-1`, 0.0173, acmeAccount]]);

    // the same batch again: all duplicates, nothing changes
    const again = await post(token, '/cdrs', { records });
    expect(again.json<TIngestCdrsResult>()).toMatchObject({ accepted: 0, duplicates: 4 });
    expect(again.json<TIngestCdrsResult>().rejected).toHaveLength(1);
    expect(await usage(acmeAccount, 'Voice')).toEqual(after);
    expect(await total()).toBe(countBefore + 4);

    // a call repeated inside one batch goes in once
    const twice = await post(token, '/cdrs', {
      records: [
        cdr(`${run}-6`, 'Outbound', acmeNumber, '+14155550105', 'Completed', 6),
        cdr(`${run}-6`, 'Outbound', acmeNumber, '+14155550105', 'Completed', 6),
      ],
    });
    expect(twice.json<TIngestCdrsResult>()).toEqual({ accepted: 1, duplicates: 1, rejected: [] });
    expect((await usage(acmeAccount, 'Voice')).volume).toBe(after.volume + 1);
  });

  it('refuses a bad batch whole with field errors (400)', async () => {
    const { token } = await newToken();
    const good = cdr('bad-1', 'Outbound', acmeNumber, '+14155550101', 'Completed', 10);
    const cases: [unknown, string][] = [
      [{}, 'records'],
      [{ records: [] }, 'records'],
      [{ records: [good, { ...good, callId: 'bad-2', to: '4155550101' }] }, 'records.1.to'],
      [{ records: [{ ...good, status: 'Answered' }] }, 'records.0.status'],
      [{ records: [{ ...good, startedAt: 'yesterday' }] }, 'records.0.startedAt'],
      [{ records: [{ ...good, durationSeconds: -1 }] }, 'records.0.durationSeconds'],
      [{ records: [{ ...good, callId: 'a\u0000b' }] }, 'records.0.callId'],
      [{ records: Array.from({ length: 10_001 }, (_, i) => ({ ...good, callId: `bad-${i}` })) }, 'records'],
    ];
    for (const [payload, field] of cases) {
      const res = await post(token, '/cdrs', payload);
      expect(res.statusCode, field).toBe(400);
      const error = res.json().error;
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(error.fields), field).toContain(field);
      expect(error.requestId).toBe(res.headers['x-request-id']);
    }
    expect((await db.select().from(cdrs).where(sql`${cdrs.callId} LIKE 'bad-%'`)).length).toBe(0);
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/ingest/v1/cdrs',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: '{"records": [',
    });
    expect(notJson.statusCode).toBe(400);
    const unknown = await post(token, '/nothing', {});
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.requestId).toBe(unknown.headers['x-request-id']);
  });
});

describe('POST /ingest/v1/message-events', () => {
  it("moves a 'Sent' message to Delivered once, rolls it up and fires the account's webhook; repeats and backward moves are ignored", async () => {
    const { token } = await newToken();
    const [m] = rowsOf<{ id: number; message_id: string; account_id: string; day: string; webhook_id: string }>(
      await db.execute(sql`SELECT m.id, m.message_id, m.account_id, to_char(m.sent_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, w.id AS webhook_id
        FROM messages m JOIN webhooks w ON w.account_id = m.account_id AND 'message.delivered' = ANY(w.events)
        WHERE m.status = 'Sent' AND m.direction = 'Outbound' ORDER BY m.id LIMIT 1`),
    );
    if (!m) throw new Error("The seed has no 'Sent' message of an account with a webhook");
    const deliveries = async () =>
      rowsOf<{ n: number }>(
        await db.execute(
          sql`SELECT count(*)::int AS n FROM webhook_deliveries WHERE webhook_id = ${m.webhook_id} AND event = 'message.delivered' AND payload LIKE ${`%${m.message_id}%`}`,
        ),
      )[0]?.n ?? 0;
    const before = await usage(m.account_id, 'SMS', m.day);
    const deliveredAt = new Date().toISOString();

    const res = await post(token, '/message-events', {
      events: [
        { messageId: m.message_id, status: 'Delivered', at: deliveredAt },
        { messageId: 'SMnosuchmessage', status: 'Delivered', at: deliveredAt },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TIngestMessageEventsResult>()).toEqual({
      applied: 1,
      ignored: 0,
      rejected: [{ index: 1, messageId: 'SMnosuchmessage', message: 'No message SMnosuchmessage' }],
    });
    const [after] = await db.select().from(messages).where(eq(messages.id, m.id));
    expect(after?.status).toBe('Delivered');
    const events = await db.select().from(messageEvents).where(eq(messageEvents.messageId, m.id));
    expect(events.filter((e) => e.status === 'Delivered')).toHaveLength(1);
    const rolled = await usage(m.account_id, 'SMS', m.day);
    expect(rolled.succeeded - before.succeeded).toBe(1);
    expect(rolled.failed).toBe(before.failed);
    expect(await deliveries()).toBe(1);

    const repeat = await post(token, '/message-events', {
      events: [
        { messageId: m.message_id, status: 'Delivered', at: deliveredAt },
        { messageId: m.message_id, status: 'Sent', at: deliveredAt },
        { messageId: m.message_id, status: 'Failed', at: new Date().toISOString() },
      ],
    });
    expect(repeat.json<TIngestMessageEventsResult>()).toEqual({ applied: 0, ignored: 3, rejected: [] });
    expect((await db.select().from(messages).where(eq(messages.id, m.id)))[0]?.status).toBe('Delivered');
    expect(await usage(m.account_id, 'SMS', m.day)).toEqual(rolled);
    expect(await deliveries()).toBe(1);
  });

  it('takes a Queued message through Sent to Failed in one batch (in time order); a failed message costs nothing', async () => {
    const { token } = await newToken();
    const [m] = rowsOf<{ id: number; message_id: string; account_id: string; day: string; cost: string }>(
      await db.execute(sql`SELECT id, message_id, account_id, to_char(sent_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, cost::text AS cost
        FROM messages WHERE status = 'Delivered' AND direction = 'Outbound' AND type = 'SMS' AND cost > 0 ORDER BY id LIMIT 1`),
    );
    if (!m) throw new Error('The seed has no delivered SMS');
    // as the gateway queued it (the rollup's succeeded count set back with it)
    await db.update(messages).set({ status: 'Queued' }).where(eq(messages.id, m.id));
    await db.execute(
      sql`UPDATE usage_daily SET succeeded = succeeded - 1 WHERE account_id = ${m.account_id} AND service = 'SMS' AND day = ${m.day}`,
    );
    const before = await usage(m.account_id, 'SMS', m.day);
    const res = await post(token, '/message-events', {
      events: [
        { messageId: m.message_id, status: 'Failed', at: '2026-01-02T10:00:02Z', detail: 'Carrier rejected: unknown subscriber' },
        { messageId: m.message_id, status: 'Sent', at: '2026-01-02T10:00:01Z' },
      ],
    });
    expect(res.json<TIngestMessageEventsResult>()).toEqual({ applied: 2, ignored: 0, rejected: [] });
    const [after] = await db.select().from(messages).where(eq(messages.id, m.id));
    expect(after).toMatchObject({ status: 'Failed', cost: 0 });
    const events = await db.select().from(messageEvents).where(eq(messageEvents.messageId, m.id)).orderBy(messageEvents.at);
    expect(events.slice(-2).map((e) => [e.status, e.detail])).toEqual([
      ['Sent', 'Handed to the carrier'],
      ['Failed', 'Carrier rejected: unknown subscriber'],
    ]);
    const rolled = await usage(m.account_id, 'SMS', m.day);
    expect(rolled.failed - before.failed).toBe(1);
    expect(rolled.succeeded).toBe(before.succeeded);
    expect(Math.round((before.revenue - rolled.revenue) * 100)).toBe(Math.round(Number(m.cost) * 100));
  });

  it('refuses a bad batch whole (400)', async () => {
    const { token } = await newToken();
    const res = await post(token, '/message-events', { events: [{ messageId: 'SMx', status: 'Queued', at: new Date().toISOString() }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty(['events.0.status']);
  });
});

describe('POST /ingest/v1/inbound-messages', () => {
  it('stores inbound messages once with segments and cost, rolls them up; STOP opts the sender out and START back in', async () => {
    const { token } = await newToken();
    const [sms] = rowsOf<{ number: string; account_id: string; sms: string; mms: string }>(
      await db.execute(sql`SELECT n.number, n.account_id, a.sms_segment_price::text AS sms, a.mms_message_price::text AS mms
        FROM phone_numbers n JOIN accounts a ON a.id = n.account_id AND a.deleted_at IS NULL
        JOIN webhooks w ON w.account_id = a.id AND 'message.received' = ANY(w.events)
        WHERE 'SMS' = ANY(n.features) ORDER BY n.number LIMIT 1`),
    );
    if (!sms) throw new Error('The seed has no SMS number of an account listening to message.received');
    const sender = '+12025550147';
    const run = `IN${Date.now()}`;
    const received = async () =>
      rowsOf<{ n: number }>(
        await db.execute(
          sql`SELECT count(*)::int AS n FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
            WHERE w.account_id = ${sms.account_id} AND d.event = 'message.received' AND d.payload LIKE ${`%${run}%`}`,
        ),
      )[0]?.n ?? 0;
    const optedOut = async () =>
      (
        await db
          .select()
          .from(optOuts)
          .where(and(eq(optOuts.accountId, sms.account_id), eq(optOuts.number, sender)))
      ).length;
    expect(await optedOut()).toBe(0);
    const before = await usage(sms.account_id, 'SMS');
    const long = 'x'.repeat(200); // two GSM-7 segments

    const res = await post(token, '/inbound-messages', {
      messages: [
        { messageId: `${run}-1`, from: sender, to: sms.number, body: 'stop', receivedAt: at('11:00:00') },
        { messageId: `${run}-2`, from: sender, to: sms.number, body: long, receivedAt: at('11:01:00') },
        { messageId: `${run}-3`, from: sender, to: sms.number, body: '', receivedAt: at('11:02:00'), type: 'MMS' },
        { messageId: `${run}-4`, from: sender, to: '+19995550000', body: 'hello', receivedAt: at('11:03:00') },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TIngestInboundMessagesResult>()).toEqual({
      accepted: 3,
      duplicates: 0,
      rejected: [{ index: 3, messageId: `${run}-4`, message: 'No account holds +19995550000' }],
      optedOut: 1,
      optedIn: 0,
    });
    expect(await optedOut()).toBe(1);
    const stored = await db
      .select()
      .from(messages)
      .where(sql`${messages.messageId} LIKE ${`${run}-%`}`)
      .orderBy(messages.messageId);
    expect(stored.map((m) => [m.direction, m.status, m.type, m.segments, m.cost, m.accountId])).toEqual([
      ['Inbound', 'Delivered', 'SMS', 1, Number(sms.sms), sms.account_id],
      ['Inbound', 'Delivered', 'SMS', 2, Math.round(2 * Number(sms.sms) * 10_000) / 10_000, sms.account_id],
      ['Inbound', 'Delivered', 'MMS', 1, Number(sms.mms), sms.account_id],
    ]);
    const rolled = await usage(sms.account_id, 'SMS');
    expect(rolled.volume - before.volume).toBe(3);
    expect(rolled.succeeded - before.succeeded).toBe(3);
    expect(rolled.units - before.units).toBe(4);
    expect(await received()).toBe(3);

    // again: duplicates, nothing changes
    const again = await post(token, '/inbound-messages', {
      messages: [{ messageId: `${run}-1`, from: sender, to: sms.number, body: 'stop', receivedAt: at('11:00:00') }],
    });
    expect(again.json<TIngestInboundMessagesResult>()).toMatchObject({ accepted: 0, duplicates: 1, optedOut: 0 });
    expect(await usage(sms.account_id, 'SMS')).toEqual(rolled);

    // START takes the sender off the ledger
    const start = await post(token, '/inbound-messages', {
      messages: [{ messageId: `${run}-5`, from: sender, to: sms.number, body: ' START ', receivedAt: at('11:05:00') }],
    });
    expect(start.json<TIngestInboundMessagesResult>()).toMatchObject({ accepted: 1, optedIn: 1, optedOut: 0 });
    expect(await optedOut()).toBe(0);
    expect(await received()).toBe(4);
  });

  it('refuses a bad batch whole (400)', async () => {
    const { token } = await newToken();
    const res = await post(token, '/inbound-messages', {
      messages: [{ messageId: 'x', from: 'someone', to: acmeNumber, body: 'hi', receivedAt: new Date().toISOString() }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty(['messages.0.from']);
  });
});
