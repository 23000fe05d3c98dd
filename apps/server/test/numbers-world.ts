import { and, eq, isNull } from 'drizzle-orm';
import { accounts } from '../src/db/schema/index.ts';
import { as, signIn } from './helpers.ts';
import { apiTestWorld } from './world.ts';

/**
 * The numbers and porting files' world: apiTestWorld's app and tenants, a session cookie for each
 * demo caller, Acme's live accounts by name and one account of the other company (Globex), and
 * `req` to call the API as one of the callers.
 */
export async function numbersTestWorld() {
  const { t, db, acme: acmeRow, globex } = await apiTestWorld();
  const cookies: Record<string, string> = {};
  for (const who of ['admin', 'support', 'customer', 'user', 'other'] as const) cookies[who] = await signIn(t.app, who);
  const acmeAccounts = await db
    .select({ id: accounts.id, name: accounts.name })
    .from(accounts)
    .where(and(eq(accounts.customerId, acmeRow.id), isNull(accounts.deletedAt)))
    .orderBy(accounts.name);
  const [oa] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.customerId, globex.id)).limit(1);
  const req = (who: string | null, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    as(t.app, who ? (cookies[who] ?? null) : null, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
  return { t, cookies, acme: acmeRow.id, otherCo: globex.id, acmeAccounts, otherAccount: oa?.id as string, req };
}
