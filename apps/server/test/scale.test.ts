import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { scale } from '../src/db/seed/scale.ts';
import { openTestDatabase } from './helpers.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  const result = await database.db.execute(query);
  return (result as unknown as { rows: T[] }).rows[0] as T;
}

describe('the scale generator', () => {
  it('adds N CDRs and M messages through COPY, keeps the rollups equal to the raw rows and the indexes in place', async () => {
    const before = await one<{ cdrs: number; messages: number }>(
      sql`SELECT (SELECT count(*)::int FROM cdrs) AS cdrs, (SELECT count(*)::int FROM messages) AS messages`,
    );
    const indexesBefore = await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM pg_indexes WHERE tablename IN ('cdrs', 'messages')`);
    const progress: number[] = [];
    const result = await scale(database, { cdrs: 12_345, messages: 6_789, onProgress: (done) => progress.push(done) });
    expect(result).toMatchObject({ cdrs: 12_345, messages: 6_789 });
    expect(progress.at(-1)).toBe(12_345 + 6_789);

    const after = await one<{ cdrs: number; messages: number }>(
      sql`SELECT (SELECT count(*)::int FROM cdrs) AS cdrs, (SELECT count(*)::int FROM messages) AS messages`,
    );
    expect(after.cdrs - before.cdrs).toBe(12_345);
    expect(after.messages - before.messages).toBe(6_789);

    const voice = await one<{ raw: number; rolled: number }>(sql`
      SELECT (SELECT count(*)::int FROM cdrs) AS raw,
             (SELECT coalesce(sum(volume), 0)::int FROM usage_daily WHERE service = 'Voice') AS rolled`);
    expect(voice.rolled).toBe(voice.raw);
    const sms = await one<{ raw: number; rolled: number }>(sql`
      SELECT (SELECT count(*)::int FROM messages) AS raw,
             (SELECT coalesce(sum(volume), 0)::int FROM usage_daily WHERE service = 'SMS') AS rolled`);
    expect(sms.rolled).toBe(sms.raw);

    // Every new row belongs to an account of its customer, within the last year.
    const stray = await one<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM cdrs c LEFT JOIN accounts a ON a.id = c.account_id
      WHERE a.id IS NULL OR a.customer_id <> c.customer_id OR c.started_at > now() + interval '1 minute'
         OR c.started_at < now() - interval '367 days'`);
    expect(stray.n).toBe(0);
    const indexesAfter = await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM pg_indexes WHERE tablename IN ('cdrs', 'messages')`);
    expect(indexesAfter.n).toBe(indexesBefore.n);
  });
});
