/**
 * Record-list budgets (QUALITY.md; issue 9 for messages) at a million rows each, on PostgreSQL,
 * for the CDRs and the messages (delivery reports):
 * (a) a filtered list: the API's median and p95 for the first and the 1,000th page next to the
 *     same statement's time in the database alone (timed round trip and EXPLAIN ANALYZE);
 * (b) the CSV export: the API's rows/s and the server process's peak RSS growth next to
 *     PostgreSQL's own `COPY (query) TO STDOUT` (psql's \copy) of the same rows.
 *
 * Database: DATABASE_URL, or `portal_bench` created on postgres://postgres@127.0.0.1:5432. It is
 * migrated, seeded and scaled to 1,000,000 CDRs and 1,000,000 messages only when it has fewer. The
 * server runs as its own process on a loopback port, so its memory is measured alone.
 *
 * bench/ten-million.ts runs it again at 10,000,000 CDRs with these (each has the default above):
 * BENCH_RECORDS_DB (the database's name), BENCH_CDRS and BENCH_MESSAGES (the rows to reach),
 * BENCH_KINDS (`CDR`, `message` or both), BENCH_EXPORT_RUNS (3), and BENCH_JSON: a file the
 * figures are written to (bench/figures.ts).
 */
import { type ChildProcess, execFileSync } from 'node:child_process';
import { openSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { messageExportStatement, messagePageStatement } from '../apps/server/src/domains/messaging/repo.ts';
import { cdrExportStatement, cdrPageStatement } from '../apps/server/src/domains/voice/repo.ts';
import { dayRange, encodeCursor } from '../apps/server/src/lib/cursor.ts';
import { inlineStatement, type Statement, type TimeKey } from '../apps/server/src/lib/sql-statement.ts';
import { benchDatabaseUrl, migrateAndSeed, scaleTo } from './bench-db.ts';
import { injectSignIn, STAFF_ADMIN, signIn, startServer } from './bench-server.ts';
import { figure, stats } from './figures.ts';

const TARGET_CDRS = Number(process.env.BENCH_CDRS ?? 1_000_000);
const TARGET_MESSAGES = Number(process.env.BENCH_MESSAGES ?? 1_000_000);
const DB_NAME = process.env.BENCH_RECORDS_DB ?? 'portal_bench';
const ONLY_KINDS = (process.env.BENCH_KINDS ?? 'CDR,message').split(',');
const EXPORT_RUNS = Number(process.env.BENCH_EXPORT_RUNS ?? 3);
const PAGE = 20;
const RUNS = 200;
const LIST_BUDGET_MS = 2;
const EXPORT_RATIO_BUDGET = 0.8;
const EXPORT_MEMORY_BUDGET_MB = 100;

/** A record table the bench measures: how to read a page and the export, through the API and the database. */
interface RecordKind {
  noun: string;
  table: 'cdrs' | 'messages';
  time: 'started_at' | 'sent_at';
  listPath: string;
  exportPath: string;
  page: (customerId: string, since: Date, until: Date, after: TimeKey | null, limit: number) => Statement;
  whole: (since: Date, until: Date) => Statement;
}

const KINDS: RecordKind[] = [
  {
    noun: 'CDR',
    table: 'cdrs',
    time: 'started_at',
    listPath: '/api/voice/cdrs',
    exportPath: '/api/voice/cdrs/export',
    page: (customerId, since, until, after, limit) => cdrPageStatement({ customerId, accountId: null, since, until }, after, limit),
    whole: (since, until) => cdrExportStatement({ customerId: null, accountId: null, since, until }, 'UTC'),
  },
  {
    noun: 'message',
    table: 'messages',
    time: 'sent_at',
    listPath: '/api/messaging/messages',
    exportPath: '/api/messaging/messages/export',
    page: (customerId, since, until, after, limit) =>
      messagePageStatement({ customerId, accountId: null, filters: {}, since, until }, after, limit),
    whole: (since, until) => messageExportStatement({ customerId: null, accountId: null, filters: {}, since, until }, 'UTC'),
  },
];

/** The server's own log (warnings and up), kept in a file: if it stops before the bench does, the bench says why. */
const SERVER_LOG = path.join(os.tmpdir(), `bench-records-server-${process.pid}.log`);

let stopping = false;

const rssMb = (pid: number) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : 0;
};

