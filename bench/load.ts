/**
 * Load (QUALITY.md, issue 8): 200 concurrent signed-in users on the list and dashboard endpoints,
 * on both engines, measured by autocannon against one server process on a loopback port, while a
 * probe times /healthz. Prints throughput, p99 and the probe's figures next to their budgets.
 *
 * Budgets: twice the throughput and half the p99 measured before the work on issue 8
 * (PostgreSQL 500 req/s, p99 745 ms; embedded 150 req/s, p99 3.4 s), and /healthz within 50 ms.
 * The load reads and never writes, so the answer cache (decision 0056) serves nearly all of it: each
 * engine runs again with the cache off, printed for comparison (BENCH_LOAD_UNCACHED=0 skips that).
 * The load client shares this machine's cores with the server: the figures are the server's
 * share of them, not its ceiling.
 *
 * PostgreSQL: DATABASE_URL, or `portal_load` created on postgres://postgres@127.0.0.1:5432 and seeded
 * with the demo data (BENCH_LOAD_DB names another database). Skipped (and said so) when no server
 * answers. BENCH_LOAD_SECONDS sets the run, BENCH_LOAD_PORT the first of its two ports; BENCH_LOAD_ENGINES=pg or =pglite runs one engine.
 * bench/load-cluster.ts runs the same load on one instance and on two behind HAProxy (issue 15).
 */
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { migrateAndSeed } from './bench-db.ts';
import { signIn, startServer, stopServer } from './bench-server.ts';

export const CONNECTIONS = 200;
export const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 20);
const HEALTH_BUDGET_MS = 50;
const DB_NAME = process.env.BENCH_LOAD_DB ?? 'portal_load';
export const PORT = Number(process.env.BENCH_LOAD_PORT ?? 4391);
if (!/^[a-z_][a-z0-9_]*$/.test(DB_NAME)) throw new Error('BENCH_LOAD_DB: lower-case letters, digits and _ only');
const ENGINES = (process.env.BENCH_LOAD_ENGINES ?? 'pg,pglite').split(',');
const BUDGETS = {
  pg: { rps: 1000, p99: 372 },
  pglite: { rps: 300, p99: 1700 },
} as const;

const STAFF_PATHS = [
  '/api/admin/customers?page=1&pageSize=20',
  '/api/admin/dashboard',
  '/api/numbers?page=1&pageSize=20',
  '/api/voice/trunks?page=1&pageSize=20',
  '/api/voice/cdrs?limit=20',
  '/api/accounts?page=1&pageSize=20',
  '/api/shell/summary',
  '/api/notifications?limit=10',
];
const CUSTOMER_PATHS = [
  '/api/dashboard',
  '/api/numbers?page=1&pageSize=20',
  '/api/voice/trunks?page=1&pageSize=20',
  '/api/voice/cdrs?limit=20',
  '/api/accounts?page=1&pageSize=20',
  '/api/shell/summary',
  '/api/company',
  '/api/notifications?limit=10',
];
/** Ten sessions (sign-in is throttled per address): staff and both customer roles. */
const SIGN_INS = [
  ...Array.from({ length: 4 }, () => ({ email: 'admin@example.com', portal: 'admin', paths: STAFF_PATHS })),
  ...Array.from({ length: 3 }, () => ({ email: 'customer@example.com', portal: 'customer', paths: CUSTOMER_PATHS })),
  ...Array.from({ length: 3 }, () => ({ email: 'user@example.com', portal: 'customer', paths: CUSTOMER_PATHS })),
];

/**
 * The probe: GET /healthz every 50 ms until told to stop, timed in a thread of its own, so that the
 * load client's busy event loop (autocannon runs in this one) does not count as the server's time.
 */
const PROBE = `
const { parentPort, workerData } = require('node:worker_threads');
const samples = [];
let running = true;
parentPort.on('message', () => { running = false; });
(async () => {
  // the probe's own start (its HTTP client, its connection) is not the server's time
  await (await fetch(workerData.url)).arrayBuffer();
  parentPort.postMessage('ready');
  while (running) {
    const t = performance.now();
    try {
      await (await fetch(workerData.url)).arrayBuffer();
      samples.push(performance.now() - t);
    } catch {
      samples.push(Number.POSITIVE_INFINITY);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  parentPort.postMessage(samples);
})();
`;

/** Times GET /healthz every 50 ms until stopped (in a worker thread), once the probe is ready. */
export async function probeHealth(base: string) {
  const worker = new Worker(PROBE, { eval: true, workerData: { url: `${base}/healthz` } });
  const messages: unknown[] = [];
  let notify = () => {};
  worker.on('message', (m) => {
    messages.push(m);
    notify();
  });
  const failed = new Promise<never>((_, reject) => worker.once('error', reject));
  const next = () =>
    Promise.race([
      failed,
      new Promise<unknown>((resolve) => {
        notify = () => resolve(messages.shift());
        if (messages.length) notify();
      }),
    ]);
  if ((await next()) !== 'ready') throw new Error('The /healthz probe did not start');
  return async () => {
    worker.postMessage('stop');
    const samples = (await next()) as number[];
    await worker.terminate();
    const s = [...samples].sort((a, b) => a - b);
    return { p99: s[Math.floor(0.99 * (s.length - 1))] ?? 0, max: s[s.length - 1] ?? 0, n: s.length };
  };
}

interface Conn {
  cookie?: string;
  paths?: string[];
  k?: number;
}

export type Session = { cookie: string; paths: string[] };

