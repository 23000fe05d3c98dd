/**
 * The Reports CDR tab's Excel export at a million rows (issue 14's budget): an .xlsx of 1,000,000
 * CDRs streamed through GET /api/reports/cdrs/export (a real listen on loopback, the reply read as
 * a stream), printing the server's RSS and heap growth against the budget of 150 MB and the rows/s.
 *
 * Such a range is over LARGE_EXPORT_ROWS, so the route would queue it as a job (202): the bench
 * raises the threshold (exportLimits) so the same route streams it instead, and says so. The
 * server runs in a process of its own (started after the database is loaded, so the load's memory
 * does not hide the export's), as a real server would; the bench reads the reply over HTTP.
 *
 * Database: DATABASE_URL, or `portal_bench_exports` created on postgres://postgres@127.0.0.1:5432,
 * migrated, seeded and scaled to 1,000,000 CDRs when it has fewer.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type pg from 'pg';
import { pino } from 'pino';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { type Database, openDatabase } from '../apps/server/src/db/client.ts';
import { exportLimits, LARGE_EXPORT_ROWS } from '../apps/server/src/domains/reports/export.ts';
import { openJobQueue } from '../apps/server/src/jobs/queue.ts';
import { ALL_JOBS } from '../apps/server/src/jobs/registry.ts';
import { benchDatabaseUrl, migrateAndSeed, scaleTo } from './bench-db.ts';
import { STAFF_ADMIN, signIn } from './bench-server.ts';

const TARGET_ROWS = 1_000_000;
const MEMORY_BUDGET_MB = 150;
const DB_NAME = 'portal_bench_exports';

const mb = (bytes: number) => bytes / 1048576;
const rssMb = () => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
  return m ? Number(m[1]) / 1024 : mb(process.memoryUsage().rss);
};

/** The database as a first start leaves it (tables, demo data, the job queue's tables), with a million CDRs. */
async function prepare(database: Database): Promise<void> {
  await migrateAndSeed(database, 'the demo data');
  const queue = await openJobQueue({ database, config: loadConfig({ LOG_LEVEL: 'silent' }), log: pino({ level: 'silent' }) }, ALL_JOBS, {
    workers: false,
  });
  await queue.stop();
  await scaleTo(database, { cdrs: TARGET_ROWS, messages: 0 }, DB_NAME);
}

/** Messages between the bench and its server process. */
type ToServer = { type: 'raise' } | { type: 'start' } | { type: 'stop' };
type FromServer =
  | { type: 'ready'; port: number }
  | { type: 'raised' }
  | { type: 'started'; rss: number; heap: number }
  | { type: 'stopped'; rssPeak: number; heapPeak: number };

/**
 * The server process: the app on a loopback port; on 'raise' the threshold goes up so the route
 * streams the export; between 'start' and 'stop' it samples its own RSS and heap every 20 ms.
 */
