import { AsyncResource } from 'node:async_hooks';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { maintainPartitions } from './partitions.ts';
import { startPgliteThread } from './pglite-thread.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or an open transaction: repos accept both. */
export type DbOrTx = Db | Tx;

/** The rows of a raw `db.execute` (both drivers answer `{ rows }`). */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

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

/**
 * Applies the committed migrations, then makes the month partitions due (this month and the next
 * ones: db/partitions.ts). An advisory lock makes it safe with several instances.
 */
export async function migrate(database: Database): Promise<void> {
  await applyMigrations(database);
  await maintainPartitions(database.db);
}

/** Applies the migrations of a folder (the committed ones by default; a test may hand an older set). */
export async function applyMigrations(database: Database, migrationsFolder = MIGRATIONS_DIR): Promise<void> {
  if (database.kind === 'pglite' && database.pglite) {
    await migratePglite(drizzlePglite(database.pglite), { migrationsFolder });
    return;
  }
  const pool = database.pool;
  if (!pool) throw new Error('No pool');
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock(382382)');
    await migratePg(drizzlePg(client), { migrationsFolder });
  } finally {
    await client.query('SELECT pg_advisory_unlock(382382)').catch(() => {});
    client.release();
  }
}

export async function isEmpty(db: Db): Promise<boolean> {
  const rows = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM users`);
  return Number((rows as unknown as { rows: { n: number }[] }).rows?.[0]?.n ?? 0) === 0;
}

/** The connection pool's use (PostgreSQL's, or the one connection to the embedded database's thread). */
export interface PoolStats {
  /** Connections open: in use plus idle. */
  total: number;
  idle: number;
  /** Requests waiting for a connection. */
  waiting: number;
  /** The most connections the pool opens. */
  max: number;
}

/** The pool's use now; null for the embedded database in this thread (one session, no pool). */
export function poolStats(database: Database): PoolStats | null {
  const pool = database.pool;
  if (!pool) return null;
  return { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max ?? 10 };
}

/**
 * Watches how long statements take: each taking `thresholdMs` or more is reported with its SQL
 * text (never its parameter values). `context` is called as a statement is sent, in the caller's
 * async context (the request that sent it); its result is handed back with the report.
 */
export interface QueryWatch<C = unknown> {
  thresholdMs: number;
  context(): C;
  slow(entry: { sql: string; durationMs: number }, context: C): void;
}

// The watch of each pool or embedded database; the wrappers read it at every statement.
const watches = new WeakMap<object, QueryWatch>();

type Callback = (err: Error | null, result?: unknown) => void;
/** A driver's query method (node-postgres's or PGlite's), as the wrappers below see it. */
export type AnyQuery = (...args: unknown[]) => unknown;

/** A statement's SQL text, whether it was passed as a string or a query config. */
export const sqlText = (arg: unknown): string =>
  typeof arg === 'string' ? arg : typeof (arg as { text?: unknown })?.text === 'string' ? (arg as { text: string }).text : '';

/**
 * Calls `query` and `after` once it ends (succeeded or failed), however it was called: with a
 * callback or for a promise. A stream (COPY, a cursor) is returned as it is, without `after`.
 */
export function afterQuery(query: AnyQuery, self: unknown, args: unknown[], after: () => void): unknown {
  const last = args.length - 1;
  if (typeof args[last] === 'function') {
    const callback = args[last] as Callback;
    args[last] = (err: Error | null, result?: unknown) => {
      after();
      callback(err, result);
    };
    return query.apply(self, args);
  }
  const result = query.apply(self, args);
  if (result && typeof (result as Promise<unknown>).then === 'function') (result as Promise<unknown>).then(after, after);
  return result;
}

/** Reports a statement when it ended (whether it succeeded or failed) after the threshold. */
function finish(watch: QueryWatch, text: string, started: number, context: unknown): void {
  const durationMs = performance.now() - started;
  if (durationMs < watch.thresholdMs) return;
  try {
    watch.slow({ sql: text, durationMs: Math.round(durationMs * 10) / 10 }, context);
  } catch {
    // a failing report must never fail the statement
  }
}

/** Wraps one query method: times promise and callback calls; streams (COPY, cursors) pass untimed. */
function timed(key: object, query: AnyQuery): AnyQuery {
  return function (this: unknown, ...args: unknown[]) {
    const watch = watches.get(key);
    const first = args[0];
    if (!watch || typeof (first as { submit?: unknown })?.submit === 'function') return query.apply(this, args);
    const text = sqlText(first);
    const context = watch.context();
    const started = performance.now();
    return afterQuery(query, this, args, () => finish(watch, text, started, context));
  };
}

const WRAPPED = Symbol('portal.timedQuery');

/**
 * Times the database's statements from now on for the slow-query log (a second call replaces the
 * watch). On PostgreSQL (and the embedded database's thread) each pooled connection's `query` is
 * timed from when it is sent on its connection, so waiting for a free connection does not count;
 * on the embedded database in this thread, its `query`/`exec` (which wait for its one session)
 * and a transaction's statements are.
 */
export function watchQueries<C>(database: Database, watch: QueryWatch<C>): void {
  const pool = database.pool;
  const key: object | undefined = pool ?? database.pglite;
  if (!key) return;
  const installed = watches.has(key);
  watches.set(key, watch as unknown as QueryWatch);
  if (installed) return;
  if (pool) {
    // pg-pool's own query() takes a connection through connect(callback) and calls back in the
    // context of whichever request released one: bound here to the caller's, so each statement is
    // reported with the request that sent it.
    const connect = pool.connect.bind(pool) as (cb?: Callback) => unknown;
    // (runInAsyncScope rather than AsyncResource.bind, which builds deprecated accessors at every call)
    (pool as unknown as { connect: (cb?: Callback) => unknown }).connect = (cb?: Callback) => {
      if (!cb) return connect();
      const caller = new AsyncResource('portal.pool.connect');
      return connect(((...args: unknown[]) => caller.runInAsyncScope(cb as AnyQuery, undefined, ...args)) as Callback);
    };
    pool.on('acquire', (client) => {
      const c = client as unknown as { query: AnyQuery; [WRAPPED]?: true };
      if (c[WRAPPED]) return;
      c[WRAPPED] = true;
      c.query = timed(key, c.query);
    });
    return;
  }
  const pglite = database.pglite as PGlite;
  const p = pglite as unknown as { query: AnyQuery; exec: AnyQuery; transaction: AnyQuery };
  p.query = timed(key, p.query);
  p.exec = timed(key, p.exec);
  const transaction = p.transaction;
  p.transaction = function (this: unknown, fn: unknown) {
    return transaction.call(this, (tx: { query: AnyQuery; exec: AnyQuery }) => {
      tx.query = timed(key, tx.query);
      tx.exec = timed(key, tx.exec);
      return (fn as (t: unknown) => unknown)(tx);
    });
  };
}