/** The ten sessions of the mixed load, signed in on `base`, each path fetched once per session (warm-up). */
export async function signInSessions(base: string): Promise<Session[]> {
  const sessions: Session[] = [];
  for (const who of SIGN_INS) sessions.push({ cookie: await signIn(base, who), paths: who.paths });
  for (const s of sessions) for (const p of s.paths) await fetch(base + p, { headers: { cookie: s.cookie } });
  return sessions;
}

/** The mixed load: CONNECTIONS connections for SECONDS over the sessions' paths, /healthz probed meanwhile. */
export async function mixedLoad(base: string, sessions: Session[]) {
  let nextConnection = 0;
  const stopProbe = await probeHealth(base);
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [
      {
        method: 'GET',
        setupRequest: (req, context: Conn) => {
          if (!context.cookie) {
            const s = sessions[nextConnection++ % sessions.length] as Session;
            context.cookie = s.cookie;
            context.paths = s.paths;
            context.k = nextConnection;
          }
          const paths = context.paths as string[];
          const k = (context.k ?? 0) + 1;
          context.k = k;
          return { ...req, path: paths[k % paths.length], headers: { ...req.headers, cookie: context.cookie as string } };
        },
      },
    ],
  });
  return { result, health: await stopProbe() };
}

/** One engine's figures under the mixed load; `budgeted` runs are checked against BUDGETS, the others only printed. */
async function measure(engine: 'pg' | 'pglite', env: Record<string, string>, port: number, budgeted = true): Promise<boolean> {
  // sign-in is limited per address in the database: this bench and bench/load-cluster.ts sign in 10 times a run
  const server = await startServer({ RATE_LIMIT_SIGN_IN_PER_MINUTE: '1000', ...env }, port);
  try {
    const base = `http://127.0.0.1:${port}`;
    const { result, health } = await mixedLoad(base, await signInSessions(base));
    const budget = BUDGETS[engine];
    const rps = result.requests.average;
    const p99 = result.latency.p99;
    const failures = result.non2xx + result.errors + result.timeouts;
    const ok = rps >= budget.rps && p99 <= budget.p99 && health.p99 <= HEALTH_BUDGET_MS && failures === 0;
    const name = `${engine === 'pg' ? 'PostgreSQL' : 'embedded PGlite'}${budgeted ? '' : ', answer cache off (API_CACHE_SECONDS=0)'}`;
    const verdict = (pass: boolean) => (budgeted ? (pass ? ' OK' : ' OVER') : ' (for comparison, not budgeted)');
    console.log(
      `${name}: ${Math.round(rps).toLocaleString('en-US')} req/s, p99 ${p99} ms over ${SECONDS} s with ${CONNECTIONS} connections, ${failures} failed (${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts) (budget: >= ${budget.rps} req/s, p99 <= ${budget.p99} ms, none failed)${verdict(rps >= budget.rps && p99 <= budget.p99 && failures === 0)}`,
    );
    console.log(
      `  /healthz under that load: p99 ${health.p99.toFixed(1)} ms, max ${health.max.toFixed(1)} ms over ${health.n} probes (budget: p99 <= ${HEALTH_BUDGET_MS} ms)${verdict(health.p99 <= HEALTH_BUDGET_MS)}`,
    );
    return ok || !budgeted;
  } finally {
    await stopServer(server);
  }
}

/**
 * The budgeted run (the defaults: answers kept per session while nothing changes, decision 0056),
 * then, for comparison, the same load with every answer computed (BENCH_LOAD_UNCACHED=0 skips it).
 */
async function measureEngine(engine: 'pg' | 'pglite', env: () => Record<string, string>, port: number): Promise<boolean> {
  const ok = await measure(engine, env(), port);
  if (process.env.BENCH_LOAD_UNCACHED !== '0') await measure(engine, { ...env(), API_CACHE_SECONDS: '0' }, port, false);
  return ok;
}

export async function postgresUrl(): Promise<string | null> {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres', connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DB_NAME]);
  if (!exists.rowCount) await admin.query(`CREATE DATABASE ${DB_NAME}`);
  await admin.end();
  return `postgres://postgres@127.0.0.1:5432/${DB_NAME}`;
}

/** Migrates the database at `url`, and seeds the demo data when it has none. */
export async function prepareDatabase(url: string) {
  const database = await openDatabase({ url, poolSize: 2 });
  await migrateAndSeed(database, DB_NAME);
  await database.close();
}

async function main() {
  let allOk = true;
  const url = ENGINES.includes('pg') ? await postgresUrl() : null;
  if (!ENGINES.includes('pg')) {
    console.log('PostgreSQL: not asked for (BENCH_LOAD_ENGINES)');
  } else if (url) {
    await prepareDatabase(url);
    allOk = (await measureEngine('pg', () => ({ DATABASE_URL: url }), PORT)) && allOk;
  } else {
    console.log('PostgreSQL: no server on 127.0.0.1:5432 and no DATABASE_URL: skipped');
  }
  if (ENGINES.includes('pglite')) {
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-bench-load-'));
    try {
      allOk = (await measureEngine('pglite', () => ({ DATA_DIR: dir, DATABASE_URL: '' }), PORT + 1)) && allOk;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  process.exitCode = allOk ? 0 : 1;
}

// bench/load-cluster.ts imports the load from here: the measurement runs only when this file is run.
if (process.argv[1] && realpathSync(process.argv[1]) === realpathSync(import.meta.filename)) await main();