async function serve(url: string): Promise<void> {
  const database = await openDatabase({ url, poolSize: 4 });
  const app = await buildApp({
    database,
    config: loadConfig({ DATABASE_URL: url, LOG_LEVEL: 'warn', WEB_DIST: '/nonexistent' }),
    logger: false,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const send = (m: FromServer) => process.send?.(m);
  let sampler: NodeJS.Timeout | undefined;
  let rssPeak = 0;
  let heapPeak = 0;
  process.on('message', async (m: ToServer) => {
    if (m.type === 'raise') {
      exportLimits.largeRows = Number.MAX_SAFE_INTEGER;
      send({ type: 'raised' });
    } else if (m.type === 'start') {
      global.gc?.();
      rssPeak = rssMb();
      heapPeak = mb(process.memoryUsage().heapUsed);
      send({ type: 'started', rss: rssPeak, heap: heapPeak });
      sampler = setInterval(() => {
        rssPeak = Math.max(rssPeak, rssMb());
        heapPeak = Math.max(heapPeak, mb(process.memoryUsage().heapUsed));
      }, 20);
    } else {
      clearInterval(sampler);
      send({ type: 'stopped', rssPeak: Math.max(rssPeak, rssMb()), heapPeak });
      await app.close();
      await database.close();
      process.disconnect?.();
    }
  });
  send({ type: 'ready', port: (app.server.address() as AddressInfo).port });
}

/** The bench: starts the server process, checks the route queues such a range, then times the stream. */
async function measure(url: string): Promise<void> {
  const server = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', import.meta.filename, '--serve'], {
    env: { ...process.env, DATABASE_URL: url },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = <T extends FromServer['type']>(type: T) =>
    new Promise<Extract<FromServer, { type: T }>>((resolve, reject) => {
      const onMessage = (m: FromServer) => {
        if (m.type !== type) return;
        server.off('message', onMessage);
        resolve(m as Extract<FromServer, { type: T }>);
      };
      server.on('message', onMessage);
      server.once('exit', (code) => reject(new Error(`The server process ended (${code})`)));
    });
  const tell = (m: ToServer) => server.send(m);
  const database = await openDatabase({ url, poolSize: 2 });
  const pool = database.pool as pg.Pool;
  try {
    const { port } = await next('ready');
    const base = `http://127.0.0.1:${port}`;
    const cookie = await signIn(base, STAFF_ADMIN);

    // every CDR of the book: the first and the last day of the table (in any zone) and a day either side
    const span = (await pool.query('SELECT min(started_at) AS a, max(started_at) AS b, count(*)::int AS n FROM cdrs')).rows[0] as {
      a: Date;
      b: Date;
      n: number;
    };
    const day = (d: Date, shift: number) => new Date(d.getTime() + shift * 86_400_000).toISOString().slice(0, 10);
    const query = `startDate=${day(span.a, -1)}&endDate=${day(span.b, 1)}&format=xlsx`;

    const queued = await fetch(`${base}/api/reports/cdrs/export?${query}`, { headers: { cookie } });
    const queuedAnswer = queued.status === 202 ? ((await queued.json()) as { file: { id: string } }) : null;
    if (queued.status !== 202) await queued.body?.cancel();
    console.log(
      `\nExcel export of every CDR (${span.n.toLocaleString('en-US')} rows, ${day(span.a, -1)}..${day(span.b, 1)}) through GET /api/reports/cdrs/export`,
    );
    console.log(
      `    at the real threshold (LARGE_EXPORT_ROWS = ${LARGE_EXPORT_ROWS.toLocaleString('en-US')}) the route answers ${queued.status}${queuedAnswer ? ' (queued as a job)' : ''}; the bench raises the server's threshold so the same route streams it`,
    );
    if (queuedAnswer) await pool.query('DELETE FROM report_files WHERE id = $1', [queuedAnswer.file.id]);
    tell({ type: 'raise' });
    await next('raised');

    tell({ type: 'start' });
    const before = await next('started');
    const file = path.join(tmpdir(), `report-export-bench-${process.pid}.xlsx`);
    const t = performance.now();
    const res = await fetch(`${base}/api/reports/cdrs/export?${query}`, { headers: { cookie } });
    if (res.status !== 200 || !res.body) throw new Error(`The export answered ${res.status}`);
    const out = createWriteStream(file);
    let bytes = 0;
    let firstByte = 0;
    for await (const chunk of res.body) {
      if (!firstByte) firstByte = performance.now() - t;
      bytes += chunk.length;
      if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()));
    }
    await new Promise<void>((r) => out.end(() => r()));
    const seconds = (performance.now() - t) / 1000;
    const encoding = res.headers.get('content-encoding') ?? 'none';
    tell({ type: 'stop' });
    const after = await next('stopped');

    // the rows the file holds, read back with exceljs's streaming reader (not timed)
    let rows = 0;
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, {
      worksheets: 'emit',
      sharedStrings: 'ignore',
      styles: 'ignore',
      hyperlinks: 'ignore',
    });
    for await (const sheet of reader) for await (const _row of sheet) rows++;
    rmSync(file, { force: true });
    const dataRows = rows - 1;
    if (dataRows !== span.n) throw new Error(`The file holds ${dataRows} rows, the table ${span.n}`);

    const growth = after.rssPeak - before.rss;
    const rate = dataRows / seconds;
    console.log(
      `    ${dataRows.toLocaleString('en-US')} rows, ${mb(bytes).toFixed(1)} MB in ${seconds.toFixed(1)} s (first byte after ${firstByte.toFixed(0)} ms, content-encoding ${encoding}) = ${Math.round(rate).toLocaleString('en-US')} rows/s`,
    );
    console.log(
      `    server heap: ${before.heap.toFixed(0)} MB before, ${after.heapPeak.toFixed(0)} MB peak (growth ${(after.heapPeak - before.heap).toFixed(1)} MB)`,
    );
    console.log(
      `    server RSS: ${before.rss.toFixed(0)} MB before, ${after.rssPeak.toFixed(0)} MB peak: growth ${growth.toFixed(1)} MB   budget < ${MEMORY_BUDGET_MB} MB   ${growth < MEMORY_BUDGET_MB ? 'OK' : 'OVER'}`,
    );
    process.exitCode = growth < MEMORY_BUDGET_MB ? 0 : 1;
  } finally {
    if (server.exitCode === null) server.kill('SIGTERM');
    await database.close();
  }
}

async function main() {
  const url = await benchDatabaseUrl(DB_NAME, 'DATABASE_URL');
  if (process.argv.includes('--serve')) return serve(url);
  const database = await openDatabase({ url, poolSize: 4 });
  try {
    await prepare(database);
  } finally {
    await database.close();
  }
  await measure(url);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exitCode = 1;
});
