import { and, eq, isNull } from 'drizzle-orm';
import { afterAll } from 'vitest';
import { accounts, customers } from '../src/db/schema/index.ts';
import { as, createTestApp, signIn } from './helpers.ts';

/**
 * The numbers and porting files' world: the app on its own seeded database (closed after the file),
 * a session for each demo caller, Acme (CUST-1001) with its live accounts by name, another company
 * (CUST-1002) with one of its accounts, and `req` to call the API as one of the callers.
 */
export async function numbersTestWorld() {
  const t = await createTestApp();
  afterAll(() => t.close());
  const cookies: Record<string, string> = {};
  for (const who of ['admin', 'support', 'customer', 'user', 'other'] as const) cookies[who] = await signIn(t.app, who);
  const db = t.database.db;
  const idOf = async (code: string) =>
    (await db.select({ id: customers.id }).from(customers).where(eq(customers.customerCode, code)))[0]?.id as string;
  const acme = await idOf('CUST-1001');
  const otherCo = await idOf('CUST-1002');
  const acmeAccounts = await db
    .select({ id: accounts.id, name: accounts.name })
    .from(accounts)
    .where(and(eq(accounts.customerId, acme), isNull(accounts.deletedAt)))
    .orderBy(accounts.name);
  const [oa] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.customerId, otherCo)).limit(1);
  const req = (who: string | null, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    as(t.app, who ? (cookies[who] ?? null) : null, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
  return { t, cookies, acme, otherCo, acmeAccounts, otherAccount: oa?.id as string, req };
}
