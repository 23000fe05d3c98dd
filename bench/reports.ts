/**
 * The reports budget (issue 14): a year's report (period=1year) reads the daily rollups, never the
 * raw records, so it answers as fast at 10,000,000 raw records as at the seed's ~10,000. Measured
 * in-process (buildReport, the service behind GET /api/reports) on PostgreSQL for the largest
 * customer (as its customer user) and for staff's all-customers view (with the analytics): the
 * median of RUNS runs after two warm-ups, each at both sizes.
 *
 * Databases on postgres://postgres@127.0.0.1:5432 (or BENCH_PG_URL's server): `portal_bench_reports_10k`
 * (the seed) and `portal_bench_reports_10m` (the seed plus the scale generator's CDRs and messages,
 * half each), created, seeded and scaled when short of rows. Loading stops after LOAD_BUDGET_S
 * seconds (REPORTS_LOAD_SECONDS) if 10,000,000 is not reached by then; the count printed is what
 * the database holds.
 */
import os from 'node:os';
import { pino } from 'pino';
import { loadConfig } from '../apps/server/src/config.ts';
import type { Database } from '../apps/server/src/db/client.ts';
import { scale } from '../apps/server/src/db/seed/scale.ts';
import { buildReport } from '../apps/server/src/domains/reports/service.ts';
import type { Ctx, UserActor } from '../apps/server/src/lib/context.ts';
import { ZReportQuery } from '../packages/contract/src/reports.ts';
import { openBenchDatabase } from './bench-db.ts';

const TARGET = Number(process.env.REPORTS_RAW_RECORDS ?? 10_000_000);
const LOAD_BUDGET_S = Number(process.env.REPORTS_LOAD_SECONDS ?? 240);
/** Rows per scale() call (half CDRs, half messages): each call folds its rows into the rollups. */
const STEP = 1_000_000;
const RUNS = 20;
const BUDGET_MS = 50;
/** "Within noise": the big database's median may exceed the small one's by this factor at most. */
const NOISE = 1.5;

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const log = pino({ level: 'silent' });
const config = loadConfig({});

async function query<T>(database: Database, text: string): Promise<T[]> {
  const result = await database.pool?.query(text);
  return (result?.rows ?? []) as T[];
}

const rawCount = async (database: Database) =>
  Number((await query<{ n: string }>(database, 'SELECT (SELECT count(*) FROM cdrs) + (SELECT count(*) FROM messages) AS n'))[0]?.n);

/** Tops the database up towards `target` raw records, in steps, until the time budget runs out. */
async function load(database: Database, target: number): Promise<{ records: number; seconds: number; complete: boolean }> {
  const started = performance.now();
  let have = await rawCount(database);
  while (have < target) {
    const elapsed = (performance.now() - started) / 1000;
    if (elapsed > LOAD_BUDGET_S) break;
    const n = Math.min(STEP, target - have);
    const r = await scale(database, { cdrs: Math.ceil(n / 2), messages: Math.floor(n / 2) });
    have = await rawCount(database);
    console.log(
      `  ${fmt(have)} raw records (+${fmt(n)} at ${fmt(r.rowsPerSecond)} rows/s, ${((performance.now() - started) / 1000).toFixed(0)} s)`,
    );
  }
  // the rollups were updated in place once per step: clear the dead rows as autovacuum would
  await database.pool?.query('VACUUM ANALYZE usage_daily');
  await database.pool?.query('ANALYZE');
  return { records: have, seconds: (performance.now() - started) / 1000, complete: have >= target };
}

function ctxAs(database: Database, actor: UserActor): Ctx {
  return { db: database.db, database, config, actor, origin: { ip: null, userAgent: null, requestId: null }, log };
}

const actor = (u: { id: string; email: string; name: string; customer_id: string | null }): UserActor => ({
  type: 'user',
  userId: u.id,
  email: u.email,
  name: u.name,
  kind: u.customer_id ? 'customer' : 'staff',
  role: 'Admin',
  roleKey: u.customer_id ? 'customer:admin' : 'staff:admin',
  customerId: u.customer_id,
  impersonatorId: null,
  sessionIdHash: null,
  remember: false,
});

