import type { TListNumbersQuery, TListPortingQuery } from '@portal/contract/numbers';
import { and, arrayContains, asc, count, desc, eq, gt, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accounts, customers, phoneNumbers, portingDocuments, portingEvents, portingRequests, users } from '../../db/schema/index.ts';
import type { ListScope } from '../../lib/list-scope.ts';
import { likePattern, readPage } from '../../lib/paging.ts';
import type { Statement } from '../../lib/sql-statement.ts';

/** LIKE patterns match the user's text literally. */

const numberColumns = {
  id: phoneNumbers.id,
  number: phoneNumbers.number,
  type: phoneNumbers.type,
  features: phoneNumbers.features,
  monthlyFee: phoneNumbers.monthlyFee,
  status: phoneNumbers.status,
  city: phoneNumbers.city,
  state: phoneNumbers.state,
  assignedAt: phoneNumbers.assignedAt,
  customerId: phoneNumbers.customerId,
  customerName: customers.name,
  accountId: phoneNumbers.accountId,
  accountName: accounts.name,
};

/** Assigned numbers in the scope (inventory rows have no customer and never show here). */
function scopeOfNumbers(scope: ListScope): SQL | undefined {
  return and(
    isNotNull(phoneNumbers.accountId),
    isNull(accounts.deletedAt),
    scope.customerId ? eq(phoneNumbers.customerId, scope.customerId) : undefined,
    scope.accountId ? eq(phoneNumbers.accountId, scope.accountId) : undefined,
  );
}

type NumberFilters = Pick<TListNumbersQuery, 'search' | 'type' | 'status' | 'feature'>;
function numberFilters(f: NumberFilters): SQL | undefined {
  const digits = f.search?.replace(/[^\d+]/g, '') ?? '';
  return and(
    f.search
      ? or(
          digits.length >= 2 ? ilike(phoneNumbers.number, likePattern(digits)) : undefined,
          ilike(accounts.name, likePattern(f.search)),
          ilike(phoneNumbers.city, likePattern(f.search)),
        )
      : undefined,
    f.type ? eq(phoneNumbers.type, f.type) : undefined,
    f.status ? eq(phoneNumbers.status, f.status) : undefined,
    f.feature ? arrayContains(phoneNumbers.features, [f.feature]) : undefined,
  );
}

export async function listNumbers(db: DbOrTx, scope: ListScope, q: TListNumbersQuery) {
  const where = and(scopeOfNumbers(scope), numberFilters(q));
  const base = () =>
    db
      .select(numberColumns)
      .from(phoneNumbers)
      .innerJoin(accounts, eq(accounts.id, phoneNumbers.accountId))
      .innerJoin(customers, eq(customers.id, phoneNumbers.customerId));
  return readPage(
    q,
    base().where(where).orderBy(asc(phoneNumbers.number)),
    db.select({ n: count() }).from(phoneNumbers).innerJoin(accounts, eq(accounts.id, phoneNumbers.accountId)).where(where),
  );
}

/**
 * A keyset page of one account's numbers by number, after the given one ('' for the first page),
 * with the columns of `listNumbers`: the public API's list. One statement that reads
 * phone_numbers_account_idx in order, its text fixed so that it is named and planned once per
 * connection. The account must be the caller's customer's (and not deleted), or nothing is listed.
 */
export const accountNumbersStatement = (customerId: string, accountId: string, after: string, limit: number): Statement => ({
  name: 'portal_account_numbers',
  text: `SELECT n.id, n.number, n.type, n.features, n.monthly_fee AS "monthlyFee", n.status, n.city, n.state,
       n.assigned_at AS "assignedAt", n.customer_id AS "customerId", c.name AS "customerName",
       n.account_id AS "accountId", a.name AS "accountName"
FROM phone_numbers n
JOIN accounts a ON a.id = n.account_id AND a.customer_id = $2 AND a.deleted_at IS NULL
JOIN customers c ON c.id = n.customer_id
WHERE n.account_id = $1 AND n.number > $3
ORDER BY n.number
LIMIT $4`,
  params: [accountId, customerId, after, limit],
});

