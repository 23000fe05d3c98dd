/**
 * Webhooks budget (issue 10), on PostgreSQL: at least 500 deliveries a second to a local receiver,
 * and the first attempt within 1 s of the event (median).
 *
 * The server runs as in production, a process of its own with its job workers on (JOB_WORKERS=true;
 * WEBHOOK_ALLOW_PRIVATE_TARGETS=true for the loopback receiver). This process holds the receiver
 * (node:http on loopback, answering 200 at once, noting when each webhook-id first arrives, checking
 * every 25th signature) and plays the SMS gateway: WEBHOOK_ACCOUNTS (10) accounts get one webhook
 * each, subscribed to message.delivered and message.failed, and their Queued messages are reported
 * Delivered through POST /ingest/v1/message-events, the path a real event takes (the endpoint emits
 * the events in its transaction; pg-boss jobs carry the deliveries to the workers).
 *
 * (a) Throughput: WEBHOOK_EVENTS (10,000) events posted as fast as the endpoint takes them, in
 *     batches of WEBHOOK_BATCH (250); deliveries/s = delivered / (last first arrival − first post).
 * (b) Latency at the budget's rate: WEBHOOK_RATE (500) events a second for WEBHOOK_LATENCY_SECONDS
 *     (10), a batch every 100 ms; median and p95 of (first attempt's arrival − the event's time,
 *     its delivery row's created_at).
 * Every delivery must end succeeded at its first attempt, each event delivered once, the signatures
 * checked right, and the server log without errors.
 *
 * Database: `portal_bench_webhooks` on postgres://postgres@127.0.0.1:5432 (or BENCH_PG_URL's
 * server), created, migrated and seeded when empty; vacuumed before each run (autovacuum may be off
 * on a test server). Each run replaces the bench's webhooks (their deliveries go with them) and adds
 * its messages. BENCH_SERVER_NODE_ARGS passes node flags to the server (--cpu-prof ...).
 */
