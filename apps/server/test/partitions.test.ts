/**
 * The tables that grow without end are partitioned by month on both engines (db/partitions.ts):
 * the migration's and the seed's months, months made ahead, a stray row moved out of the default
 * partition, a date-bounded query reading only its months, and retention by dropping whole months
 * (the CDR, message with their events, and API log purges), with the usage rollups untouched.
 */
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import {
  ensurePartitions,
  listPartitions,
  MONTHS_AHEAD,
  maintainPartitions,
  monthStart,
  PARTITIONED,
  PARTITIONED_TABLES,
  partitionName,
} from '../src/db/partitions.ts';
import { purgeExpiredRequests } from '../src/domains/api-access/service.ts';
import { insertCdrs } from '../src/domains/ingestion/repo.ts';
import { purgeExpiredMessages } from '../src/domains/messaging/service.ts';
import { purgeExpiredCdrs } from '../src/domains/voice/service.ts';
import { systemCtx } from '../src/lib/context.ts';
import { createTestApp } from './helpers.ts';

const t = await createTestApp();
const db = t.database.db;
const ctx = systemCtx({ database: t.database, config: t.app.config, log: t.app.log }, 'test');
afterAll(() => t.close());

const DAY = 86_400_000;
const one = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(q))[0] as T;
const count = async (table: string, where = sql`true`) =>
  Number((await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE ${where}`)).n);

async function aCall(callId: string, startedAt: Date) {
  const a = await one<{ id: string; customer_id: string }>(sql`SELECT id, customer_id FROM accounts ORDER BY name LIMIT 1`);
  return {
    call_id: callId,
    customer_id: a.customer_id,
    account_id: a.id,
    from_number: '+12025550100',
    to_number: '+12025550199',
    started_at: startedAt.toISOString(),
    duration_seconds: 60,
    status: 'Completed',
    direction: 'Outbound',
    cost: 0.01,
    billed_seconds: 60,
  };
}

describe('monthly partitions', () => {
  it('hold every seeded row in its own month, with this month and the next ones made and the default partitions empty', async () => {
    const now = new Date();
    for (const table of PARTITIONED_TABLES) {
      const kind = await one<{ relkind: string }>(sql`SELECT relkind FROM pg_class WHERE oid = ${table}::regclass`);
      expect(kind.relkind, table).toBe('p');
      const months = (await listPartitions(db, table)).map((p) => p.name);
      for (let i = 0; i <= MONTHS_AHEAD; i++) expect(months, table).toContain(partitionName(table, monthStart(now, i)));
      expect(await count(`${table}_default`), `${table}_default`).toBe(0);
      // each row sits in the partition named after its month
      const col = sql.identifier(PARTITIONED[table]);
      const misplaced = await one<{ n: number }>(sql`
        SELECT count(*)::int AS n FROM ${sql.identifier(table)}
        WHERE tableoid::regclass::text <> ${`${table}_`} || to_char(${col} AT TIME ZONE 'UTC', 'YYYY_MM')`);
      expect(misplaced.n, table).toBe(0);
    }
    expect(await count('cdrs')).toBeGreaterThan(1000);
  });

  it('move a call from a month without a partition out of the default partition, and keep ingestion idempotent', async () => {
    const old = new Date(Date.UTC(2019, 2, 15, 10, 30));
    expect(await insertCdrs(db, [await aCall('partition-test-1', old)])).toBe(1);
    expect(await insertCdrs(db, [await aCall('partition-test-1', old)])).toBe(0);
    expect(await count('cdrs_default')).toBe(1);

    const made = await maintainPartitions(db, new Date());
    expect(made).toEqual(['cdrs_2019_03']);
    expect(await count('cdrs_default')).toBe(0);
    const row = await one<{ part: string }>(sql`SELECT tableoid::regclass::text AS part FROM cdrs WHERE call_id = 'partition-test-1'`);
    expect(row.part).toBe('cdrs_2019_03');
    // the moved row is still unique: sent again, it is not stored twice
    expect(await insertCdrs(db, [await aCall('partition-test-1', old)])).toBe(0);
    expect(await maintainPartitions(db, new Date())).toEqual([]);
  });

  it('are made ahead as time passes, once', async () => {
    const later = monthStart(new Date(), 8);
    const made = await maintainPartitions(db, later);
    expect(made).toContain(partitionName('cdrs', later));
    expect(made).toContain(partitionName('audit_log', monthStart(later, MONTHS_AHEAD)));
    expect(await maintainPartitions(db, later)).toEqual([]);
    expect(await ensurePartitions(db, 'messages', later, later)).toEqual([]);
    // pages keep room for a re-rated cost or a moved status (HOT updates: no index entry written)
    const options = async (name: string) =>
      (await one<{ o: string[] | null }>(sql`SELECT reloptions AS o FROM pg_class WHERE relname = ${name}`)).o;
    expect(await options(partitionName('cdrs', later))).toEqual(['fillfactor=90']);
    expect(await options(partitionName('messages', later))).toEqual(['fillfactor=85']);
    expect(await options(partitionName('audit_log', later))).toBeNull();
  });

  it('let a query bounded by dates read only the months it names', async () => {
    const from = monthStart(new Date(), -1);
    const plan = rowsOf<{ 'QUERY PLAN': string }>(
      await db.execute(
        sql`EXPLAIN SELECT id FROM cdrs WHERE started_at >= ${from.toISOString()}::timestamptz AND started_at < ${monthStart(from, 1).toISOString()}::timestamptz`,
      ),
    )
      .map((r) => r['QUERY PLAN'])
      .join('\n');
    expect(plan).toContain(partitionName('cdrs', from));
    expect(plan).not.toContain(partitionName('cdrs', monthStart(from, -1)));
    expect(plan).not.toContain(partitionName('cdrs', monthStart(from, 1)));
  });
});

describe('retention', () => {
  it('drops whole months of calls and deletes the rest before the cutoff, keeping usage totals', async () => {
    const usage = await one<{ revenue: string }>(sql`SELECT sum(revenue)::text AS revenue FROM usage_daily`);
    const now = new Date();
    // 730 days (the default) after a point six months ago: the cutoff is six months back
    const asOf = new Date(now.getTime() + (730 - 182) * DAY);
    const cutoff = new Date(asOf.getTime() - 730 * DAY);
    const keep = await count('cdrs', sql`started_at >= ${cutoff.toISOString()}::timestamptz`);
    const older = (await listPartitions(db, 'cdrs')).filter((p) => p.to <= cutoff).map((p) => p.name);
    expect(older.length).toBeGreaterThan(3);

    const purged = await purgeExpiredCdrs(ctx, asOf);
    expect(purged.partitions).toEqual(older);
    expect(purged.partitions).toContain('cdrs_2019_03');
    expect(purged.rows).toBeGreaterThan(0); // the cutoff's own month, deleted row by row
    expect(await count('cdrs')).toBe(keep);
    expect((await listPartitions(db, 'cdrs')).every((p) => p.to > cutoff)).toBe(true);
    expect(await one<{ revenue: string }>(sql`SELECT sum(revenue)::text AS revenue FROM usage_daily`)).toEqual(usage);

    // nothing more to do the same day
    expect(await purgeExpiredCdrs(ctx, asOf)).toEqual({ partitions: [], rows: 0 });
  });

  it('keeps messages and API request logs for their own settings', async () => {
    const now = new Date();
    const messagesBefore = await count('messages');
    // messageRetentionDays (395 by default): nothing of the seeded year goes today
    expect((await purgeExpiredMessages(ctx, now)).partitions).toEqual([]);
    expect(await count('messages')).toBe(messagesBefore);

    // apiLogRetentionDays (30 by default): a year on, every seeded month of the request log goes
    const yearOn = new Date(now.getTime() + 365 * DAY);
    const seeded = (await listPartitions(db, 'api_requests')).filter((p) => p.to.getTime() <= yearOn.getTime() - 30 * DAY);
    const purged = await purgeExpiredRequests(ctx, yearOn);
    expect(purged.partitions).toEqual(seeded.map((p) => p.name));
    expect(await count('api_requests', sql`created_at < ${new Date(yearOn.getTime() - 30 * DAY).toISOString()}::timestamptz`)).toBe(0);

    // two years on, every seeded month of messages has gone, and their delivery events with them
    const later = new Date(now.getTime() + 2 * 365 * DAY);
    const cutoff = new Date(later.getTime() - 395 * DAY).toISOString();
    expect(await count('message_events', sql`created_at < ${cutoff}::timestamptz`)).toBeGreaterThan(1000);
    const gone = await purgeExpiredMessages(ctx, later);
    expect(gone.partitions.some((p) => p.startsWith('messages_'))).toBe(true);
    expect(gone.partitions.some((p) => p.startsWith('message_events_'))).toBe(true);
    expect(await count('messages', sql`sent_at < ${cutoff}::timestamptz`)).toBe(0);
    expect(await count('message_events', sql`created_at < ${cutoff}::timestamptz`)).toBe(0);
  });
});
