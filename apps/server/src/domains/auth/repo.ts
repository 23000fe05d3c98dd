import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { customers, loginFailures, passwordResets, sessions, users } from '../../db/schema/index.ts';

export async function findUserByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select({ user: users, customerName: customers.name, customerDeletedAt: customers.deletedAt })
    .from(users)
    .leftJoin(customers, eq(customers.id, users.customerId))
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, isNull(users.deletedAt)));
  return row;
}

export async function findUserById(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ user: users, customerName: customers.name })
    .from(users)
    .leftJoin(customers, eq(customers.id, users.customerId))
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  return row;
}

export async function getLoginFailure(db: DbOrTx, email: string) {
  const [row] = await db.select().from(loginFailures).where(eq(loginFailures.email, email));
  return row;
}

export async function saveLoginFailure(db: DbOrTx, email: string, failures: number, lockedUntil: Date | null) {
  await db
    .insert(loginFailures)
    .values({ email, failures, lockedUntil, lastFailureAt: new Date() })
    .onConflictDoUpdate({ target: loginFailures.email, set: { failures, lockedUntil, lastFailureAt: new Date() } });
}

export async function clearLoginFailures(db: DbOrTx, email: string) {
  await db.delete(loginFailures).where(eq(loginFailures.email, email));
}

export async function insertSession(db: DbOrTx, values: typeof sessions.$inferInsert) {
  await db.insert(sessions).values(values);
}

export async function deleteSession(db: DbOrTx, idHash: string) {
  await db.delete(sessions).where(eq(sessions.idHash, idHash));
}

export async function touchLastLogin(db: DbOrTx, userId: string, at: Date) {
  await db.update(users).set({ lastLoginAt: at }).where(eq(users.id, userId));
}

export async function insertPasswordReset(db: DbOrTx, values: typeof passwordResets.$inferInsert) {
  await db.insert(passwordResets).values(values);
}

export async function findPasswordReset(db: DbOrTx, tokenHash: string) {
  const [row] = await db.select().from(passwordResets).where(eq(passwordResets.tokenHash, tokenHash));
  return row;
}

export async function usePasswordReset(db: DbOrTx, tokenHash: string, at: Date) {
  await db.update(passwordResets).set({ usedAt: at }).where(eq(passwordResets.tokenHash, tokenHash));
}

export async function setPassword(db: DbOrTx, userId: string, passwordHash: string, at: Date) {
  await db.update(users).set({ passwordHash, passwordChangedAt: at, updatedAt: at }).where(eq(users.id, userId));
}

export async function deleteUserSessions(db: DbOrTx, userId: string) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
