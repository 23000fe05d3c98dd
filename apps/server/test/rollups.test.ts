/**
 * The daily rollups (usage_daily) equal the raw records they summarise, after every writer: the
 * demo seed, the migration's backfill of the report columns, the scale generator, platform
 * ingestion (calls, inbound messages, delivery reports), a public API send with the sandbox
 * carrier's delivery, and billing's re-rating. The figures are recomputed from cdrs, messages and
 * message_events by one query (RECOMPUTE) and compared row by row.
 */
import { readFileSync } from 'node:fs';
import type { TApiKeyCreated } from '@portal/contract/api-access';
import type { TApiMessage } from '@portal/contract/messaging-sending';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { campaigns, phoneNumbers } from '../src/db/schema/index.ts';
import { scale } from '../src/db/seed/scale.ts';
import { rerate } from '../src/domains/billing/decks.ts';
import { simulateDelivery } from '../src/domains/messaging/service.ts';
import { systemCtx } from '../src/lib/context.ts';
import { at, cdr, ingestionTestWorld, rowsOf, day as yesterday } from './ingestion-world.ts';

const { t, api, db, acme, newToken, post, acmeNumber: own, acmeAccount: voiceAccount } = await ingestionTestWorld();
const ctx = systemCtx({ database: t.database, config: t.app.config, log: t.app.log }, 'test');

interface Rollup {
  day: string;
  account_id: string;
  service: 'Voice' | 'SMS';
  volume: number;
  succeeded: number;
  failed: number;
  units: number;
  /** In ten-thousandths of a dollar (usage_daily keeps 4 decimals, as the raw costs do). */
  revenue: number;
  inbound: number;
  international: number;
  latency_ms: number;
  latency_count: number;
}

/**
 * The rollups recomputed from the raw records, per UTC day, account and service. Voice units are
 * whole minutes (the raw calls do not keep the deck's billed seconds: the calls ingested below last
 * whole minutes, where both agree). Latency: outbound messages delivered, from sent to their first
 * Delivered event.
 */
const RECOMPUTE = sql`
  SELECT to_char((started_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, account_id::text, 'Voice' AS service,
         count(*)::int AS volume, (count(*) FILTER (WHERE status = 'Completed'))::int AS succeeded,
         (count(*) FILTER (WHERE status <> 'Completed'))::int AS failed,
         coalesce(sum(ceil(duration_seconds / 60.0) * 60), 0)::int AS units, (round(sum(cost), 4) * 10000)::int AS revenue,
         (count(*) FILTER (WHERE direction = 'Inbound'))::int AS inbound,
         (count(*) FILTER (WHERE direction = 'Outbound' AND to_number NOT LIKE '+1%'))::int AS international,
         0::bigint AS latency_ms, 0 AS latency_count
  FROM cdrs GROUP BY 1, 2
  UNION ALL
  SELECT to_char((m.sent_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD'), m.account_id::text, 'SMS',
         count(*)::int, (count(*) FILTER (WHERE m.status = 'Delivered'))::int, (count(*) FILTER (WHERE m.status = 'Failed'))::int,
         coalesce(sum(m.segments), 0)::int, (round(sum(m.cost), 4) * 10000)::int,
         (count(*) FILTER (WHERE m.direction = 'Inbound'))::int,
         (count(*) FILTER (WHERE m.direction = 'Outbound' AND m.to_number NOT LIKE '+1%'))::int,
         coalesce(sum(round(extract(epoch FROM (d.at - m.sent_at)) * 1000)), 0)::bigint, count(d.at)::int
  FROM messages m
  LEFT JOIN (SELECT message_id, min(created_at) AS at FROM message_events WHERE status = 'Delivered' GROUP BY 1) d
    ON d.message_id = m.id AND m.direction = 'Outbound' AND m.status = 'Delivered'
  GROUP BY 1, 2`;

const ROLLED = sql`
  SELECT to_char(day, 'YYYY-MM-DD') AS day, account_id::text, service, volume, succeeded, failed, units,
         (revenue * 10000)::int AS revenue, inbound, international, latency_ms, latency_count
  FROM usage_daily WHERE service IN ('Voice', 'SMS')`;

const key = (r: Rollup) => `${r.day} ${r.account_id} ${r.service}`;

