/**
 * The PostgreSQL database a bench runs on: a database of its own name on the local server
 * (postgres://postgres@127.0.0.1:5432), created when missing, migrated, and seeded with the demo
 * data when it has none. Each bench also says where it may be pointed elsewhere:
 * - `DATABASE_URL`: that database, as it is (nothing is created); else `name` on the local server;
 * - `BENCH_PG_URL`: `name` on that server (the database in its URL is only where `name` is created from).
 */
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { type Database, isEmpty, migrate, openDatabase } from '../apps/server/src/db/client.ts';
import { seed } from '../apps/server/src/db/seed/index.ts';
import { progressBar, scale } from '../apps/server/src/db/seed/scale.ts';

const LOCAL_SERVER = 'postgres://postgres@127.0.0.1:5432/postgres';
export const DEMO_PASSWORD = 'Portal-Demo-1';

/** Which variable points the bench at another database or server (see above). */
export type BenchDatabaseFrom = 'DATABASE_URL' | 'BENCH_PG_URL';

/** `name` on `server` (a URL to any database of that server), created when missing: its URL. */
async function createIfMissing(server: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!exists.rowCount) await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The URL of the bench's database (created when missing; DATABASE_URL's is taken as it is). */
export async function benchDatabaseUrl(name: string, from: BenchDatabaseFrom): Promise<string> {
  if (from === 'DATABASE_URL') return process.env.DATABASE_URL || createIfMissing(LOCAL_SERVER, name);
  return createIfMissing(process.env.BENCH_PG_URL ?? LOCAL_SERVER, name);
}

/** Migrates the database, and seeds the demo data (password DEMO_PASSWORD) when it has none. */
export async function migrateAndSeed(database: Database, label: string): Promise<void> {
  await migrate(database);
  if (await isEmpty(database.db)) {
    console.log(`Seeding ${label}...`);
    await seed(database.db, { demoPassword: DEMO_PASSWORD });
  }
}

/** The bench's database, created when missing, opened with `poolSize` connections, migrated and seeded. */
export async function openBenchDatabase(name: string, opts: { from: BenchDatabaseFrom; poolSize: number }) {
  const url = await benchDatabaseUrl(name, opts.from);
  const database = await openDatabase({ url, poolSize: opts.poolSize });
  try {
    await migrateAndSeed(database, decodeURIComponent(new URL(url).pathname.slice(1)) || name);
  } catch (err) {
    await database.close();
    throw err;
  }
  return { url, database };
}

/** Tops the database up to `target` CDRs and messages with the scale generator (nothing when it has them). */
export async function scaleTo(database: Database, target: { cdrs: number; messages: number }, label: string): Promise<void> {
  const countOf = async (table: string) => Number((await database.pool?.query(`SELECT count(*) AS n FROM ${table}`))?.rows[0].n);
  const cdrs = Math.max(0, target.cdrs - (await countOf('cdrs')));
  const messages = target.messages ? Math.max(0, target.messages - (await countOf('messages'))) : 0;
  if (!cdrs && !messages) return;
  const n = (x: number) => x.toLocaleString('en-US');
  console.log(`Scaling ${label} to ${n(target.cdrs)} CDRs and ${n(target.messages)} messages (adding ${n(cdrs)} and ${n(messages)})...`);
  const r = await scale(database, { cdrs, messages, onProgress: progressBar('Loading') });
  console.log(`  loaded at ${n(Math.round(r.rowsPerSecond))} rows/s`);
}

/** CPU seconds a process of this machine has used (NaN when /proc cannot tell: PostgreSQL on another machine). */
export function cpuOf(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/** CPU seconds each backend of the pool's database has used so far, by process id. */
export async function backendCpu(pool: pg.Pool): Promise<Map<number, number>> {
  const pids = (await pool.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = current_database()')).rows;
  return new Map(pids.map(({ pid }) => [pid, cpuOf(pid)]));
}
