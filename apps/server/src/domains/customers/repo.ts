import type { TListCustomersQuery } from '@portal/contract/customers';
import { REVENUE_BANDS } from '@portal/contract/customers';
import { and, count, desc, eq, gte, ilike, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accounts, customerNotes, customers, ipAddresses, phoneNumbers, recentCustomers, sessions, users } from '../../db/schema/index.ts';
import { containsAny, likePattern, orderBy, readPage } from '../../lib/paging.ts';
import { insertRow } from '../../lib/rows.ts';

const alive = isNull(customers.deletedAt);

function listWhere(q: TListCustomersQuery) {
  const band = q.revenue ? REVENUE_BANDS.find((b) => b.value === q.revenue) : undefined;
  return and(
    alive,
    containsAny(q.search, customers.name, customers.customerCode),
    q.status ? eq(customers.status, q.status) : undefined,
    band ? gte(customers.revenue, band.min) : undefined,
    band?.max ? lt(customers.revenue, band.max) : undefined,
  );
}

const SORTS = {
  name: sql`lower(${customers.name})`,
  customerId: customers.customerCode,
  revenue: customers.revenue,
  status: customers.status,
  createdAt: customers.createdAt,
};

export async function listCustomers(db: DbOrTx, q: TListCustomersQuery) {
  const where = listWhere(q);
  const accountCount = db
    .select({ customerId: accounts.customerId, n: count().as('n') })
    .from(accounts)
    .where(isNull(accounts.deletedAt))
    .groupBy(accounts.customerId)
    .as('account_counts');
  return readPage(
    q,
    db
      .select({ customer: customers, accountCount: sql<number>`coalesce(${accountCount.n}, 0)::int` })
      .from(customers)
      .leftJoin(accountCount, eq(accountCount.customerId, customers.id))
      .where(where)
      .orderBy(...orderBy(SORTS, q.sort, q.dir, customers.id)),
    db.select({ n: count() }).from(customers).where(where),
  );
}

export async function suggestCustomers(db: DbOrTx, text: string, limit: number) {
  // Names starting with the text first, then names containing it; lower(name) is indexed.
  const lowered = text.toLowerCase();
  return db
    .select({ id: customers.id, name: customers.name, customerId: customers.customerCode, status: customers.status })
    .from(customers)
    .where(and(alive, or(ilike(customers.name, likePattern(text)), ilike(customers.customerCode, likePattern(text, 'prefix')))))
    .orderBy(
      sql`case when lower(${customers.name}) like ${likePattern(lowered, 'prefix')} then 0 else 1 end`,
      sql`lower(${customers.name})`,
    )
    .limit(limit);
}

export async function findCustomer(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ customer: customers, manager: { id: users.id, name: users.name, email: users.email, phone: users.phone } })
    .from(customers)
    .leftJoin(users, eq(users.id, customers.accountManagerId))
    .where(and(eq(customers.id, id), alive));
  return row;
}

/**
 * A new customer with the next CUST number, inside the caller's transaction: the code assignment is
 * serialised, so two creations (staff, or the sign-up page) never pick the same number.
 */
export async function insertCustomerWithCode(db: DbOrTx, values: Omit<typeof customers.$inferInsert, 'customerCode'>) {
  await db.execute(sql`select pg_advisory_xact_lock(382001)`);
  const row = await insertCustomer(db, { ...values, customerCode: await nextCustomerCode(db) });
  if (!row) throw new Error('Customer insert returned nothing');
  return row;
}

export async function nextCustomerCode(db: DbOrTx): Promise<string> {
  const [row] = await db
    .select({ max: sql<number | null>`max(nullif(regexp_replace(${customers.customerCode}, '\\D', '', 'g'), '')::int)` })
    .from(customers);
  return `CUST-${Math.max(1000, Number(row?.max ?? 1000)) + 1}`;
}

export const insertCustomer = (db: DbOrTx, values: typeof customers.$inferInsert) => insertRow(db, customers, values);

export async function updateCustomer(db: DbOrTx, id: string, values: Partial<typeof customers.$inferInsert>) {
  const [row] = await db
    .update(customers)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(customers.id, id), alive))
    .returning();
  return row;
}

/** The phone numbers a customer holds (on any of its accounts); they are not in the inventory. */
export async function countNumbers(db: DbOrTx, customerId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(phoneNumbers).where(eq(phoneNumbers.customerId, customerId));
  return row?.n ?? 0;
}

/** Soft delete: the customer and its accounts leave every list; its users' sessions end. */
export async function softDeleteCustomer(db: DbOrTx, id: string, at: Date) {
  const [row] = await db
    .update(customers)
    .set({ deletedAt: at, updatedAt: at })
    .where(and(eq(customers.id, id), alive))
    .returning({ id: customers.id, name: customers.name, customerCode: customers.customerCode });
  if (!row) return undefined;
  await db
    .update(accounts)
    .set({ deletedAt: at, updatedAt: at })
    .where(and(eq(accounts.customerId, id), isNull(accounts.deletedAt)));
  const members = db.select({ id: users.id }).from(users).where(eq(users.customerId, id));
  await db.delete(sessions).where(inArray(sessions.userId, members));
  return row;
}

export async function staffOptions(db: DbOrTx) {
  return db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role })
    .from(users)
    .where(and(eq(users.kind, 'staff'), eq(users.status, 'Active'), isNull(users.deletedAt)))
    .orderBy(users.name);
}

export async function isActiveStaff(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.kind, 'staff'), eq(users.status, 'Active'), isNull(users.deletedAt)));
  return Boolean(row);
}

export async function touchRecent(db: DbOrTx, userId: string, customerId: string, at: Date) {
  await db
    .insert(recentCustomers)
    .values({ userId, customerId, accessedAt: at })
    .onConflictDoUpdate({ target: [recentCustomers.userId, recentCustomers.customerId], set: { accessedAt: at } });
}

export async function listNotes(db: DbOrTx, customerId: string) {
  return db
    .select({ id: customerNotes.id, body: customerNotes.body, authorName: users.name, createdAt: customerNotes.createdAt })
    .from(customerNotes)
    .leftJoin(users, eq(users.id, customerNotes.authorId))
    .where(eq(customerNotes.customerId, customerId))
    .orderBy(desc(customerNotes.createdAt), desc(customerNotes.id))
    .limit(200);
}

export const insertNote = (db: DbOrTx, values: typeof customerNotes.$inferInsert) => insertRow(db, customerNotes, values);

export async function listIpAddresses(db: DbOrTx, customerId: string) {
  return db
    .select({
      id: ipAddresses.id,
      ipAddress: ipAddresses.ipAddress,
      type: ipAddresses.type,
      status: ipAddresses.status,
      description: ipAddresses.description,
      accountName: accounts.name,
      lastUpdated: ipAddresses.lastUpdated,
    })
    .from(ipAddresses)
    .leftJoin(accounts, eq(accounts.id, ipAddresses.accountId))
    .where(and(eq(ipAddresses.customerId, customerId), or(isNull(ipAddresses.accountId), isNull(accounts.deletedAt))))
    .orderBy(ipAddresses.type, ipAddresses.ipAddress);
}

/** The customer's first active Admin user: whom staff impersonate. */
export async function firstCustomerAdmin(db: DbOrTx, customerId: string) {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(eq(users.customerId, customerId), eq(users.role, 'Admin'), eq(users.status, 'Active'), isNull(users.deletedAt)))
    .orderBy(users.createdAt, users.id)
    .limit(1);
  return row;
}
