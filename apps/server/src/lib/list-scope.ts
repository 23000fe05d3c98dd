import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { accounts, customers } from '../db/schema/index.ts';
import { type Ctx, isCustomerSide, ownCustomer } from './context.ts';
import { notFound } from './errors.ts';

/**
 * Which customer and account a list or a change is about. The session decides: a customer user
 * is always held to their own company, whatever the query says; staff may narrow to any customer
 * or account. An account (or customer) outside the caller's reach is a 404, never its data.
 */
export interface ListScope {
  /** null = the provider's whole book (staff without a customer filter). */
  customerId: string | null;
  accountId: string | null;
}

export async function resolveListScope(
  ctx: Ctx,
  query: { customerId?: string | undefined; accountId?: string | undefined },
): Promise<ListScope> {
  const db = ctx.db;
  const own = ownCustomer(ctx);
  if (isCustomerSide(ctx) && !own) throw notFound('Customer');
  if (query.customerId && own && query.customerId !== own) throw notFound('Customer');
  let customerId = own ?? query.customerId ?? null;
  if (customerId && !own) {
    const [c] = await db
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.id, customerId), isNull(customers.deletedAt)));
    if (!c) throw notFound('Customer');
  }
  if (!query.accountId) return { customerId, accountId: null };
  const account = await findAccountInScope(db, query.accountId, customerId);
  if (!account) throw notFound('Account');
  customerId = account.customerId;
  return { customerId, accountId: account.id };
}

/** An account the scope may see (not deleted), with its customer; undefined when out of reach. */
export async function findAccountInScope(db: DbOrTx, accountId: string, scopeCustomerId: string | null) {
  const [row] = await db
    .select({
      id: accounts.id,
      name: accounts.name,
      customerId: accounts.customerId,
      customerName: customers.name,
      maxVoiceChannels: accounts.maxVoiceChannels,
      status: accounts.status,
    })
    .from(accounts)
    .innerJoin(customers, eq(customers.id, accounts.customerId))
    .where(
      and(
        eq(accounts.id, accountId),
        isNull(accounts.deletedAt),
        isNull(customers.deletedAt),
        scopeCustomerId ? eq(accounts.customerId, scopeCustomerId) : undefined,
      ),
    );
  return row;
}

/**
 * Numbers may not be added to, moved into or ported into a suspended or cancelled account (it is not
 * billed or served until the provider lifts the status). The field error for the account picker,
 * or null when the account can take numbers.
 */
export function closedAccountError(account: { status: string }): string | null {
  if (account.status === 'suspended') return 'This account is suspended; numbers cannot be added to it';
  if (account.status === 'cancelled') return 'This account is cancelled; numbers cannot be added to it';
  return null;
}

/**
 * The scope of a big record list (CDRs, messages, the API request log). The export checks the
 * scope's records (404 for another customer's account) before it starts; the page, which must
 * cost no more than its one indexed query, folds the scope into that query instead: a customer's
 * filter always carries their own customer id, so another customer's account matches nothing.
 */
export async function recordListScope(
  ctx: Ctx,
  q: { customerId?: string | undefined; accountId?: string | undefined },
  strict: boolean,
): Promise<ListScope> {
  if (strict) return resolveListScope(ctx, q);
  const own = ownCustomer(ctx);
  if (isCustomerSide(ctx) && (!own || (q.customerId && q.customerId !== own))) throw notFound('Customer');
  return { customerId: own ?? q.customerId ?? null, accountId: q.accountId ?? null };
}
