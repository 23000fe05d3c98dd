/**
 * Platform ingestion budget (issue 10), on PostgreSQL: at least 20,000 CDRs or message events a
 * second through the batched endpoints of /ingest/v1.
 *
 * The app is built and listens on a loopback port in this process; a staff Admin creates a
 * platform token through the API; then BATCHES batches of BATCH fresh CDRs for the seeded numbers
 * are posted over HTTP, CONCURRENCY at a time (the bodies are serialised before the clock starts), each
 * one attributed, rated, inserted and folded into usage_daily by the server. The message-events
 * line moves as many messages Queued → Sent → Delivered (messages of accounts without webhooks:
 * a webhook adds a delivery row and a job per event, which is the webhooks budget's business).
 *
 * Database: `portal_bench_ingest` on postgres://postgres@127.0.0.1:5432 (or BENCH_PG_URL's
 * server), created, migrated and seeded when empty. Each run adds its calls and messages to it.
 */
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import type pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { backendCpu, openBenchDatabase } from './bench-db.ts';
import { ingestClient } from './bench-server.ts';

const NAME = 'portal_bench_ingest';
const BATCH = Number(process.env.INGEST_BATCH ?? 5_000);
const BATCHES = Number(process.env.INGEST_BATCHES ?? 40);
const EVENT_BATCHES = Number(process.env.INGEST_EVENT_BATCHES ?? 10);
/**
 * Batches in flight at once (a switch cluster posting from several nodes). Two by default: one
 * batch's parsing, rating and checks in the server overlap PostgreSQL's writing of the other.
 * Measured on 2026-11-27 with this month's CDRs at 401 MB (PostgreSQL's buffer cache: 128 MB):
 * 2 at a time 34,362 CDRs/s and 23,854 events/s; 1 at a time 17,991 and 14,889.
 */
const CONCURRENCY = Number(process.env.INGEST_CONCURRENCY ?? 2);
const BUDGET = 20_000;

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

/** A deterministic generator (the batches differ between runs only by their ids). */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), s | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const REMOTE_PREFIXES = ['+1212', '+1415', '+1312', '+1646', '+1800', '+4420', '+447', '+4930', '+4915', '+3314', '+5255', '+6128'];

function cdrBatches(numbers: string[], run: string): string[] {
  const random = rng(382);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)] as T;
  const now = Date.now();
  const bodies: string[] = [];
  for (let b = 0; b < BATCHES + 1; b++) {
    const records = [];
    for (let i = 0; i < BATCH; i++) {
      const own = pick(numbers);
      const remote = `${pick(REMOTE_PREFIXES)}${String(Math.floor(random() * 1e7)).padStart(7, '0')}`;
      const outbound = random() < 0.6;
      const roll = random();
      const status = roll < 0.86 ? 'Completed' : roll < 0.93 ? 'No Answer' : roll < 0.97 ? 'Busy' : 'Failed';
      records.push({
        callId: `${run}-${b}-${i}`,
        from: outbound ? own : remote,
        to: outbound ? remote : own,
        startedAt: new Date(now - Math.floor(random() * 30 * 86_400_000)).toISOString(),
        durationSeconds: status === 'Completed' ? Math.max(4, Math.min(3600, Math.round(-165 * Math.log(1 - random())))) : 0,
        status,
        direction: outbound ? 'Outbound' : 'Inbound',
      });
    }
    bodies.push(JSON.stringify({ records }));
  }
  return bodies;
}

/**
 * CPU seconds used so far by this process and by the database's backends (read from /proc when
 * PostgreSQL runs on this machine; NaN otherwise): on a shared machine the wall-clock rate says as
 * much about the neighbours as about the code, the CPU time does not.
 */
async function cpuSeconds(pool: pg.Pool): Promise<{ app: number; db: Map<number, number> }> {
  const { user, system } = process.cpuUsage();
  return { app: (user + system) / 1e6, db: await backendCpu(pool) };
}
function cpuLine(before: Awaited<ReturnType<typeof cpuSeconds>>, after: Awaited<ReturnType<typeof cpuSeconds>>, n: number, what: string) {
  let db = 0;
  for (const [pid, s] of after.db) db += s - (before.db.get(pid) ?? 0);
  const app = after.app - before.app;
  const [load] = os.loadavg();
  return `  CPU: this process (app and client) ${app.toFixed(1)} s, PostgreSQL ${Number.isNaN(db) ? 'n/a' : `${db.toFixed(1)} s`}: ${Number.isNaN(db) ? 'n/a' : fmt(n / (app + db))} ${what} per CPU-second; load average ${(load ?? 0).toFixed(1)} on ${os.availableParallelism()} cores`;
}

/** Runs the jobs CONCURRENCY at a time. */
async function inParallel<T>(items: T[], fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, worker));
}