interface Env {
  pool: pg.Pool;
  url: string;
  base: string;
  cookie: string;
  pid: number;
  timeHttp: (u: string) => Promise<{ ms: number; body: string }>;
  timeInject: (u: string) => Promise<{ ms: number; body: string }>;
}

const countLines = (chunk: Uint8Array) => {
  const buf = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  let n = 0;
  for (let i = buf.indexOf(10); i !== -1; i = buf.indexOf(10, i + 1)) n++;
  return n;
};

/** (a) the list's first and 1,000th page of the busiest customer's last year; true when within budget. */
async function benchList(kind: RecordKind, env: Env): Promise<boolean> {
  const { pool } = env;
  const busiest = (
    await pool.query(`SELECT customer_id, count(*)::int AS n FROM ${kind.table} GROUP BY customer_id ORDER BY n DESC LIMIT 1`)
  ).rows[0] as { customer_id: string; n: number };
  const today = new Date().toISOString().slice(0, 10);
  const yearAgo = new Date(Date.now() - 366 * 86_400_000).toISOString().slice(0, 10);
  const range = dayRange(yearAgo, today);
  const deep = (
    await pool.query(
      `SELECT ${kind.time} AS at, id FROM ${kind.table} WHERE customer_id = $1 AND ${kind.time} >= $2 AND ${kind.time} < $3
       ORDER BY ${kind.time} DESC, id DESC OFFSET $4 LIMIT 1`,
      [busiest.customer_id, range.from, range.until, PAGE * 999 - 1],
    )
  ).rows[0] as { at: Date; id: number } | undefined;
  if (!deep) throw new Error('Not enough rows for a 1,000th page');
  const cursor = encodeCursor({ at: deep.at, id: Number(deep.id) });
  console.log(
    `\n(a) Filtered ${kind.noun} list: customer ${busiest.customer_id} (${busiest.n.toLocaleString('en-US')} ${kind.noun}s), ${yearAgo}..${today}, ${PAGE} per page, ${RUNS} runs each`,
  );
  console.log('    page      via         API median   API p95   DB median   DB p95   EXPLAIN ANALYZE   API - DB (median)   budget');
  let listOk = true;
  for (const [label, after] of [
    ['first', null],
    ['1,000th', { at: deep.at, id: Number(deep.id) }],
  ] as const) {
    const apiUrl = `${kind.listPath}?customerId=${busiest.customer_id}&startDate=${yearAgo}&endDate=${today}&limit=${PAGE}${after ? `&cursor=${cursor}` : ''}`;
    const statement = kind.page(busiest.customer_id, range.from as Date, range.until as Date, after, PAGE);
    const http: number[] = [];
    const inject: number[] = [];
    const db: number[] = [];
    for (let i = 0; i < RUNS + 50; i++) {
      const h = await env.timeHttp(apiUrl);
      const j = await env.timeInject(apiUrl);
      if ((JSON.parse(j.body) as { items: unknown[] }).items.length !== PAGE) throw new Error('short page');
      const t = performance.now();
      await pool.query(statement.text, statement.params);
      if (i >= 50) {
        http.push(h.ms);
        inject.push(j.ms);
        db.push(performance.now() - t);
      }
    }
    const plan = await pool.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${statement.text}`, statement.params);
    const execution = (plan.rows[0]['QUERY PLAN'][0] as { 'Execution Time': number })['Execution Time'];
    const d = stats(db);
    for (const [via, samples] of [
      ['app.inject', inject],
      ['HTTP', http],
    ] as const) {
      const a = stats(samples);
      const overhead = a.median - d.median;
      const judged = via === 'app.inject';
      if (judged) {
        listOk &&= overhead <= LIST_BUDGET_MS;
        figure(`${kind.noun} list ${label} page (API median)`, a.median, 'ms');
        figure(`${kind.noun} list ${label} page (API - DB)`, overhead, 'ms');
      }
      console.log(
        `    ${label.padEnd(9)} ${via.padEnd(10)} ${a.median.toFixed(2).padStart(8)} ms ${a.p95.toFixed(2).padStart(7)} ms ${d.median.toFixed(2).padStart(8)} ms ${d.p95.toFixed(2).padStart(6)} ms ${execution.toFixed(3).padStart(12)} ms ${overhead.toFixed(2).padStart(14)} ms (x${(a.median / d.median).toFixed(2)})   ${judged ? `<= ${LIST_BUDGET_MS} ms ${overhead <= LIST_BUDGET_MS ? 'OK' : 'OVER'}` : '(info: + HTTP client)'}`,
      );
    }
  }
  return listOk;
}

/** (b) every row, staff scope, through the API next to PostgreSQL's own COPY; true when within budget. */
async function benchExport(kind: RecordKind, env: Env): Promise<boolean> {
  const { pool, url } = env;
  const today = new Date().toISOString().slice(0, 10);
  const exportRange = dayRange('2000-01-01', today);
  const copySql = inlineStatement(kind.whole(exportRange.from as Date, exportRange.until as Date), (v) =>
    pg.Client.prototype.escapeLiteral(v),
  );
  console.log(`\n(b) CSV export of every ${kind.noun} (2000-01-01..${today})`);
  const dbRows = Number((await pool.query(`SELECT count(*) AS n FROM (${copySql}) q`)).rows[0].n);
  // PostgreSQL's own COPY of the same query: psql's \copy when psql is installed, else pg-copy-streams
  const copyOnce = async (): Promise<{ seconds: number; how: string }> => {
    try {
      const t = performance.now();
      execFileSync('psql', [
        url,
        '-X',
        '-q',
        '-c',
        `\\copy (${copySql.replaceAll('\n', ' ')}) TO '/dev/null' WITH (FORMAT csv, HEADER true)`,
      ]);
      return { seconds: (performance.now() - t) / 1000, how: 'psql \\copy' };
    } catch {
      const client = await pool.connect();
      const t = performance.now();
      const stream = client.query(copyTo(`COPY (${copySql}) TO STDOUT WITH (FORMAT csv, HEADER true)`));
      for await (const chunk of stream) countLines(chunk as Buffer);
      client.release();
      return { seconds: (performance.now() - t) / 1000, how: 'COPY TO STDOUT (pg-copy-streams)' };
    }
  };
  const before = rssMb(env.pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(env.pid));
  }, 20);
  const exportOnce = async () => {
    const t = performance.now();
    const res = await fetch(`${env.base}${kind.exportPath}?startDate=2000-01-01&endDate=${today}`, { headers: { cookie: env.cookie } });
    if (!res.ok || !res.body) throw new Error(`Export answered ${res.status}`);
    let n = 0;
    let size = 0;
    for await (const chunk of res.body) {
      size += chunk.length;
      n += countLines(chunk);
    }
    return { seconds: (performance.now() - t) / 1000, lines: n, bytes: size };
  };
  // three runs of each, alternating, median taken: the machine is shared
  const copies: number[] = [];
  const exports: { seconds: number; lines: number; bytes: number }[] = [];
  let how = '';
  for (let i = 0; i < EXPORT_RUNS; i++) {
    const c = await copyOnce();
    copies.push(c.seconds);
    how = c.how;
    exports.push(await exportOnce());
  }
  clearInterval(sampler);
  peak = Math.max(peak, rssMb(env.pid));
  const dbSeconds = stats(copies).median;
  const middle = [...exports].sort((a, b) => a.seconds - b.seconds)[Math.floor(exports.length / 2)] as {
    seconds: number;
    lines: number;
    bytes: number;
  };
  const apiRows = middle.lines - 1;
  if (apiRows !== dbRows) throw new Error(`The export has ${apiRows} rows, the database ${dbRows}`);
  const apiRate = apiRows / middle.seconds;
  const dbRate = dbRows / dbSeconds;
  const growth = peak - before;
  console.log(
    `    PostgreSQL (${how}, median of ${EXPORT_RUNS}): ${dbRows.toLocaleString('en-US')} rows in ${dbSeconds.toFixed(2)} s = ${Math.round(dbRate).toLocaleString('en-US')} rows/s`,
  );
  console.log(
    `    API export (HTTP, median of ${EXPORT_RUNS}): ${apiRows.toLocaleString('en-US')} rows, ${(middle.bytes / 1048576).toFixed(0)} MB in ${middle.seconds.toFixed(2)} s = ${Math.round(apiRate).toLocaleString('en-US')} rows/s`,
  );
  const ratio = apiRate / dbRate;
  figure(`${kind.noun} export rows/s (API)`, apiRate, 'rows/s');
  figure(`${kind.noun} export / PostgreSQL COPY`, ratio, 'x');
  figure(`${kind.noun} export server RSS growth`, peak - before, 'MB');
  console.log(
    `    rate ratio API / PostgreSQL: ${ratio.toFixed(2)}   budget >= ${EXPORT_RATIO_BUDGET}   ${ratio >= EXPORT_RATIO_BUDGET ? 'OK' : 'UNDER'}`,
  );
  console.log(
    `    server RSS: ${before.toFixed(0)} MB before, ${peak.toFixed(0)} MB peak: growth ${growth.toFixed(1)} MB   budget < ${EXPORT_MEMORY_BUDGET_MB} MB   ${growth < EXPORT_MEMORY_BUDGET_MB ? 'OK' : 'OVER'}`,
  );
  return ratio >= EXPORT_RATIO_BUDGET && growth < EXPORT_MEMORY_BUDGET_MB;
}

async function main() {
  const url = await benchDatabaseUrl(DB_NAME, 'DATABASE_URL');
  const database = await openDatabase({ url, poolSize: 4 });
  const pool = database.pool as pg.Pool;
  let server: ChildProcess | undefined;
  try {
    await migrateAndSeed(database, 'the demo data');
    await scaleTo(database, { cdrs: TARGET_CDRS, messages: TARGET_MESSAGES }, DB_NAME);
    const port = 4390 + Math.floor(Math.random() * 100);
    // every answer computed: a kept answer (the CDR list is `cache: true`) would time the answer cache, not the list
    server = await startServer({ DATABASE_URL: url, API_CACHE_SECONDS: '0' }, port, { stdout: openSync(SERVER_LOG, 'w') });
    server.on('exit', (code, signal) => {
      if (stopping) return;
      const tail = readFileSync(SERVER_LOG, 'utf8').split('\n').slice(-15).join('\n');
      console.error(
        `The server stopped (exit ${code}, signal ${signal}) before the bench did. The end of its log (${SERVER_LOG}):\n${tail}`,
      );
    });
    const base = `http://127.0.0.1:${port}`;
    const cookie = await signIn(base, STAFF_ADMIN);

    // the same API in this process through app.inject: the server's own time, without an HTTP client
    const app = await buildApp({
      database,
      config: loadConfig({ DATABASE_URL: url, LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', API_CACHE_SECONDS: '0' }),
      logger: false,
    });
    await app.ready();
    const injectCookie = await injectSignIn(app, STAFF_ADMIN);
    const env: Env = {
      pool,
      url,
      base,
      cookie,
      pid: server.pid as number,
      timeHttp: async (u) => {
        const t = performance.now();
        const res = await fetch(`${base}${u}`, { headers: u === '/healthz' ? {} : { cookie } });
        const body = await res.text();
        if (!res.ok) throw new Error(`API answered ${res.status}`);
        return { ms: performance.now() - t, body };
      },
      timeInject: async (u) => {
        const t = performance.now();
        const res = await app.inject({ method: 'GET', url: u, headers: { cookie: injectCookie } });
        if (res.statusCode !== 200) throw new Error(`API answered ${res.statusCode}`);
        return { ms: performance.now() - t, body: res.body };
      },
    };
    const fixed = { http: [] as number[], auth: [] as number[] };
    for (let i = 0; i < RUNS + 50; i++) {
      const h = await env.timeHttp('/healthz');
      const a = await env.timeInject('/api/voice/platform-ips');
      if (i >= 50) {
        fixed.http.push(h.ms);
        fixed.auth.push(a.ms);
      }
    }
    console.log(
      `\nRecord-list benchmarks on PostgreSQL, ${TARGET_CDRS.toLocaleString('en-US')}+ CDRs and ${TARGET_MESSAGES.toLocaleString('en-US')}+ messages`,
    );
    console.log(
      `    fixed costs (median): an HTTP round trip on loopback (/healthz) ${stats(fixed.http).median.toFixed(2)} ms; a signed-in no-op route (session lookup, app.inject) ${stats(fixed.auth).median.toFixed(2)} ms`,
    );
    let ok = true;
    for (const kind of KINDS.filter((k) => ONLY_KINDS.includes(k.noun))) {
      console.log(`\n--- ${kind.noun}s ---`);
      ok = (await benchList(kind, env)) && ok;
      ok = (await benchExport(kind, env)) && ok;
    }
    await app.close();
    console.log(`\nRecord-list budgets: ${ok ? 'all within budget' : 'OVER BUDGET'}`);
    process.exitCode = ok ? 0 : 1;
  } finally {
    stopping = true;
    server?.kill('SIGTERM');
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exitCode = 1;
});