async function rollupsOf(query: typeof RECOMPUTE, accountIds?: string[]): Promise<Map<string, Rollup>> {
  const scoped = accountIds
    ? sql`SELECT * FROM (${query}) r WHERE r.account_id IN (${sql.join(
        accountIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : query;
  const rows = rowsOf<Rollup>(await db.execute(scoped)).map((r) => ({ ...r, latency_ms: Number(r.latency_ms) }));
  return new Map(rows.map((r) => [key(r), r]));
}

/**
 * Every rollup row (of these accounts) equals its recomputation, and no row is missing on either
 * side, revenue included to the ten-thousandth of a dollar.
 */
async function expectRollupsEqualRecords(opts: { accountIds?: string[] } = {}) {
  const [expected, actual] = [await rollupsOf(RECOMPUTE, opts.accountIds), await rollupsOf(ROLLED, opts.accountIds)];
  expect(expected.size).toBeGreaterThan(0);
  expect([...actual.keys()].sort()).toEqual([...expected.keys()].sort());
  for (const [k, want] of expected) expect(actual.get(k), k).toEqual(want);
  return { expected, actual };
}

async function rollupOf(accountId: string, service: 'Voice' | 'SMS', day: string): Promise<Rollup> {
  const rows = await rollupsOf(ROLLED, [accountId]);
  return (
    rows.get(`${day} ${accountId} ${service}`) ?? {
      day,
      account_id: accountId,
      service,
      volume: 0,
      succeeded: 0,
      failed: 0,
      units: 0,
      revenue: 0,
      inbound: 0,
      international: 0,
      latency_ms: 0,
      latency_count: 0,
    }
  );
}

/** The change of a rollup row's counters between two readings. */
const delta = (before: Rollup, after: Rollup) => ({
  volume: after.volume - before.volume,
  succeeded: after.succeeded - before.succeeded,
  failed: after.failed - before.failed,
  units: after.units - before.units,
  inbound: after.inbound - before.inbound,
  international: after.international - before.international,
  latency_ms: after.latency_ms - before.latency_ms,
  latency_count: after.latency_count - before.latency_count,
});

describe('usage_daily equals the raw records', () => {
  it('after the demo seed, with inbound, international and delivery latency filled in', async () => {
    const { expected } = await expectRollupsEqualRecords();
    const all = [...expected.values()];
    const sum = (service: string, f: (r: Rollup) => number) => all.filter((r) => r.service === service).reduce((s, r) => s + f(r), 0);
    // the seed has traffic in every new column: inbound calls and messages, international ones,
    // and delivered outbound messages whose delivery took a few seconds on average
    expect(sum('Voice', (r) => r.inbound)).toBeGreaterThan(0);
    expect(sum('Voice', (r) => r.international)).toBeGreaterThan(0);
    expect(sum('SMS', (r) => r.inbound)).toBeGreaterThan(0);
    expect(sum('SMS', (r) => r.international)).toBeGreaterThan(0);
    const latency = sum('SMS', (r) => r.latency_ms) / sum('SMS', (r) => r.latency_count);
    expect(latency).toBeGreaterThan(1000);
    expect(latency).toBeLessThan(10_000);
  });

  it("after migration 0013's backfill of the four columns", async () => {
    const migration = readFileSync(new URL('../src/db/migrations/0013_reports.sql', import.meta.url), 'utf8');
    const backfill = migration
      .split('--> statement-breakpoint')
      .map((s) => s.trim())
      .filter((s) => /^(--[^\n]*\n)*UPDATE "usage_daily"/.test(s));
    expect(backfill).toHaveLength(2);
    await db.execute(sql`UPDATE usage_daily SET inbound = 0, international = 0, latency_ms = 0, latency_count = 0`);
    for (const statement of backfill) await db.execute(sql.raw(statement));
    await expectRollupsEqualRecords();
  });

  it('after the scale generator adds calls and messages (each delivered one with its Delivered event)', async () => {
    const [before] = rowsOf<{ id: number }>(await db.execute(sql`SELECT coalesce(max(id), 0)::int AS id FROM messages`));
    await scale(t.database, { cdrs: 3000, messages: 3000 });
    const [events] = rowsOf<{ delivered: number; events: number }>(
      await db.execute(sql`SELECT (SELECT count(*)::int FROM messages WHERE id > ${before?.id} AND status = 'Delivered') AS delivered,
        (SELECT count(*)::int FROM message_events WHERE message_id > ${before?.id} AND status = 'Delivered') AS events`),
    );
    expect(events?.delivered).toBeGreaterThan(2000);
    expect(events?.events).toBe(events?.delivered);
    // the generator folds its rows into the rows already there: one write a row
    await expectRollupsEqualRecords();
  });

  it('after a batch of platform ingestion: calls, inbound messages and delivery reports', async () => {
    const { token } = await newToken('Rollup switch');
    const ingest = async (path: string, payload: object) => {
      const res = await post(token, path, payload);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };

    // calls: whole minutes, so the deck's billed seconds are the recomputation's whole minutes
    const voiceBefore = await rollupOf(voiceAccount, 'Voice', yesterday);
    const run = `roll${Date.now()}`;
    expect(
      await ingest('/cdrs', {
        records: [
          cdr(`${run}-1`, 'Outbound', own, '+442079460123', 'Completed', 120, '10:01:00'),
          cdr(`${run}-2`, 'Outbound', own, '+14155550181', 'Completed', 60, '10:02:00'),
          cdr(`${run}-3`, 'Inbound', '+14155550182', own, 'Completed', 180, '10:03:00'),
          cdr(`${run}-4`, 'Outbound', own, '+525512345678', 'No Answer', 0, '10:04:00'),
        ],
      }),
    ).toMatchObject({ accepted: 4, duplicates: 0, rejected: [] });
    expect(delta(voiceBefore, await rollupOf(voiceAccount, 'Voice', yesterday))).toEqual({
      volume: 4,
      succeeded: 3,
      failed: 1,
      units: 360,
      inbound: 1,
      international: 2,
      latency_ms: 0,
      latency_count: 0,
    });

    // inbound messages to an SMS number
    const [sms] = rowsOf<{ number: string; account_id: string }>(
      await db.execute(sql`SELECT n.number, n.account_id FROM phone_numbers n JOIN accounts a ON a.id = n.account_id AND a.deleted_at IS NULL
        WHERE n.customer_id = ${acme.id} AND 'SMS' = ANY(n.features) ORDER BY n.number LIMIT 1`),
    );
    if (!sms) throw new Error('The seed has no Acme SMS number');
    const smsBefore = await rollupOf(sms.account_id, 'SMS', yesterday);
    expect(
      await ingest('/inbound-messages', {
        messages: [
          { messageId: `${run}-in1`, from: '+14155550183', to: sms.number, body: 'hello', receivedAt: at('11:00:00') },
          { messageId: `${run}-in2`, from: '+447700900456', to: sms.number, body: 'x'.repeat(200), receivedAt: at('11:01:00') },
        ],
      }),
    ).toMatchObject({ accepted: 2 });
    expect(delta(smsBefore, await rollupOf(sms.account_id, 'SMS', yesterday))).toEqual({
      volume: 2,
      succeeded: 2,
      failed: 0,
      units: 3,
      inbound: 2,
      international: 0,
      latency_ms: 0,
      latency_count: 0,
    });

    // delivery reports: two outbound messages on their way (Sent), delivered 4.25 s and 2 s after
    // they were sent; a third fails
    const pending = rowsOf<{ message_id: string; account_id: string; sent_at: string; day: string }>(
      await db.execute(sql`SELECT message_id, account_id::text, sent_at::text,
          to_char((sent_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day
        FROM messages WHERE status = 'Sent' AND direction = 'Outbound' AND customer_id = ${acme.id} AND message_id NOT LIKE ${`${run}%`}
        ORDER BY account_id, sent_at, id LIMIT 3`),
    );
    expect(pending).toHaveLength(3);
    const [first, second, third] = pending as [(typeof pending)[0], (typeof pending)[0], (typeof pending)[0]];
    const after = (m: { sent_at: string }, ms: number) => new Date(new Date(m.sent_at).getTime() + ms).toISOString();
    const touched = [...new Set(pending.map((m) => `${m.day} ${m.account_id}`))];
    const before = new Map(
      await Promise.all(
        touched.map(async (k) => [k, await rollupOf(k.split(' ')[1] as string, 'SMS', k.split(' ')[0] as string)] as const),
      ),
    );
    expect(
      await ingest('/message-events', {
        events: [
          { messageId: first.message_id, status: 'Delivered', at: after(first, 4250) },
          { messageId: second.message_id, status: 'Delivered', at: after(second, 2000) },
          { messageId: third.message_id, status: 'Failed', at: after(third, 3000) },
          // repeated: ignored, counted once
          { messageId: first.message_id, status: 'Delivered', at: after(first, 9000) },
        ],
      }),
    ).toMatchObject({ applied: 3, ignored: 1 });
    const totals = { succeeded: 0, failed: 0, latency_ms: 0, latency_count: 0 };
    for (const k of touched) {
      const d = delta(before.get(k) as Rollup, await rollupOf(k.split(' ')[1] as string, 'SMS', k.split(' ')[0] as string));
      totals.succeeded += d.succeeded;
      totals.failed += d.failed;
      totals.latency_ms += d.latency_ms;
      totals.latency_count += d.latency_count;
      expect(d.volume).toBe(0);
    }
    expect(totals).toEqual({ succeeded: 2, failed: 1, latency_ms: 4250 + 2000, latency_count: 2 });

    await expectRollupsEqualRecords({
      accountIds: [...new Set([voiceAccount, sms.account_id, ...pending.map((m) => m.account_id)])],
    });
  });

  it('after public API sends and the sandbox carrier delivering them', async () => {
    // an Acme account that may send: a local number under an approved campaign
    const [sender] = await db
      .select({ accountId: phoneNumbers.accountId, number: phoneNumbers.number })
      .from(phoneNumbers)
      .innerJoin(campaigns, eq(campaigns.id, phoneNumbers.campaignId))
      .where(and(eq(phoneNumbers.customerId, acme.id), eq(campaigns.status, 'Approved'), sql`'SMS' = ANY(${phoneNumbers.features})`))
      .limit(1);
    if (!sender?.accountId) throw new Error('The seed has no Acme number under an approved campaign');
    const accountId = sender.accountId;
    const key = await api
      .as('customer:admin')
      .post<TApiKeyCreated>('/api/api-keys', { accountId, name: 'Rollup key', environment: 'Development' });
    expect(key.status, key.body).toBe(201);
    const send = async (to: string, body: string, headers: Record<string, string> = {}) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/messages',
        headers: { authorization: `Bearer ${key.json().key}`, ...headers },
        payload: { from: sender.number, to, body },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<TApiMessage>();
    };
    const today = new Date().toISOString().slice(0, 10);
    const before = await rollupOf(accountId, 'SMS', today);
    const sent = [
      await send('+14155550191', 'Acme: your order shipped. Reply STOP to opt out.'),
      await send('+447700900789', `Acme: ${'a long message '.repeat(12)}`, { 'idempotency-key': `roll-${Date.now()}` }),
      await send('+15005550001', 'Acme: to a failing number'),
    ];
    expect(sent.map((m) => m.segments)).toEqual([1, 2, 1]);
    // folded in at send: three more messages, their segments, one international
    const queued = await rollupOf(accountId, 'SMS', today);
    expect(delta(before, queued)).toEqual({
      volume: 3,
      succeeded: 0,
      failed: 0,
      units: 4,
      inbound: 0,
      international: 1,
      latency_ms: 0,
      latency_count: 0,
    });
    await expectRollupsEqualRecords({ accountIds: [accountId] });

    const ids = rowsOf<{ id: number }>(
      await db.execute(
        sql`SELECT id FROM messages WHERE message_id IN (${sql.join(
          sent.map((m) => sql`${m.id}`),
          sql`, `,
        )}) ORDER BY id`,
      ),
    );
    for (const { id } of ids) await simulateDelivery(ctx, Number(id));
    // a second run of the job changes nothing
    for (const { id } of ids) await simulateDelivery(ctx, Number(id));
    const latencies = rowsOf<{ ms: string }>(
      await db.execute(sql`SELECT round(extract(epoch FROM (e.created_at - m.sent_at)) * 1000)::bigint AS ms
        FROM messages m JOIN message_events e ON e.message_id = m.id AND e.status = 'Delivered'
        WHERE m.message_id IN (${sent[0]?.id}, ${sent[1]?.id})`),
    ).map((r) => Number(r.ms));
    expect(latencies).toHaveLength(2);
    const [latency1 = 0, latency2 = 0] = latencies;
    expect(delta(queued, await rollupOf(accountId, 'SMS', today))).toEqual({
      volume: 0,
      succeeded: 2,
      failed: 1,
      units: 0,
      inbound: 0,
      international: 0,
      latency_ms: latency1 + latency2,
      latency_count: 2,
    });
    await expectRollupsEqualRecords({ accountIds: [accountId] });
  });

  it("after billing's re-rating of a period (revenue recomputed, the other columns kept)", async () => {
    const [row] = rowsOf<{ account_id: string }>(
      await db.execute(sql`SELECT account_id::text FROM usage_daily WHERE service = 'Voice' AND international > 0 AND inbound > 0
        ORDER BY day DESC, account_id LIMIT 1`),
    );
    if (!row) throw new Error('No voice rollup with international and inbound calls');
    const from = new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10);
    const to = new Date().toISOString().slice(0, 10);
    await rerate(ctx, { accountId: row.account_id, from, to });
    const { expected } = await expectRollupsEqualRecords({ accountIds: [row.account_id] });
    // the re-rated days' voice revenue is exact again
    for (const r of expected.values()) {
      if (r.service !== 'Voice' || r.day < from) continue;
      expect((await rollupOf(row.account_id, 'Voice', r.day)).revenue, r.day).toBe(r.revenue);
    }
  });
});
