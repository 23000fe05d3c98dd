import type { TPageQuery } from '@portal/contract/common';
import { and, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client.ts';
import { rateDecks, ratePrefixes } from '../../db/schema/index.ts';
import { likePattern, readPage } from '../../lib/paging.ts';
import type { RatePrefix } from './rating.ts';

export interface DeckRow {
  id: string;
  name: string;
  is_default: boolean;
  customer_id: string | null;
  customer_name: string | null;
  account_id: string | null;
  account_name: string | null;
  inbound_rate_per_minute: string;
  prefix_count: number;
  updated_at: Date | string;
}

export async function listDecks(db: DbOrTx): Promise<DeckRow[]> {
  const result =
    await db.execute(sql`SELECT d.id, d.name, d.is_default, d.customer_id, c.name AS customer_name, d.account_id, a.name AS account_name,
      d.inbound_rate_per_minute, (SELECT count(*)::int FROM rate_prefixes p WHERE p.deck_id = d.id) AS prefix_count, d.updated_at
    FROM rate_decks d LEFT JOIN customers c ON c.id = d.customer_id LEFT JOIN accounts a ON a.id = d.account_id
    ORDER BY d.is_default DESC, d.name, d.id`);
  return rowsOf<DeckRow>(result);
}

export async function findDeck(db: DbOrTx, id: string) {
  const [row] = await db.select().from(rateDecks).where(eq(rateDecks.id, id));
  return row;
}

export async function deckOwnerTaken(db: DbOrTx, customerId: string | null, accountId: string | null): Promise<boolean> {
  if (!customerId && !accountId) return false;
  const where: SQL | undefined = accountId
    ? eq(rateDecks.accountId, accountId)
    : and(eq(rateDecks.customerId, customerId as string), sql`${rateDecks.accountId} is null`);
  const [row] = await db.select({ id: rateDecks.id }).from(rateDecks).where(where).limit(1);
  return Boolean(row);
}

export async function insertDeck(db: DbOrTx, values: typeof rateDecks.$inferInsert): Promise<string> {
  const [row] = await db.insert(rateDecks).values(values).returning({ id: rateDecks.id });
  if (!row) throw new Error('rate deck insert returned nothing');
  return row.id;
}

export async function deleteDeck(db: DbOrTx, id: string) {
  await db.delete(rateDecks).where(eq(rateDecks.id, id));
}

export async function touchDeck(db: DbOrTx, id: string) {
  await db.update(rateDecks).set({ updatedAt: new Date() }).where(eq(rateDecks.id, id));
}

export async function listPrefixes(db: DbOrTx, deckId: string, q: TPageQuery & { search?: string | undefined }) {
  const where = and(
    eq(ratePrefixes.deckId, deckId),
    q.search
      ? or(ilike(ratePrefixes.prefix, likePattern(q.search, 'prefix')), ilike(ratePrefixes.description, likePattern(q.search)))
      : undefined,
  );
  return readPage(
    q,
    db.select().from(ratePrefixes).where(where).orderBy(ratePrefixes.prefix, ratePrefixes.effectiveFrom),
    db.select({ n: sql<number>`count(*)::int` }).from(ratePrefixes).where(where),
  );
}

export async function allPrefixes(db: DbOrTx, deckId: string): Promise<RatePrefix[]> {
  const rows = await db
    .select({
      prefix: ratePrefixes.prefix,
      description: ratePrefixes.description,
      ratePerMinute: ratePrefixes.ratePerMinute,
      firstIncrement: ratePrefixes.firstIncrement,
      nextIncrement: ratePrefixes.nextIncrement,
      effectiveFrom: ratePrefixes.effectiveFrom,
    })
    .from(ratePrefixes)
    .where(eq(ratePrefixes.deckId, deckId));
  return rows;
}

export async function deletePrefixes(db: DbOrTx, deckId: string) {
  await db.delete(ratePrefixes).where(eq(ratePrefixes.deckId, deckId));
}

export async function upsertPrefixes(db: DbOrTx, deckId: string, rows: readonly RatePrefix[]) {
  for (let i = 0; i < rows.length; i += 2000) {
    await db
      .insert(ratePrefixes)
      .values(rows.slice(i, i + 2000).map((r) => ({ ...r, deckId })))
      .onConflictDoUpdate({
        target: [ratePrefixes.deckId, ratePrefixes.prefix, ratePrefixes.effectiveFrom],
        set: {
          description: sql`excluded.description`,
          ratePerMinute: sql`excluded.rate_per_minute`,
          firstIncrement: sql`excluded.first_increment`,
          nextIncrement: sql`excluded.next_increment`,
        },
      });
  }
}

/** The deck that rates an account: its own, else its customer's, else the default. */
export async function deckIdForAccount(db: DbOrTx, accountId: string): Promise<string | null> {
  return (await deckIdsForAccounts(db, [accountId])).get(accountId) ?? null;
}

/** deckIdForAccount for many accounts in one statement (a batch of ingested calls): null for an unknown account. */
export async function deckIdsForAccounts(db: DbOrTx, accountIds: string[]): Promise<Map<string, string | null>> {
  if (!accountIds.length) return new Map();
  const result = await db.execute(sql`SELECT a.id AS account_id, (SELECT d.id FROM rate_decks d
      WHERE d.account_id = a.id OR (d.customer_id = a.customer_id AND d.account_id IS NULL) OR d.is_default
      ORDER BY (d.account_id IS NOT NULL) DESC, (d.customer_id IS NOT NULL) DESC LIMIT 1) AS deck_id
    FROM accounts a WHERE a.id IN (SELECT json_array_elements_text(${JSON.stringify(accountIds)}::json)::uuid)`);
  const found = new Map(rowsOf<{ account_id: string; deck_id: string | null }>(result).map((r) => [r.account_id, r.deck_id]));
  return new Map(accountIds.map((id) => [id, found.get(id) ?? null]));
}

export async function accountsWithCalls(
  db: DbOrTx,
  input: { accountId?: string | undefined; from: string; to: string },
): Promise<string[]> {
  if (input.accountId) return [input.accountId];
  const result = await db.execute(
    sql`SELECT DISTINCT account_id FROM usage_daily WHERE service = 'Voice' AND day >= ${input.from} AND day <= ${input.to}`,
  );
  return rowsOf<{ account_id: string }>(result).map((r) => r.account_id);
}

export async function callsOf(db: DbOrTx, accountId: string, from: string, to: string) {
  const result = await db.execute(sql`SELECT id, direction, to_number, started_at, duration_seconds FROM cdrs
    WHERE account_id = ${accountId} AND started_at >= ${from}::date AND started_at < ${to}::date + 1`);
  return rowsOf<{ id: number; direction: 'Inbound' | 'Outbound'; to_number: string; started_at: Date | string; duration_seconds: number }>(
    result,
  ).map((r) => ({
    id: Number(r.id),
    direction: r.direction,
    toNumber: r.to_number,
    startedAt: new Date(r.started_at),
    durationSeconds: Number(r.duration_seconds),
  }));
}

/**
 * New costs for calls of one period (callsOf's): each call found by its id and start, within the
 * period, so only that period's month partitions are read. A call whose cost is unchanged is not
 * written.
 */
export async function updateCallCosts(db: DbOrTx, from: string, to: string, costs: { id: number; startedAt: Date; cost: number }[]) {
  for (let i = 0; i < costs.length; i += 5000) {
    const chunk = costs.slice(i, i + 5000);
    await db.execute(sql`UPDATE cdrs SET cost = v.cost FROM (SELECT unnest(${`{${chunk.map((c) => c.id).join(',')}}`}::bigint[]) AS id,
      unnest(${`{${chunk.map((c) => c.startedAt.toISOString()).join(',')}}`}::timestamptz[]) AS started_at,
      unnest(${`{${chunk.map((c) => c.cost).join(',')}}`}::numeric[]) AS cost) v
      WHERE cdrs.id = v.id AND cdrs.started_at = v.started_at AND cdrs.started_at >= ${from}::date AND cdrs.started_at < ${to}::date + 1
        AND cdrs.cost IS DISTINCT FROM v.cost`);
  }
}

/** The voice rows of usage_daily for an account and period, recomputed from its calls. */
export async function rebuildVoiceRollups(db: DbOrTx, accountId: string, from: string, to: string) {
  await db.execute(sql`UPDATE usage_daily u SET revenue = coalesce(v.revenue, 0) FROM (
      SELECT (started_at AT TIME ZONE 'UTC')::date AS day, round(sum(cost), 4) AS revenue FROM cdrs
      WHERE account_id = ${accountId} AND started_at >= ${from}::date AND started_at < ${to}::date + 1 GROUP BY 1) v
    WHERE u.account_id = ${accountId} AND u.service = 'Voice' AND u.day = v.day`);
}
