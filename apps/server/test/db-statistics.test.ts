/**
 * The planner's statistics: the seed ANALYZEs what it loads (so a first start plans its joins for the
 * rows it holds, on either engine), and the embedded engine, which runs no autovacuum, gathers them
 * again and clears dead rows in its daily job (jobs/statistics.ts).
 */
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/client.ts';
import { vacuumEmbeddedJob } from '../src/jobs/statistics.ts';
import { systemCtx } from '../src/lib/context.ts';
import { createTestApp } from './helpers.ts';

const t = await createTestApp();
const db = t.database.db;
afterAll(() => t.close());

const one = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await db.execute(q))[0] as T;
/** The planner's row estimate of a table (-1 until it was first analyzed) and its real count. */
async function estimate(table: string) {
  const row = await one<{ estimated: number; counted: number }>(
    sql`SELECT (SELECT reltuples FROM pg_class WHERE oid = ${table}::regclass)::int AS estimated,
               (SELECT count(*) FROM ${sql.identifier(table)})::int AS counted`,
  );
  return { estimated: Number(row.estimated), counted: Number(row.counted) };
}
/** 3,000 notifications for one user, added after the seed's ANALYZE. */
async function addNotifications() {
  const user = await one<{ id: string }>(sql`SELECT id FROM users ORDER BY email LIMIT 1`);
  await db.execute(
    sql`INSERT INTO notifications (user_id, type, title, message) SELECT ${user.id}, 'system', 'Load', 'n' || g FROM generate_series(1, 3000) g`,
  );
}
const runJob = () =>
  vacuumEmbeddedJob.handler(
    systemCtx({ database: t.database, config: t.app.config, log: t.app.log }, 'test'),
    {},
    { jobId: 'test', attempt: 1, lastAttempt: true },
  );

describe('planner statistics', () => {
  it('are gathered by the seed: the row estimates are the seeded counts', async () => {
    for (const table of ['accounts', 'phone_numbers', 'usage_daily', 'invoices']) {
      const { estimated, counted } = await estimate(table);
      expect(counted, table).toBeGreaterThan(0);
      expect(estimated, table).toBe(counted);
    }
  });

  it.runIf(t.database.kind === 'pglite')('are gathered again by the embedded engine’s daily job, which clears dead rows too', async () => {
    await addNotifications();
    await db.execute(sql`DELETE FROM notifications WHERE title = 'Load' AND message LIKE '%0'`);
    const before = await estimate('notifications');
    expect(before.estimated).not.toBe(before.counted);
    await runJob();
    expect(await estimate('notifications')).toEqual({ estimated: before.counted, counted: before.counted });
  });

  it.runIf(t.database.kind === 'pg')('are left to the server’s autovacuum on PostgreSQL: the job changes nothing there', async () => {
    await addNotifications();
    const before = await estimate('notifications');
    await runJob();
    expect((await estimate('notifications')).estimated).toBe(before.estimated);
  });
});
