import type { TListUsersQuery } from '@portal/contract/users';
import { and, count, eq, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { containsAny, orderBy, readPage } from '../../lib/paging.ts';
import { insertRow } from '../../lib/rows.ts';

/**
 * Whose users: the provider's staff, one customer's users, or (a staff Admin reaching a user by
 * id) anyone's.
 */
export type UserScope = { kind: 'staff' } | { kind: 'customer'; customerId: string } | { kind: 'all' };

const inScope = (scope: UserScope) =>
  and(
    isNull(users.deletedAt),
    scope.kind === 'all' ? undefined : eq(users.kind, scope.kind),
    scope.kind === 'customer' ? eq(users.customerId, scope.customerId) : scope.kind === 'staff' ? isNull(users.customerId) : undefined,
  );

/** The users a user's company (or the staff) shares the last-Admin rule with. */
export const companyOf = (u: { kind: 'staff' | 'customer'; customerId: string | null }): UserScope =>
  u.kind === 'customer' && u.customerId ? { kind: 'customer', customerId: u.customerId } : { kind: 'staff' };

const SORTS = {
  name: sql`lower(${users.name})`,
  email: sql`lower(${users.email})`,
  role: users.role,
  status: users.status,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
};

export async function listUsers(db: DbOrTx, scope: UserScope, q: TListUsersQuery) {
  const where = and(
    inScope(scope),
    containsAny(q.search, users.name, users.email),
    q.role ? eq(users.role, q.role) : undefined,
    q.status ? eq(users.status, q.status) : undefined,
  );
  return readPage(
    q,
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(...orderBy(SORTS, q.sort, q.dir, users.id)),
    db.select({ n: count() }).from(users).where(where),
  );
}

export async function findUser(db: DbOrTx, scope: UserScope, id: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(inScope(scope), eq(users.id, id)));
  return row;
}

/** Locks the row for a change (two admins demoting each other cannot both pass the last-Admin rule). */
export async function lockUser(db: DbOrTx, scope: UserScope, id: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(inScope(scope), eq(users.id, id)))
    .for('update');
  return row;
}

/** Active Admins in the scope other than `exceptId`, with their rows locked. */
export async function otherActiveAdmins(db: DbOrTx, scope: UserScope, exceptId: string): Promise<number> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inScope(scope), eq(users.role, 'Admin'), eq(users.status, 'Active'), ne(users.id, exceptId)))
    .for('update');
  return rows.length;
}

export async function emailTaken(db: DbOrTx, email: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, exceptId ? ne(users.id, exceptId) : undefined))
    .limit(1);
  return Boolean(row);
}

export const insertUser = (db: DbOrTx, values: typeof users.$inferInsert) => insertRow(db, users, values);

export async function updateUser(db: DbOrTx, id: string, values: Partial<typeof users.$inferInsert>) {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row as typeof users.$inferSelect;
}

/** The active Admins of a company: whom its notices go to. */
export async function customerAdminIds(db: DbOrTx, customerId: string) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.customerId, customerId), eq(users.role, 'Admin'), eq(users.status, 'Active'), isNull(users.deletedAt)));
  return rows.map((r) => r.id);
}
