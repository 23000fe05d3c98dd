/**
 * The tables that grow without end are partitioned by month (decision 0049): CDRs, messages and
 * their delivery events, the API request log and the audit log, on both engines (PostgreSQL's declarative partitioning; PGlite
 * is PostgreSQL). Each has one partition per UTC month, `<table>_YYYY_MM`, and a default partition
 * that takes a row no month partition takes, so an insert is never refused.
 *
 * - `ensurePartitions` makes the months of a range that are missing. Rows waiting in the default
 *   partition for such a month move into it in the same transaction.
 * - `maintainPartitions` (after every migration and daily by a job) makes this month and the next
 *   MONTHS_AHEAD, and a month for any row found in the default partition.
 * - `purgeBefore` is retention: whole months before the cutoff are dropped (no row-by-row delete,
 *   no bloat); the rows before the cutoff in the month that holds it are deleted.
 */
import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from './client.ts';

/** Each partitioned table and the time it is partitioned by. */
export const PARTITIONED = {
  cdrs: 'started_at',
  messages: 'sent_at',
  message_events: 'created_at',
  api_requests: 'created_at',
  audit_log: 'created_at',
} as const;
export type PartitionedTable = keyof typeof PARTITIONED;
export const PARTITIONED_TABLES = Object.keys(PARTITIONED) as PartitionedTable[];

/**
 * Room left in each page of a month for a row's new version: a call's cost is re-rated and a
 * message's status moves, and an update that fits on its page is HOT (no index entry written).
 */
const FILLFACTOR: Partial<Record<PartitionedTable, number>> = { cdrs: 90, messages: 85 };

/** Months made ahead of the current one. */
export const MONTHS_AHEAD = 3;
/** Partition DDL waits this long for a lock, then gives up until the next run (never queues the readers behind it). */
const LOCK_TIMEOUT = '5s';
/** One maintenance at a time across instances (the job and a migration may meet). */
const MAINTENANCE_LOCK = 382384;

export interface Partition {
  name: string;
  /** Inclusive start of the month (UTC). */
  from: Date;
  /** Exclusive end: the next month's start. */
  to: Date;
}

/** The first instant of `at`'s UTC month, moved by `months`. */
export function monthStart(at: Date, months = 0): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + months, 1));
}

export function partitionName(table: PartitionedTable, month: Date): string {
  return `${table}_${month.getUTCFullYear()}_${String(month.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** A timestamp literal for partition bounds (DDL takes no parameters); from a Date, so never user text. */
const literal = (d: Date) => sql.raw(`'${d.toISOString()}'`);

/** The month partitions of a table, oldest first (the default partition is not listed). */
export async function listPartitions(db: DbOrTx, table: PartitionedTable): Promise<Partition[]> {
  const result = await db.execute(sql`
    SELECT c.relname AS name, pg_get_expr(c.relpartbound, c.oid) AS bound
    FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
    WHERE i.inhparent = ${table}::regclass`);
  const out: Partition[] = [];
  for (const row of rowsOf<{ name: string; bound: string }>(result)) {
    const m = /FROM \('([^']+)'\) TO \('([^']+)'\)/.exec(row.bound);
    if (!m?.[1] || !m[2]) continue; // DEFAULT
    out.push({ name: row.name, from: new Date(m[1]), to: new Date(m[2]) });
  }
  return out.sort((a, b) => a.from.getTime() - b.from.getTime());
}

/** Months (their starts) that have rows in the table's default partition. */
async function monthsInDefault(db: DbOrTx, table: PartitionedTable): Promise<Date[]> {
  const col = sql.identifier(PARTITIONED[table]);
  const result = await db.execute(
    sql`SELECT DISTINCT to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM') AS m FROM ${sql.identifier(`${table}_default`)}`,
  );
  return rowsOf<{ m: string }>(result).map((r) => new Date(`${r.m}-01T00:00:00Z`));
}