/** One chunk of the export, keyed by number (unique), so any size streams in constant memory. */
export async function numbersAfter(db: DbOrTx, scope: ListScope, f: NumberFilters, after: string | null, limit: number) {
  return db
    .select(numberColumns)
    .from(phoneNumbers)
    .innerJoin(accounts, eq(accounts.id, phoneNumbers.accountId))
    .innerJoin(customers, eq(customers.id, phoneNumbers.customerId))
    .where(and(scopeOfNumbers(scope), numberFilters(f), after ? gt(phoneNumbers.number, after) : undefined))
    .orderBy(asc(phoneNumbers.number))
    .limit(limit);
}

export async function summary(db: DbOrTx, scope: ListScope) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      monthlyCost: sql<string>`coalesce(sum(${phoneNumbers.monthlyFee}), 0)`,
      did: sql<number>`(count(*) filter (where ${phoneNumbers.type} = 'DID'))::int`,
      tfn: sql<number>`(count(*) filter (where ${phoneNumbers.type} = 'TFN'))::int`,
      voice: sql<number>`(count(*) filter (where 'Voice' = any(${phoneNumbers.features})))::int`,
      sms: sql<number>`(count(*) filter (where 'SMS' = any(${phoneNumbers.features})))::int`,
      fax: sql<number>`(count(*) filter (where 'Fax' = any(${phoneNumbers.features})))::int`,
    })
    .from(phoneNumbers)
    .innerJoin(accounts, eq(accounts.id, phoneNumbers.accountId))
    .where(scopeOfNumbers(scope));
  return row;
}

/** The numbers among `ids` that the scope holds (locked for the change). */
export async function numbersForChange(tx: DbOrTx, ids: string[], scopeCustomerId: string | null) {
  return tx
    .select({ id: phoneNumbers.id, number: phoneNumbers.number, customerId: phoneNumbers.customerId, accountId: phoneNumbers.accountId })
    .from(phoneNumbers)
    .where(
      and(
        inArray(phoneNumbers.id, ids),
        isNotNull(phoneNumbers.accountId),
        scopeCustomerId ? eq(phoneNumbers.customerId, scopeCustomerId) : undefined,
      ),
    )
    .for('update');
}

export async function moveNumbers(tx: DbOrTx, ids: string[], accountId: string, now: Date) {
  return tx.update(phoneNumbers).set({ accountId, updatedAt: now }).where(inArray(phoneNumbers.id, ids)).returning({ id: phoneNumbers.id });
}

export async function releaseNumbers(tx: DbOrTx, ids: string[], now: Date) {
  return tx
    .update(phoneNumbers)
    .set({ accountId: null, customerId: null, assignedAt: null, status: 'Active', updatedAt: now })
    .where(inArray(phoneNumbers.id, ids))
    .returning({ id: phoneNumbers.id });
}

export async function inventoryForChange(tx: DbOrTx, ids: string[]) {
  return tx
    .select({ id: phoneNumbers.id, number: phoneNumbers.number, monthlyFee: phoneNumbers.monthlyFee })
    .from(phoneNumbers)
    .where(and(inArray(phoneNumbers.id, ids), isNull(phoneNumbers.accountId), isNull(phoneNumbers.customerId)))
    .for('update');
}

export async function assignNumbers(tx: DbOrTx, ids: string[], account: { id: string; customerId: string }, now: Date) {
  return tx
    .update(phoneNumbers)
    .set({ accountId: account.id, customerId: account.customerId, assignedAt: now, status: 'Active', updatedAt: now })
    .where(inArray(phoneNumbers.id, ids))
    .returning({ id: phoneNumbers.id });
}

export async function searchInventory(
  db: DbOrTx,
  f: { prefix?: string | undefined; type?: string | undefined; features?: string[] | undefined },
  limit: number,
) {
  const digits = f.prefix?.replace(/^\+?1?/, '') ?? '';
  const where = and(
    isNull(phoneNumbers.accountId),
    isNull(phoneNumbers.customerId),
    // NANP numbers: +1 then the area code; a prefix is the leading digits after the country code
    digits ? ilike(phoneNumbers.number, `+1${likePattern(digits, 'prefix')}`) : undefined,
    f.type ? eq(phoneNumbers.type, f.type as 'DID' | 'TFN') : undefined,
    f.features?.length ? arrayContains(phoneNumbers.features, f.features) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...numberColumns, customerName: sql<string | null>`null`, accountName: sql<string | null>`null` })
      .from(phoneNumbers)
      .where(where)
      .orderBy(asc(phoneNumbers.number))
      .limit(limit),
    db.select({ n: count() }).from(phoneNumbers).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function numberByE164(db: DbOrTx, number: string) {
  const [row] = await db
    .select({ id: phoneNumbers.id, customerId: phoneNumbers.customerId, accountId: phoneNumbers.accountId })
    .from(phoneNumbers)
    .where(eq(phoneNumbers.number, number));
  return row;
}

