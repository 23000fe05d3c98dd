import type { TDncListType, TListDncQuery } from '@portal/contract/compliance';
import { and, asc, count, desc, eq, gt, gte, inArray, isNull, like, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { complianceBlocksDaily, customers, dncEntries, users } from '../../db/schema/index.ts';
import { readPage } from '../../lib/paging.ts';

function listWhere(customerId: string | null, q: Pick<TListDncQuery, 'search' | 'listType'>) {
  const digits = q.search?.replace(/\D/g, '');
  return and(
    isNull(customers.deletedAt),
    customerId ? eq(dncEntries.customerId, customerId) : undefined,
    q.listType ? eq(dncEntries.listType, q.listType) : undefined,
    // digits only, so no LIKE metacharacter can reach the pattern
    digits ? like(dncEntries.number, `%${digits}%`) : undefined,
  );
}

/** An entry as listed and exported: with its customer's name and who added it. */
const entriesFrom = (db: DbOrTx) =>
  db
    .select({
      id: dncEntries.id,
      customerId: dncEntries.customerId,
      customerName: customers.name,
      number: dncEntries.number,
      listType: dncEntries.listType,
      reason: dncEntries.reason,
      addedBy: users.name,
      addedAt: dncEntries.addedAt,
    })
    .from(dncEntries)
    .innerJoin(customers, eq(customers.id, dncEntries.customerId))
    .leftJoin(users, eq(users.id, dncEntries.addedById));

export async function listEntries(db: DbOrTx, customerId: string | null, q: TListDncQuery) {
  const where = listWhere(customerId, q);
  return readPage(
    q,
    entriesFrom(db).where(where).orderBy(desc(dncEntries.addedAt), desc(dncEntries.id)),
    db.select({ n: count() }).from(dncEntries).innerJoin(customers, eq(customers.id, dncEntries.customerId)).where(where),
  );
}

/** Entries after an id (keyset), for the CSV export. */
export async function entriesAfter(
  db: DbOrTx,
  customerId: string | null,
  q: Pick<TListDncQuery, 'search' | 'listType'>,
  after: string | null,
  size: number,
) {
  return entriesFrom(db)
    .where(and(listWhere(customerId, q), after ? gt(dncEntries.id, after) : undefined))
    .orderBy(asc(dncEntries.id))
    .limit(size);
}

export async function countByList(db: DbOrTx, customerId: string | null) {
  return db
    .select({ listType: dncEntries.listType, n: count() })
    .from(dncEntries)
    .innerJoin(customers, eq(customers.id, dncEntries.customerId))
    .where(listWhere(customerId, {}))
    .groupBy(dncEntries.listType);
}

/** The numbers of `candidates` already on the customer's list. */
export async function existing(db: DbOrTx, customerId: string, listType: TDncListType, candidates: string[]) {
  if (!candidates.length) return new Set<string>();
  const rows = await db
    .select({ number: dncEntries.number })
    .from(dncEntries)
    .where(and(eq(dncEntries.customerId, customerId), eq(dncEntries.listType, listType), inArray(dncEntries.number, candidates)));
  return new Set(rows.map((r) => r.number));
}

export async function insertEntries(db: DbOrTx, values: (typeof dncEntries.$inferInsert)[]) {
  if (!values.length) return [];
  return db.insert(dncEntries).values(values).returning({ id: dncEntries.id, number: dncEntries.number });
}

export async function deleteEntry(db: DbOrTx, id: string, customerId: string | null) {
  const [row] = await db
    .delete(dncEntries)
    .where(and(eq(dncEntries.id, id), customerId ? eq(dncEntries.customerId, customerId) : undefined))
    .returning();
  return row;
}

/**
 * For each (customer, E.164 number) the entry of that customer's list that covers it: the number
 * itself or, for a North American number, its area code and exchange block or its area code (the
 * most specific first). One statement for a whole batch; numbers no entry covers are absent.
 */
export async function covering(db: DbOrTx, listType: TDncListType, candidates: { customerId: string; number: string }[]) {
  if (!candidates.length) return [];
  const input = JSON.stringify(candidates.map((c) => ({ customer_id: c.customerId, number: c.number })));
  const result = await db.execute(sql`
    SELECT DISTINCT ON (c.customer_id, c.number) c.customer_id, c.number AS candidate, e.id, e.number
    FROM json_to_recordset(${input}::json) AS c(customer_id uuid, number text)
    JOIN dnc_entries e ON e.customer_id = c.customer_id AND e.list_type = ${listType}
      AND e.number IN (
        c.number,
        CASE WHEN c.number LIKE '+1%' AND length(c.number) = 12 THEN left(c.number, 5) END,
        CASE WHEN c.number LIKE '+1%' AND length(c.number) = 12 THEN left(c.number, 8) END)
    ORDER BY c.customer_id, c.number, length(e.number) DESC`);
  const rows = (result as unknown as { rows: { customer_id: string; candidate: string; id: string; number: string }[] }).rows;
  return rows.map((r) => ({ customerId: r.customer_id, candidate: r.candidate, id: r.id, number: r.number, listType }));
}

/**
 * Adds what the lists stopped to the daily counts, in one statement: the blocks are summed per
 * (UTC day, customer, list) and written in key order (concurrent batches lock rows in one order).
 */
export async function addBlocks(db: DbOrTx, blocks: { day: string; customerId: string; listType: TDncListType }[]) {
  if (!blocks.length) return;
  await db.execute(sql`
    INSERT INTO compliance_blocks_daily AS b (day, customer_id, list_type, blocked)
    SELECT day, customer_id, list_type, count(*)::int
    FROM json_to_recordset(${JSON.stringify(blocks.map((b) => ({ day: b.day, customer_id: b.customerId, list_type: b.listType })))}::json)
      AS r(day date, customer_id uuid, list_type text)
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (day, customer_id, list_type) DO UPDATE SET blocked = b.blocked + excluded.blocked`);
}

/** What each list stopped from `sinceDay` (a UTC day, inclusive): one customer's, or every live customer's (null). */
export async function blockedSince(db: DbOrTx, customerId: string | null, sinceDay: string) {
  return db
    .select({ listType: complianceBlocksDaily.listType, n: sql<number>`coalesce(sum(${complianceBlocksDaily.blocked}), 0)::int` })
    .from(complianceBlocksDaily)
    .innerJoin(customers, eq(customers.id, complianceBlocksDaily.customerId))
    .where(
      and(
        isNull(customers.deletedAt),
        customerId ? eq(complianceBlocksDaily.customerId, customerId) : undefined,
        gte(complianceBlocksDaily.day, sinceDay),
      ),
    )
    .groupBy(complianceBlocksDaily.listType);
}