async function main() {
  const { url, database } = await openBenchDatabase(NAME, { from: 'BENCH_PG_URL', poolSize: 10 });
  const pool = database.pool as pg.Pool;
  try {
    const config = loadConfig({ DATABASE_URL: url, LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' });
    const app = await buildApp({ database, config, logger: false });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    try {
      const ingest = await ingestClient(base, 'Bench');

      // ---- CDRs
      const numbers = (
        await pool.query<{ number: string }>(
          `SELECT n.number FROM phone_numbers n JOIN accounts a ON a.id = n.account_id AND a.deleted_at IS NULL ORDER BY n.number`,
        )
      ).rows.map((r) => r.number);
      const run = `bench-${Date.now().toString(36)}`;
      const bodies = cdrBatches(numbers, run);
      const volume = async () =>
        Number((await pool.query(`SELECT coalesce(sum(volume), 0)::bigint AS n FROM usage_daily WHERE service = 'Voice'`)).rows[0].n);
      await ingest('/cdrs', bodies[0] as string); // warm-up: the deck compiled, the statements planned
      const volumeBefore = await volume();
      let accepted = 0;
      const cpu0 = await cpuSeconds(pool);
      const t0 = performance.now();
      await inParallel(bodies.slice(1), async (body) => {
        const answer = await ingest('/cdrs', body);
        accepted += answer.accepted as number;
      });
      const seconds = (performance.now() - t0) / 1000;
      const cpu1 = await cpuSeconds(pool);
      const rolled = (await volume()) - volumeBefore;
      const total = BATCHES * BATCH;
      if (accepted !== total || rolled !== total) throw new Error(`accepted ${accepted} and rolled up ${rolled} of ${total} CDRs`);
      const rate = total / seconds;
      console.log(
        `Ingestion: ${fmt(total)} CDRs in ${BATCHES} batches of ${fmt(BATCH)}, ${CONCURRENCY} at a time: ${fmt(rate)} CDRs/s (budget ≥ ${fmt(BUDGET)} CDRs/s)   ${rate >= BUDGET ? 'OK' : 'UNDER'}`,
      );
      console.log(cpuLine(cpu0, cpu1, total, 'CDRs'));
      const again = await ingest('/cdrs', bodies[1] as string);
      console.log(`  the first batch again: ${fmt(again.duplicates as number)} duplicates, ${fmt(again.accepted as number)} accepted`);

      // ---- message events: fresh Queued messages of accounts without webhooks, moved to Sent then Delivered
      const events = EVENT_BATCHES * BATCH;
      const ids = (
        await pool.query<{ message_id: string }>(
          `INSERT INTO messages (customer_id, account_id, message_id, from_number, to_number, type, direction, status, segments, cost, sent_at)
           SELECT a.customer_id, a.id, $1 || '-' || g, '+12125550100', '+14155550100', 'SMS', 'Outbound', 'Queued', 1, 0.0075,
                  now() - (g % 720) * interval '1 hour'
           FROM generate_series(1, $2::int) g
           JOIN LATERAL (SELECT id, customer_id FROM accounts x WHERE x.deleted_at IS NULL
                           AND NOT EXISTS (SELECT 1 FROM webhooks w WHERE w.account_id = x.id)
                         ORDER BY x.id OFFSET (g % 20) LIMIT 1) a ON true
           RETURNING message_id`,
          [`SMbench${Date.now().toString(36)}`, events / 2],
        )
      ).rows.map((r) => r.message_id);
      const eventBodies: string[] = [];
      for (const status of ['Sent', 'Delivered'] as const) {
        for (let i = 0; i < ids.length; i += BATCH) {
          const at = new Date().toISOString();
          eventBodies.push(JSON.stringify({ events: ids.slice(i, i + BATCH).map((messageId) => ({ messageId, status, at })) }));
        }
      }
      let applied = 0;
      const cpu2 = await cpuSeconds(pool);
      const t1 = performance.now();
      // every Sent before its Delivered: the second half starts once the first is in
      const half = eventBodies.length / 2;
      for (const part of [eventBodies.slice(0, half), eventBodies.slice(half)])
        await inParallel(part, async (body) => {
          const answer = await ingest('/message-events', body);
          applied += answer.applied as number;
        });
      const eventSeconds = (performance.now() - t1) / 1000;
      const cpu3 = await cpuSeconds(pool);
      if (applied !== ids.length * 2) throw new Error(`applied ${applied} of ${ids.length * 2} message events`);
      const eventRate = applied / eventSeconds;
      console.log(
        `Ingestion: ${fmt(applied)} message events in ${eventBodies.length} batches of ${fmt(BATCH)}, ${CONCURRENCY} at a time: ${fmt(eventRate)} events/s (budget ≥ ${fmt(BUDGET)} events/s)   ${eventRate >= BUDGET ? 'OK' : 'UNDER'}`,
      );
      console.log(cpuLine(cpu2, cpu3, applied, 'events'));
      process.exitCode = rate >= BUDGET && eventRate >= BUDGET ? 0 : 1;
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exitCode = 1;
});
