import { and, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
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

export interface SignInAttempt {
  /** Set when the address was already locked: the attempt is refused without a password check. */
  refusedUntil: Date | null;
  /** This attempt's number since the last success or lock (1, 2, ...). */
  attempt: number;
  /** True when this attempt reached the limit and locked the address. */
  locks: boolean;
}

/**
 * Counts a sign-in attempt before its password is checked, atomically: the upsert takes the row's
 * lock, so parallel attempts for one address get distinct numbers and the one that reaches the
 * limit locks the address for all that follow. A success clears the row (clearLoginFailures).
 * Runs in its own short transaction (the row lock is not held during the slow hash).
 */
export async function claimSignInAttempt(
  db: DbOrTx,
  email: string,
  policy: { limit: number | null; lockMs: number },
  now: Date,
): Promise<SignInAttempt> {
  return db.transaction(async (tx) => {
    // ON CONFLICT DO UPDATE locks the existing row (or creates it) and returns it as it is.
    const [row] = await tx
      .insert(loginFailures)
      .values({ email, failures: 0, lockedUntil: null, lastFailureAt: now })
      .onConflictDoUpdate({ target: loginFailures.email, set: { email: sql`excluded.email` } })
      .returning();
    if (row?.lockedUntil && row.lockedUntil > now) return { refusedUntil: row.lockedUntil, attempt: row.failures, locks: false };
    // A lock that has run out starts the count again.
    const attempt = (row?.lockedUntil ? 0 : (row?.failures ?? 0)) + 1;
    const locks = policy.limit !== null && attempt >= policy.limit;
    await tx
      .update(loginFailures)
      .set({ failures: attempt, lockedUntil: locks ? new Date(now.getTime() + policy.lockMs) : null, lastFailureAt: now })
      .where(eq(loginFailures.email, email));
    return { refusedUntil: null, attempt, locks };
  });
}

/** Addresses locked now, with their user when the address has one; the latest lock first. */
export async function listLockedSignIns(db: DbOrTx, now: Date) {
  return db
    .select({
      email: loginFailures.email,
      failures: loginFailures.failures,
      lockedUntil: loginFailures.lockedUntil,
      userId: users.id,
      userName: users.name,
      customerId: users.customerId,
    })
    .from(loginFailures)
    .leftJoin(users, and(sql`lower(${users.email}) = ${loginFailures.email}`, isNull(users.deletedAt)))
    .where(gt(loginFailures.lockedUntil, now))
    .orderBy(desc(loginFailures.lockedUntil), loginFailures.email);
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
  // a password of their own: no longer temporary, and an open invitation is accepted
  await db
    .update(users)
    .set({ passwordHash, passwordChangedAt: at, updatedAt: at, mustChangePassword: false, invitePending: false })
    .where(eq(users.id, userId));
}

export async function deleteUserSessions(db: DbOrTx, userId: string, keepIdHash?: string | null) {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), keepIdHash ? ne(sessions.idHash, keepIdHash) : undefined));
}

/** Ends every link (invitation or reset) not yet used for this user. */
export async function expireUserLinks(db: DbOrTx, userId: string, at: Date) {
  await db
    .update(passwordResets)
    .set({ usedAt: at })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

/** Deletes the sessions past their expiry (by the database's clock); returns how many. */
export async function deleteExpiredSessions(db: DbOrTx): Promise<number> {
  const rows = await db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`)).returning({ idHash: sessions.idHash });
  return rows.length;
}