/** The caller views: the customer with the most usage (its first user) and a staff admin. */
async function callers(database: Database) {
  type U = { id: string; email: string; name: string; customer_id: string | null; customer: string | null };
  const [customer] = await query<U>(
    database,
    `SELECT u.id, u.email, u.name, u.customer_id, c.name AS customer FROM users u JOIN customers c ON c.id = u.customer_id
     WHERE u.customer_id = (SELECT customer_id FROM usage_daily WHERE service <> 'Numbers' GROUP BY 1 ORDER BY sum(volume) DESC LIMIT 1)
     ORDER BY u.created_at LIMIT 1`,
  );
  const [staff] = await query<U>(
    database,
    `SELECT id, email, name, customer_id, NULL AS customer FROM users WHERE kind = 'staff' AND role = 'Admin' ORDER BY created_at LIMIT 1`,
  );
  if (!customer || !staff) throw new Error('The seed has no users');
  return [
    { label: `largest customer (${customer.customer})`, ctx: ctxAs(database, actor(customer)) },
    { label: "staff's all customers", ctx: ctxAs(database, actor(staff)) },
  ];
}

/**
 * The median time of a year's report, and the server's own CPU per report (this process: the
 * figures' assembly; the database's share runs in PostgreSQL's processes, parallel workers
 * included, and is in the time only). On a machine shared with other work the time also
 * measures the wait for a core: the load average is printed beside it.
 */
async function measure(ctx: Ctx): Promise<{ median: number; appCpu: number }> {
  const q = ZReportQuery.parse({ period: '1year' });
  for (let i = 0; i < 2; i++) await buildReport(ctx, q);
  const times: number[] = [];
  const app0 = process.cpuUsage();
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await buildReport(ctx, q);
    times.push(performance.now() - t0);
  }
  const app = process.cpuUsage(app0);
  times.sort((a, b) => a - b);
  return {
    median: ((times[RUNS / 2 - 1] as number) + (times[RUNS / 2] as number)) / 2,
    appCpu: (app.user + app.system) / 1000 / RUNS,
  };
}

const sizes: { records: number; rollupRows: number; results: Awaited<ReturnType<typeof measure>>[]; labels: string[] }[] = [];
for (const [name, target] of [
  ['portal_bench_reports_10k', 0],
  ['portal_bench_reports_10m', TARGET],
] as const) {
  const { database } = await openBenchDatabase(name, { from: 'BENCH_PG_URL', poolSize: 10 });
  let records = await rawCount(database);
  if (records < target) {
    console.log(`Loading ${name} towards ${fmt(target)} raw records (at most ${LOAD_BUDGET_S} s)...`);
    const l = await load(database, target);
    records = l.records;
    if (!l.complete)
      console.log(`  stopped after ${l.seconds.toFixed(0)} s at ${fmt(records)} raw records (the load budget), not ${fmt(target)}`);
  } else {
    await database.pool?.query('ANALYZE');
  }
  const rollupRows = Number((await query<{ n: string }>(database, 'SELECT count(*) AS n FROM usage_daily'))[0]?.n);
  const views = await callers(database);
  const results: Awaited<ReturnType<typeof measure>>[] = [];
  for (const v of views) results.push(await measure(v.ctx));
  sizes.push({ records, rollupRows, results, labels: views.map((v) => v.label) });
  await database.close();
}

const cpu = (r: Awaited<ReturnType<typeof measure>>) => `server CPU ${r.appCpu.toFixed(1)} ms`;
console.log(`Load average while measuring: ${os.loadavg()[0]?.toFixed(1)} on ${os.availableParallelism()} cores`);
let ok = true;
const [small, big] = sizes as [(typeof sizes)[number], (typeof sizes)[number]];
for (let i = 0; i < small.results.length; i++) {
  const a = small.results[i] as Awaited<ReturnType<typeof measure>>;
  const b = big.results[i] as Awaited<ReturnType<typeof measure>>;
  const within = a.median < BUDGET_MS && b.median < BUDGET_MS && b.median <= a.median * NOISE;
  ok &&= within;
  console.log(
    `Year report, ${big.labels[i]}: median ${a.median.toFixed(1)} ms (${cpu(a)}) at ${fmt(small.records)} raw records (${fmt(small.rollupRows)} rollup rows); ` +
      `${b.median.toFixed(1)} ms (${cpu(b)}) at ${fmt(big.records)} (${fmt(big.rollupRows)} rollup rows): ×${(b.median / a.median).toFixed(2)} ` +
      `(budget < ${BUDGET_MS} ms each, ≤ ×${NOISE})   ${within ? 'OK' : 'OVER'}`,
  );
}
process.exitCode = ok ? 0 : 1;