// ---------------------------------------------------------------------------------------------
// Porting

const docCount = sql<number>`(select count(*)::int from ${portingDocuments} where ${portingDocuments.requestId} = ${portingRequests.id})`;
const portingColumns = {
  id: portingRequests.id,
  requestCode: portingRequests.requestCode,
  number: portingRequests.number,
  requestDate: portingRequests.requestDate,
  status: portingRequests.status,
  currentCarrier: portingRequests.currentCarrier,
  scheduledFor: portingRequests.scheduledFor,
  customerId: portingRequests.customerId,
  customerName: customers.name,
  accountId: portingRequests.accountId,
  accountName: accounts.name,
  documentCount: docCount,
};

function portingScope(scope: ListScope): SQL | undefined {
  return and(
    isNull(accounts.deletedAt),
    isNull(customers.deletedAt),
    scope.customerId ? eq(portingRequests.customerId, scope.customerId) : undefined,
    scope.accountId ? eq(portingRequests.accountId, scope.accountId) : undefined,
  );
}

export async function listPorting(db: DbOrTx, scope: ListScope, q: TListPortingQuery) {
  const where = and(
    portingScope(scope),
    q.status ? eq(portingRequests.status, q.status) : undefined,
    q.search
      ? or(
          ilike(portingRequests.requestCode, likePattern(q.search)),
          ilike(portingRequests.number, likePattern(q.search.replace(/[^\d+]/g, '') || q.search)),
          ilike(accounts.name, likePattern(q.search)),
        )
      : undefined,
  );
  const from = () =>
    db
      .select(portingColumns)
      .from(portingRequests)
      .innerJoin(accounts, eq(accounts.id, portingRequests.accountId))
      .innerJoin(customers, eq(customers.id, portingRequests.customerId));
  return readPage(
    q,
    from().where(where).orderBy(desc(portingRequests.requestDate), desc(portingRequests.id)),
    db
      .select({ n: count() })
      .from(portingRequests)
      .innerJoin(accounts, eq(accounts.id, portingRequests.accountId))
      .innerJoin(customers, eq(customers.id, portingRequests.customerId))
      .where(where),
  );
}

export async function portingById(db: DbOrTx, id: string, scopeCustomerId: string | null) {
  const [row] = await db
    .select(portingColumns)
    .from(portingRequests)
    .innerJoin(accounts, eq(accounts.id, portingRequests.accountId))
    .innerJoin(customers, eq(customers.id, portingRequests.customerId))
    .where(and(eq(portingRequests.id, id), portingScope({ customerId: scopeCustomerId, accountId: null })));
  return row;
}

export async function portingEventsOf(db: DbOrTx, requestId: string) {
  return db
    .select({
      id: portingEvents.id,
      status: portingEvents.status,
      note: portingEvents.note,
      actorName: users.name,
      createdAt: portingEvents.createdAt,
    })
    .from(portingEvents)
    .leftJoin(users, eq(users.id, portingEvents.actorId))
    .where(eq(portingEvents.requestId, requestId))
    .orderBy(asc(portingEvents.createdAt), asc(portingEvents.id));
}

export async function portingDocumentsOf(db: DbOrTx, requestId: string) {
  return db
    .select({
      id: portingDocuments.id,
      kind: portingDocuments.kind,
      fileName: portingDocuments.fileName,
      contentType: portingDocuments.contentType,
      sizeBytes: portingDocuments.sizeBytes,
      uploadedByName: users.name,
      createdAt: portingDocuments.createdAt,
    })
    .from(portingDocuments)
    .leftJoin(users, eq(users.id, portingDocuments.uploadedById))
    .where(eq(portingDocuments.requestId, requestId))
    .orderBy(asc(portingDocuments.createdAt), asc(portingDocuments.id));
}

