import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { startPgliteThread } from './pglite-thread.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or an open transaction: repos accept both. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'pg';
  /** The embedded database in this thread (tests, tools); absent when it runs in a worker thread. */
  pglite?: PGlite;
  /** PostgreSQL's pool, or the one connection to the embedded database's worker thread. */
  pool?: pg.Pool;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, 'migrations');

// Return timestamps/dates as PostgreSQL sends them are parsed by drizzle per column mode; keep
// bigint (int8) counts as numbers: our counts never exceed 2^53.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

export interface OpenOptions {
  /** postgres://... ; when absent, the embedded PGlite is used. */
  url?: string;
  /** PGlite data folder; 'memory://' for in-memory. */
  dataDir?: string;
  /** A PGlite data dir dump to start from (tests). */
  loadDataDir?: Blob | File;
  poolSize?: number;
  /**
   * Runs the embedded database in a worker thread, reached through node-postgres like PostgreSQL
   * (the server does, decision 0037); tests and tools keep it in this thread.
   */
  thread?: boolean;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 10 });
    // An idle connection that the server drops (restart, failover, admin command) must not crash
    // the process: the pool replaces it on the next checkout.
    pool.on('error', (err) => {
      process.stderr.write(`PostgreSQL idle connection error: ${err.message}\n`);
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return { db, kind: 'pg', pool, close: () => pool.end() };
  }
  const dataDir = opts.dataDir ?? 'memory://';
  if (opts.thread && !opts.loadDataDir) {
    const thread = await startPgliteThread(dataDir);
    const db = drizzlePg(thread.pool, { schema }) as unknown as Db;
    return { db, kind: 'pglite', pool: thread.pool, close: () => thread.close() };
  }
  const pglite = await PGlite.create(dataDir, opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {});
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  return { db, kind: 'pglite', pglite, close: () => pglite.close() };
}

/** Applies the committed migrations; an advisory lock makes it safe with several instances. */
export async function migrate(database: Database): Promise<void> {
  if (database.kind === 'pglite' && database.pglite) {
    await migratePglite(drizzlePglite(database.pglite), { migrationsFolder: MIGRATIONS_DIR });
    return;
  }
  const pool = database.pool;
  if (!pool) throw new Error('No pool');
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock(382382)');
    await migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await client.query('SELECT pg_advisory_unlock(382382)').catch(() => {});
    client.release();
  }
}

export async function isEmpty(db: Db): Promise<boolean> {
  const rows = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM users`);
  return Number((rows as unknown as { rows: { n: number }[] }).rows?.[0]?.n ?? 0) === 0;
}
