import type { TDncListType, TListDncQuery } from '@portal/contract/compliance';
import { and, asc, count, desc, eq, gt, inArray, isNull, like, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { customers, dncEntries, users } from '../../db/schema/index.ts';
import { offsetOf } from '../../lib/paging.ts';

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

export async function listEntries(db: DbOrTx, customerId: string | null, q: TListDncQuery) {
  const where = listWhere(customerId, q);
  const [rows, [total]] = await Promise.all([
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
      .leftJoin(users, eq(users.id, dncEntries.addedById))
      .where(where)
      .orderBy(desc(dncEntries.addedAt), desc(dncEntries.id))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(dncEntries).innerJoin(customers, eq(customers.id, dncEntries.customerId)).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Entries after an id (keyset), for the CSV export. */
export async function entriesAfter(
  db: DbOrTx,
  customerId: string | null,
  q: Pick<TListDncQuery, 'search' | 'listType'>,
  after: string | null,
  size: number,
) {
  return db
    .select({
      id: dncEntries.id,
      number: dncEntries.number,
      listType: dncEntries.listType,
      customerName: customers.name,
      reason: dncEntries.reason,
      addedAt: dncEntries.addedAt,
      addedBy: users.name,
    })
    .from(dncEntries)
    .innerJoin(customers, eq(customers.id, dncEntries.customerId))
    .leftJoin(users, eq(users.id, dncEntries.addedById))
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

/** The entry that covers a number on a list: the number itself, its area code or its area code and exchange. */
export async function covering(db: DbOrTx, customerId: string, listType: TDncListType, e164: string) {
  const keys = [e164, ...(e164.startsWith('+1') && e164.length === 12 ? [e164.slice(0, 5), e164.slice(0, 8)] : [])];
  const [row] = await db
    .select()
    .from(dncEntries)
    .where(and(eq(dncEntries.customerId, customerId), eq(dncEntries.listType, listType), inArray(dncEntries.number, keys)))
    .orderBy(sql`length(${dncEntries.number}) desc`)
    .limit(1);
  return row;
}