export async function portingDocument(db: DbOrTx, requestId: string, documentId: string) {
  const [row] = await db
    .select()
    .from(portingDocuments)
    .where(and(eq(portingDocuments.requestId, requestId), eq(portingDocuments.id, documentId)));
  return row;
}

export async function insertPortingDocument(tx: DbOrTx, values: typeof portingDocuments.$inferInsert) {
  const [row] = await tx.insert(portingDocuments).values(values).returning({ id: portingDocuments.id });
  return row;
}

export async function openPortingForNumber(db: DbOrTx, number: string) {
  const [row] = await db
    .select({ id: portingRequests.id, requestCode: portingRequests.requestCode, status: portingRequests.status })
    .from(portingRequests)
    .where(and(eq(portingRequests.number, number), inArray(portingRequests.status, ['In Progress', 'Pending Docs', 'Scheduled'])));
  return row;
}

/** The next PORT-{year}-{nnn}; callers hold the porting advisory lock so two requests never race. */
export async function nextPortingCode(tx: DbOrTx, year: number) {
  const prefix = `PORT-${year}-`;
  const [row] = await tx
    .select({ max: sql<number | null>`max(substring(${portingRequests.requestCode} from ${sql.raw(String(prefix.length + 1))})::int)` })
    .from(portingRequests)
    .where(sql`${portingRequests.requestCode} like ${`${prefix}%`}`);
  return `${prefix}${String((row?.max ?? 0) + 1).padStart(3, '0')}`;
}

/** Holds a request's row until the transaction ends: status changes of one request run one at a time. */
export async function lockPortingRequest(tx: DbOrTx, id: string) {
  await tx.select({ id: portingRequests.id }).from(portingRequests).where(eq(portingRequests.id, id)).for('update');
}

/** Serialises one customer's document uploads so the quota holds under concurrency. */
export async function lockCustomerDocuments(tx: DbOrTx, customerId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(382005, hashtext(${customerId}))`);
}

/** Documents held by one request and bytes held by the request and by its whole customer. */
export async function documentUsage(db: DbOrTx, requestId: string, customerId: string) {
  const [row] = await db
    .select({
      requestFiles: sql<number>`count(*) filter (where ${portingDocuments.requestId} = ${requestId})::int`,
      requestBytes: sql<number>`coalesce(sum(${portingDocuments.sizeBytes}) filter (where ${portingDocuments.requestId} = ${requestId}), 0)::bigint`,
      customerBytes: sql<number>`coalesce(sum(${portingDocuments.sizeBytes}), 0)::bigint`,
    })
    .from(portingDocuments)
    .innerJoin(portingRequests, eq(portingRequests.id, portingDocuments.requestId))
    .where(eq(portingRequests.customerId, customerId));
  return {
    requestFiles: Number(row?.requestFiles ?? 0),
    requestBytes: Number(row?.requestBytes ?? 0),
    customerBytes: Number(row?.customerBytes ?? 0),
  };
}

export async function insertNumber(tx: DbOrTx, values: typeof phoneNumbers.$inferInsert) {
  const [row] = await tx.insert(phoneNumbers).values(values).returning({ id: phoneNumbers.id });
  return row;
}

export async function lockPortingCodes(tx: DbOrTx) {
  await tx.execute(sql`select pg_advisory_xact_lock(382004)`);
}

export async function insertPorting(tx: DbOrTx, values: typeof portingRequests.$inferInsert) {
  const [row] = await tx.insert(portingRequests).values(values).returning({ id: portingRequests.id });
  return row;
}

export async function insertPortingEvent(tx: DbOrTx, values: typeof portingEvents.$inferInsert) {
  await tx.insert(portingEvents).values(values);
}

export async function updatePortingStatus(tx: DbOrTx, id: string, set: Partial<typeof portingRequests.$inferInsert>) {
  await tx.update(portingRequests).set(set).where(eq(portingRequests.id, id));
}

/** The active users of a customer: who hears about its porting requests. */
export async function customerUserIds(db: DbOrTx, customerId: string) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.customerId, customerId), eq(users.kind, 'customer'), eq(users.status, 'Active'), isNull(users.deletedAt)));
  return rows.map((r) => r.id);
}