import type { ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { createInterface } from 'node:readline';
import type pg from 'pg';
import { newWebhookSecret } from '../apps/server/src/lib/webhook-signing.ts';
import { backendCpu, cpuOf, openBenchDatabase } from './bench-db.ts';
import { ingestClient, startServer, stopServer } from './bench-server.ts';

const NAME = 'portal_bench_webhooks';
const ACCOUNTS = Number(process.env.WEBHOOK_ACCOUNTS ?? 10);
const EVENTS = Number(process.env.WEBHOOK_EVENTS ?? 10_000);
const BATCH = Number(process.env.WEBHOOK_BATCH ?? 250);
const RATE = Number(process.env.WEBHOOK_RATE ?? 500);
const LATENCY_SECONDS = Number(process.env.WEBHOOK_LATENCY_SECONDS ?? 10);
const RATE_BUDGET = 500;
const MEDIAN_BUDGET_MS = 1000;
const HOOK_NAME = 'Bench webhooks';
const WAIT_MS = 180_000;
const WARM = 5 * ACCOUNTS;

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? Number.NaN;

const dbCpu = async (pool: pg.Pool) => [...(await backendCpu(pool)).values()].reduce((sum, s) => sum + s, 0);

// ---------------------------------------------------------------------------------------------
// The receiver

interface Receiver {
  url: (i: number) => string;
  /** First arrival (epoch ms) per webhook-id. */
  firstAt: Map<string, number>;
  requests: number;
  badSignatures: number;
  close: () => Promise<void>;
}

async function startReceiver(secrets: () => string[]): Promise<Receiver> {
  const state = { requests: 0, badSignatures: 0 };
  const firstAt = new Map<string, number>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = Date.now();
      const id = String(req.headers['webhook-id']);
      state.requests++;
      if (!firstAt.has(id)) firstAt.set(id, at);
      if (state.requests % 25 === 1) {
        // the Standard Webhooks signature, computed from the specification
        const secret = secrets()[Number(req.url?.split('/').at(-1))] ?? '';
        const content = `${id}.${req.headers['webhook-timestamp']}.${Buffer.concat(chunks).toString('utf8')}`;
        const expected = createHmac('sha256', Buffer.from(secret.replace(/^whsec_/, ''), 'base64'))
          .update(content)
          .digest('base64');
        if (!String(req.headers['webhook-signature']).split(' ').includes(`v1,${expected}`)) state.badSignatures++;
      }
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (i) => `http://127.0.0.1:${port}/hook/${i}`,
    firstAt,
    get requests() {
      return state.requests;
    },
    get badSignatures() {
      return state.badSignatures;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const { url, database } = await openBenchDatabase(NAME, { from: 'BENCH_PG_URL', poolSize: 4 });
  const pool = database.pool as pg.Pool;
  let server: ChildProcess | undefined;
  const secrets: string[] = [];
  const receiver = await startReceiver(() => secrets);
  try {
    // ---- the webhooks: one per account, on accounts with no other webhook
    await pool.query('DELETE FROM webhooks WHERE name = $1', [HOOK_NAME]);
    if ((await pool.query(`SELECT to_regclass('pgboss.job') AS t`)).rows[0].t) {
      // jobs of an earlier run's deliveries (gone with their webhooks): not this run's work
      await pool.query(`DELETE FROM pgboss.job WHERE name = 'webhooks.deliver'`);
      await pool.query('VACUUM ANALYZE pgboss.job');
    }
    // as autovacuum would have (it may be off on a test server): earlier runs leave dead rows behind
    await pool.query('VACUUM ANALYZE webhook_deliveries, webhooks, messages, message_events, usage_daily');
    const accounts = (
      await pool.query<{ id: string; customer_id: string }>(
        `SELECT a.id, a.customer_id FROM accounts a JOIN customers c ON c.id = a.customer_id
         WHERE a.deleted_at IS NULL AND c.deleted_at IS NULL AND NOT EXISTS (SELECT 1 FROM webhooks w WHERE w.account_id = a.id)
         ORDER BY a.id LIMIT $1`,
        [ACCOUNTS],
      )
    ).rows;
    if (accounts.length < ACCOUNTS) throw new Error(`Only ${accounts.length} accounts without webhooks`);
    const hookIds: string[] = [];
    for (const [i, a] of accounts.entries()) {
      secrets[i] = newWebhookSecret();
      const row = await pool.query<{ id: string }>(
        `INSERT INTO webhooks (customer_id, account_id, name, url, events, secret)
         VALUES ($1, $2, $3, $4, ARRAY['message.delivered', 'message.failed'], $5) RETURNING id`,
        [a.customer_id, a.id, HOOK_NAME, receiver.url(i), secrets[i]],
      );
      hookIds.push(row.rows[0]?.id as string);
    }

    // ---- Queued messages of those accounts, to report Delivered
    const latencyEvents = Math.round(RATE * LATENCY_SECONDS);
    const ids = (
      await pool.query<{ message_id: string }>(
        `INSERT INTO messages (customer_id, account_id, message_id, from_number, to_number, type, direction, status, segments, cost, sent_at)
         SELECT (a->>'customer_id')::uuid, (a->>'id')::uuid, $1 || '-' || g, '+12125550100', '+14155550100', 'SMS', 'Outbound', 'Queued', 1, 0.0075,
                now() - (g % 60) * interval '1 minute'
         FROM generate_series(1, $2::int) g, LATERAL (SELECT $3::json -> (g % $4) AS a) x
         RETURNING message_id`,
        [`SMwh${Date.now().toString(36)}`, WARM + EVENTS + latencyEvents, JSON.stringify(accounts), accounts.length],
      )
    ).rows.map((r) => r.message_id);

    // ---- the server, its job workers on
    const port = 4540 + Math.floor(Math.random() * 50);
    server = await startServer({ DATABASE_URL: url, JOB_WORKERS: 'true', WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' }, port, {
      // BENCH_SERVER_NODE_ARGS: extra node flags for the server (e.g. --cpu-prof --cpu-prof-dir=/tmp/prof)
      nodeArgs: (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean),
      stdout: 'pipe',
    });
    // the server's warnings (a slow statement) and errors (a failed job) are shown and counted
    const logged = { warnings: 0, errors: 0 };
    createInterface({ input: server.stdout as NodeJS.ReadableStream }).on('line', (line) => {
      if (!line.startsWith('{')) return;
      try {
        const level = (JSON.parse(line) as { level?: number }).level ?? 0;
        if (level < 40) return;
        if (level >= 50) logged.errors++;
        else logged.warnings++;
        if (logged.warnings + logged.errors <= 5) console.error(`server: ${line.slice(0, 500)}`);
      } catch {
        // not a log line
      }
    });
    const ingest = await ingestClient(`http://127.0.0.1:${port}`, 'Webhooks bench');
    const report = async (messageIds: string[]) => {
      const at = new Date().toISOString();
      const body = JSON.stringify({ events: messageIds.map((messageId) => ({ messageId, status: 'Delivered', at })) });
      const { applied } = await ingest('/message-events', body);
      if (applied !== messageIds.length) throw new Error(`applied ${applied} of ${messageIds.length} events`);
    };
    const waitFor = async (n: number) => {
      const started = Date.now();
      while (receiver.firstAt.size < n && Date.now() - started < WAIT_MS) await sleep(20);
      return receiver.firstAt.size >= n;
    };
    /** Each event's time (its delivery's created_at) by webhook-id, once every delivery is recorded. */
    const eventTimes = async () => {
      for (let i = 0; i < 100; i++) {
        const { rows } = await pool.query(
          `SELECT count(*)::int AS n FROM webhook_deliveries WHERE webhook_id = ANY($1) AND state = 'pending'`,
          [hookIds],
        );
        if (rows[0].n === 0) break;
        await sleep(100);
      }
      const rows = (
        await pool.query<{ event_id: string; created_at: Date; state: string; attempt: number }>(
          'SELECT event_id, created_at, state, attempt FROM webhook_deliveries WHERE webhook_id = ANY($1)',
          [hookIds],
        )
      ).rows;
      return rows;
    };
    const latencies = (ids: Iterable<string>, times: Map<string, number>) => {
      const xs: number[] = [];
      for (const id of ids) {
        const arrived = receiver.firstAt.get(id);
        const at = times.get(id);
        if (arrived !== undefined && at !== undefined) xs.push(arrived - at);
      }
      return xs.sort((a, b) => a - b);
    };

    // warm-up: a few events per webhook, delivered before the clock starts (statements planned, code compiled)
    const warm = ids.splice(0, WARM);
    await report(warm);
    if (!(await waitFor(WARM))) throw new Error('The warm-up events were not delivered');
    receiver.firstAt.clear();

    // ---- (a) throughput: every event at once, as fast as the endpoint takes them
    const flood = ids.slice(0, EVENTS);
    const cpu0 = { server: cpuOf(server.pid), db: await dbCpu(pool) };
    const t0 = Date.now();
    for (let i = 0; i < flood.length; i += BATCH) await report(flood.slice(i, i + BATCH));
    const posted = Date.now();
    const complete = await waitFor(EVENTS);
    const arrivals = [...receiver.firstAt.values()];
    const last = Math.max(...arrivals);
    const cpu1 = { server: cpuOf(server.pid), db: await dbCpu(pool) };
    const rate = receiver.firstAt.size / ((last - t0) / 1000);
    const floodIds = new Set(receiver.firstAt.keys());
    let rows = await eventTimes();
    const floodLatency = latencies(floodIds, new Map(rows.map((r) => [r.event_id, r.created_at.getTime()])));
    const [load1] = os.loadavg();
    console.log(
      `(a) ${fmt(EVENTS)} message.delivered events to ${ACCOUNTS} webhooks through /ingest/v1/message-events (batches of ${BATCH}), posted in ${fmt(posted - t0)} ms (${fmt(EVENTS / ((posted - t0) / 1000))} events/s)`,
    );
    console.log(
      `    ${fmt(receiver.firstAt.size)} delivered, the last ${fmt(last - t0)} ms after the first post: ${fmt(rate)} deliveries/s (budget ≥ ${fmt(RATE_BUDGET)})   ${complete && rate >= RATE_BUDGET ? 'OK' : 'UNDER'}`,
    );
    console.log(
      `    first attempt after the event (with the backlog): median ${fmt(quantile(floodLatency, 0.5))} ms, p95 ${fmt(quantile(floodLatency, 0.95))} ms`,
    );
    console.log(
      `    CPU: server ${(cpu1.server - cpu0.server).toFixed(1)} s, PostgreSQL ${(cpu1.db - cpu0.db).toFixed(1)} s: ${fmt(EVENTS / (cpu1.server - cpu0.server + cpu1.db - cpu0.db))} events (ingested and delivered) per CPU-second; load average ${(load1 ?? 0).toFixed(1)} on ${os.availableParallelism()} cores`,
    );

    // ---- (b) latency at the budget's rate: a batch every 100 ms
    const paced = ids.slice(EVENTS);
    const perTick = Math.max(1, Math.round(RATE / 10));
    const start = Date.now();
    let tick = 0;
    for (let i = 0; i < paced.length; i += perTick, tick++) {
      const wait = start + tick * 100 - Date.now();
      if (wait > 0) await sleep(wait);
      await report(paced.slice(i, i + perTick));
    }
    const pacedSeconds = (Date.now() - start) / 1000;
    const completeB = await waitFor(EVENTS + paced.length);
    rows = await eventTimes();
    const times = new Map(rows.map((r) => [r.event_id, r.created_at.getTime()]));
    const pacedIds = [...receiver.firstAt.keys()].filter((id) => !floodIds.has(id));
    const lat = latencies(pacedIds, times);
    const median = quantile(lat, 0.5);
    const [load2] = os.loadavg();
    console.log(
      `(b) ${fmt(paced.length)} events at ${fmt(paced.length / pacedSeconds)} events/s (${perTick} every 100 ms for ${pacedSeconds.toFixed(1)} s): ${fmt(pacedIds.length)} delivered`,
    );
    console.log(
      `    first attempt after the event: median ${fmt(median)} ms, p95 ${fmt(quantile(lat, 0.95))} ms (budget median ≤ ${fmt(MEDIAN_BUDGET_MS)} ms)   ${completeB && median <= MEDIAN_BUDGET_MS ? 'OK' : 'OVER'}; load average ${(load2 ?? 0).toFixed(1)}`,
    );

    // every delivery recorded once, as succeeded at the first attempt; the signatures checked
    const states = new Map<string, number>();
    for (const r of rows) states.set(`${r.state}/${r.attempt}`, (states.get(`${r.state}/${r.attempt}`) ?? 0) + 1);
    const wanted = WARM + EVENTS + paced.length;
    const sound = rows.length === wanted && states.get('succeeded/1') === wanted && receiver.badSignatures === 0 && logged.errors === 0;
    console.log(
      `    deliveries recorded: ${[...states].map(([k, n]) => `${k} ${fmt(n)}`).join(', ')}; ${fmt(receiver.requests)} requests for ${fmt(WARM + receiver.firstAt.size)} events (warm-up included); ${receiver.badSignatures} bad signatures of ${fmt(Math.ceil(receiver.requests / 25))} checked; server log: ${logged.warnings} warnings, ${logged.errors} errors`,
    );

    const ok = complete && completeB && sound && rate >= RATE_BUDGET && median <= MEDIAN_BUDGET_MS;
    console.log(
      `\nwebhooks: ${fmt(rate)} deliveries/s (budget ≥ ${fmt(RATE_BUDGET)}) ${rate >= RATE_BUDGET ? 'OK' : 'UNDER'}; first attempt median ${fmt(median)} ms, p95 ${fmt(quantile(lat, 0.95))} ms (budget median ≤ ${fmt(MEDIAN_BUDGET_MS)} ms) ${median <= MEDIAN_BUDGET_MS ? 'OK' : 'OVER'}${sound ? '' : ' — DELIVERIES INCOMPLETE OR UNSOUND'}`,
    );
    process.exitCode = ok ? 0 : 1;
  } finally {
    if (server) await stopServer(server);
    await receiver.close();
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exitCode = 1;
});