/** Creates one month's partition, moving in any rows of that month waiting in the default partition. */
async function createMonth(tx: DbOrTx, table: PartitionedTable, month: Date): Promise<void> {
  const name = sql.identifier(partitionName(table, month));
  const parent = sql.identifier(table);
  const from = literal(month);
  const to = literal(monthStart(month, 1));
  const col = sql.identifier(PARTITIONED[table]);
  const storage = FILLFACTOR[table] ? sql.raw(` WITH (fillfactor = ${FILLFACTOR[table]})`) : sql``;
  const waiting = sql`${sql.identifier(`${table}_default`)} WHERE ${col} >= ${from} AND ${col} < ${to}`;
  const moved = await tx.execute(sql`SELECT 1 FROM ${waiting} LIMIT 1`);
  if (!rowsOf(moved).length) {
    await tx.execute(sql`CREATE TABLE ${name} PARTITION OF ${parent} FOR VALUES FROM (${from}) TO (${to})${storage}`);
    return;
  }
  // A partition cannot be made over rows the default holds: build it aside, move them, attach it.
  await tx.execute(sql`CREATE TABLE ${name} (LIKE ${parent} INCLUDING DEFAULTS)${storage}`);
  await tx.execute(sql`WITH moved AS (DELETE FROM ${waiting} RETURNING *) INSERT INTO ${name} SELECT * FROM moved`);
  await tx.execute(sql`ALTER TABLE ${parent} ATTACH PARTITION ${name} FOR VALUES FROM (${from}) TO (${to})`);
}

async function exclusive<T>(db: DbOrTx, fn: (tx: DbOrTx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`SET LOCAL lock_timeout = '${LOCK_TIMEOUT}'`));
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${MAINTENANCE_LOCK})`);
    return fn(tx);
  });
}

/** Makes the missing month partitions from `from`'s month to `to`'s month (both included). Answers the names made. */
export async function ensurePartitions(db: DbOrTx, table: PartitionedTable, from: Date, to: Date): Promise<string[]> {
  return exclusive(db, async (tx) => {
    // a database before migration 0018 (the upgrade test seeds one) has nothing to partition
    const kind = rowsOf<{ relkind: string }>(await tx.execute(sql`SELECT relkind FROM pg_class WHERE oid = ${table}::regclass`));
    if (kind[0]?.relkind !== 'p') return [];
    const have = new Set((await listPartitions(tx, table)).map((p) => p.from.getTime()));
    const made: string[] = [];
    for (let m = monthStart(from); m.getTime() <= to.getTime(); m = monthStart(m, 1)) {
      if (have.has(m.getTime())) continue;
      await createMonth(tx, table, m);
      made.push(partitionName(table, m));
    }
    return made;
  });
}

/**
 * This month and MONTHS_AHEAD more for every partitioned table, and a month for every row that
 * landed in a default partition (a call from long ago, say). Answers the partitions made.
 */
export async function maintainPartitions(db: DbOrTx, now = new Date()): Promise<string[]> {
  const made: string[] = [];
  for (const table of PARTITIONED_TABLES) {
    made.push(...(await ensurePartitions(db, table, now, monthStart(now, MONTHS_AHEAD))));
    for (const month of await monthsInDefault(db, table)) made.push(...(await ensurePartitions(db, table, month, month)));
  }
  return made;
}

export interface Purged {
  /** Whole months dropped. */
  partitions: string[];
  /** Rows deleted one by one: those before the cutoff in its own month and in the default partition. */
  rows: number;
}

/** Retention: removes the table's rows before `cutoff`, by dropping every month that ends by then. */
export async function purgeBefore(db: DbOrTx, table: PartitionedTable, cutoff: Date): Promise<Purged> {
  const partitions = await exclusive(db, async (tx) => {
    const old = (await listPartitions(tx, table)).filter((p) => p.to.getTime() <= cutoff.getTime());
    for (const p of old) await tx.execute(sql`DROP TABLE ${sql.identifier(p.name)}`);
    return old.map((p) => p.name);
  });
  const col = sql.identifier(PARTITIONED[table]);
  const result = await db.execute(sql`
    WITH gone AS (DELETE FROM ${sql.identifier(table)} WHERE ${col} < ${cutoff.toISOString()}::timestamptz RETURNING 1)
    SELECT count(*)::int AS n FROM gone`);
  return { partitions, rows: Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0) };
}
