import type { TAccountOptionsQuery, TListAccountsQuery } from '@portal/contract/accounts';
import { and, asc, count, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accountServices, accounts, customers, phoneNumbers, users } from '../../db/schema/index.ts';
import type { ListScope } from '../../lib/list-scope.ts';
import { containsAny, likePattern, orderBy, readPage } from '../../lib/paging.ts';
import { insertRow } from '../../lib/rows.ts';

const alive = and(isNull(accounts.deletedAt), isNull(customers.deletedAt));

/** SMS and Voice number counts per account (numbers with that feature, any type). */
const numberCounts = (db: DbOrTx) =>
  db
    .select({
      accountId: phoneNumbers.accountId,
      sms: sql<number>`count(*) filter (where 'SMS' = any(${phoneNumbers.features}))::int`.as('sms'),
      voice: sql<number>`count(*) filter (where 'Voice' = any(${phoneNumbers.features}))::int`.as('voice'),
    })
    .from(phoneNumbers)
    .groupBy(phoneNumbers.accountId)
    .as('number_counts');

const SORTS = {
  name: sql`lower(${accounts.name})`,
  accountId: accounts.accountCode,
  status: accounts.status,
  createdAt: accounts.createdAt,
};

export async function listAccounts(db: DbOrTx, customerId: string | null, q: TListAccountsQuery) {
  const where = and(
    alive,
    customerId ? eq(accounts.customerId, customerId) : undefined,
    containsAny(q.search, accounts.name, accounts.accountCode),
    q.status ? eq(accounts.status, q.status) : undefined,
  );
  const counts = numberCounts(db);
  return readPage(
    q,
    db
      .select({
        account: accounts,
        customerName: customers.name,
        managerName: users.name,
        sms: sql<number>`coalesce(${counts.sms}, 0)::int`,
        voice: sql<number>`coalesce(${counts.voice}, 0)::int`,
      })
      .from(accounts)
      .innerJoin(customers, eq(customers.id, accounts.customerId))
      .leftJoin(users, eq(users.id, accounts.accountManagerId))
      .leftJoin(counts, eq(counts.accountId, accounts.id))
      .where(where)
      .orderBy(...orderBy(SORTS, q.sort, q.dir, accounts.id)),
    db.select({ n: count() }).from(accounts).innerJoin(customers, eq(customers.id, accounts.customerId)).where(where),
  );
}

/** The accounts of a scope for pickers: every word of q must match the account's name, ID or customer. */
export async function accountOptions(db: DbOrTx, scope: ListScope, q: TAccountOptionsQuery) {
  const words = (q.q ?? '').split(/\s+/).filter(Boolean);
  return db
    .select({
      id: accounts.id,
      accountId: accounts.accountCode,
      name: accounts.name,
      customerId: accounts.customerId,
      customerName: customers.name,
    })
    .from(accounts)
    .innerJoin(customers, eq(customers.id, accounts.customerId))
    .where(
      and(
        alive,
        scope.customerId ? eq(accounts.customerId, scope.customerId) : undefined,
        scope.accountId ? eq(accounts.id, scope.accountId) : undefined,
        ...words.map((w) =>
          or(ilike(accounts.name, likePattern(w)), ilike(accounts.accountCode, likePattern(w)), ilike(customers.name, likePattern(w))),
        ),
      ),
    )
    .orderBy(asc(sql`lower(${customers.name})`), asc(sql`lower(${accounts.name})`), accounts.id)
    .limit(q.limit);
}

export async function findAccount(db: DbOrTx, id: string, scopeCustomerId: string | null) {
  const counts = numberCounts(db);
  const [row] = await db
    .select({
      account: accounts,
      customerName: customers.name,
      manager: { id: users.id, name: users.name, email: users.email, phone: users.phone },
      sms: sql<number>`coalesce(${counts.sms}, 0)::int`,
      voice: sql<number>`coalesce(${counts.voice}, 0)::int`,
    })
    .from(accounts)
    .innerJoin(customers, eq(customers.id, accounts.customerId))
    .leftJoin(users, eq(users.id, accounts.accountManagerId))
    .leftJoin(counts, eq(counts.accountId, accounts.id))
    .where(and(eq(accounts.id, id), alive, scopeCustomerId ? eq(accounts.customerId, scopeCustomerId) : undefined));
  return row;
}

export async function listServices(db: DbOrTx, accountId: string) {
  return db
    .select({
      id: accountServices.id,
      name: accountServices.name,
      serviceType: accountServices.serviceType,
      status: accountServices.status,
      monthlyCost: accountServices.monthlyCost,
    })
    .from(accountServices)
    .where(eq(accountServices.accountId, accountId))
    .orderBy(accountServices.createdAt, accountServices.id);
}

export async function codeTaken(db: DbOrTx, code: string): Promise<boolean> {
  const [row] = await db.select({ id: accounts.id }).from(accounts).where(sql`lower(${accounts.accountCode}) = ${code.toLowerCase()}`);
  return Boolean(row);
}

/** ACC-{customer number}-{nn}: the next free number for the customer. */
export async function nextAccountCode(db: DbOrTx, customerId: string, customerCode: string): Promise<string> {
  const digits = customerCode.replace(/\D/g, '') || '0';
  const [row] = await db.select({ n: count() }).from(accounts).where(eq(accounts.customerId, customerId));
  for (let n = (row?.n ?? 0) + 1; ; n++) {
    const code = `ACC-${digits}-${String(n).padStart(2, '0')}`;
    if (!(await codeTaken(db, code))) return code;
  }
}

export async function findCustomerForAccount(db: DbOrTx, customerId: string) {
  const [row] = await db
    .select({ id: customers.id, name: customers.name, customerCode: customers.customerCode })
    .from(customers)
    .where(and(eq(customers.id, customerId), isNull(customers.deletedAt)));
  return row;
}

export const insertAccount = (db: DbOrTx, values: typeof accounts.$inferInsert) => insertRow(db, accounts, values);

export async function updateAccount(db: DbOrTx, id: string, values: Partial<typeof accounts.$inferInsert>) {
  const [row] = await db
    .update(accounts)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(accounts.id, id), isNull(accounts.deletedAt)))
    .returning();
  return row;
}

export async function touchAccessed(db: DbOrTx, id: string, at: Date) {
  await db.update(accounts).set({ lastAccessedAt: at }).where(eq(accounts.id, id));
}

export const insertService = (db: DbOrTx, values: typeof accountServices.$inferInsert) => insertRow(db, accountServices, values);

export async function updateService(db: DbOrTx, accountId: string, id: string, values: Partial<typeof accountServices.$inferInsert>) {
  const [row] = await db
    .update(accountServices)
    .set(values)
    .where(and(eq(accountServices.id, id), eq(accountServices.accountId, accountId)))
    .returning();
  return row;
}

export async function deleteService(db: DbOrTx, accountId: string, id: string) {
  const [row] = await db
    .delete(accountServices)
    .where(and(eq(accountServices.id, id), eq(accountServices.accountId, accountId)))
    .returning();
  return row;
}

export async function countNumbers(db: DbOrTx, accountId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(phoneNumbers).where(eq(phoneNumbers.accountId, accountId));
  return row?.n ?? 0;
}
