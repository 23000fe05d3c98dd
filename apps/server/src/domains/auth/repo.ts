import { and, count, desc, eq, gt, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  auditLog,
  customers,
  loginChallenges,
  loginFailures,
  passwordResets,
  sessions,
  trustedDevices,
  users,
} from '../../db/schema/index.ts';

export async function findUserByEmail(db: DbOrTx, email: string) {
  const [row] = await db
    .select({
      user: users,
      customerName: customers.name,
      customerDeletedAt: customers.deletedAt,
      customerStatus: customers.status,
      customerSelfRegisteredAt: customers.selfRegisteredAt,
    })
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

/** The password expired: the user must choose a new one before anything else (setPassword clears it). */
export async function requirePasswordChange(db: DbOrTx, userId: string) {
  await db.update(users).set({ mustChangePassword: true }).where(eq(users.id, userId));
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

/**
 * Gives back the attempt a right password claimed when a code step follows (the password was not a
 * failure); the code's attempts are counted on their own. When this very attempt locked the address,
 * the lock goes too (later parallel attempts were refused uncounted).
 */
export async function releaseSignInAttempt(db: DbOrTx, email: string, itLocked: boolean) {
  await db
    .update(loginFailures)
    .set({
      failures: sql`greatest(${loginFailures.failures} - 1, 0)`,
      ...(itLocked ? { lockedUntil: null } : {}),
    })
    .where(eq(loginFailures.email, email));
}

// ---------------------------------------------------------------------------------------------
// Two-factor sign-in

type TwoFactorColumns = Partial<
  Pick<
    typeof users.$inferInsert,
    | 'twoFactorEnabled'
    | 'twoFactorMode'
    | 'twoFactorSecret'
    | 'twoFactorPendingSecret'
    | 'twoFactorEnabledAt'
    | 'twoFactorLastStep'
    | 'twoFactorRecoveryHashes'
  >
>;

export async function setTwoFactor(db: DbOrTx, userId: string, values: TwoFactorColumns) {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

/**
 * Accepts a time step for the user only when it is later than the last one accepted, in one
 * statement: two requests with the same code cannot both pass. False when the step was used.
 */
export async function claimTotpStep(db: DbOrTx, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ twoFactorLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.twoFactorLastStep), lt(users.twoFactorLastStep, step))))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Uses up a recovery code (removes its hash) in one statement; false when it is not one of the user's. */
export async function claimRecoveryCode(db: DbOrTx, userId: string, hash: string): Promise<number | null> {
  const [row] = await db
    .update(users)
    .set({ twoFactorRecoveryHashes: sql`array_remove(${users.twoFactorRecoveryHashes}, ${hash})` })
    .where(and(eq(users.id, userId), sql`${hash} = any(${users.twoFactorRecoveryHashes})`))
    .returning({ left: sql<number>`cardinality(${users.twoFactorRecoveryHashes})` });
  return row ? Number(row.left) : null;
}

export async function insertChallenge(db: DbOrTx, values: typeof loginChallenges.$inferInsert) {
  await db.insert(loginChallenges).values(values);
}

/**
 * Counts one try of a challenge that is still open (not expired, fewer than `maxAttempts` tries);
 * returns the try's number, or null when the challenge is gone.
 */
export async function countChallengeAttempt(db: DbOrTx, idHash: string, maxAttempts: number, now: Date) {
  const [row] = await db
    .update(loginChallenges)
    .set({ attempts: sql`${loginChallenges.attempts} + 1` })
    .where(and(eq(loginChallenges.idHash, idHash), gt(loginChallenges.expiresAt, now), lt(loginChallenges.attempts, maxAttempts)))
    .returning();
  return row ?? null;
}

export async function deleteChallenge(db: DbOrTx, idHash: string) {
  await db.delete(loginChallenges).where(eq(loginChallenges.idHash, idHash));
}

/** Open challenges of a user end when two-factor is turned off or reset (and old ones are swept). */
export async function deleteUserChallenges(db: DbOrTx, userId: string) {
  await db.delete(loginChallenges).where(eq(loginChallenges.userId, userId));
}

export async function deleteExpiredChallenges(db: DbOrTx, now: Date): Promise<number> {
  const rows = await db.delete(loginChallenges).where(lte(loginChallenges.expiresAt, now)).returning({ idHash: loginChallenges.idHash });
  return rows.length;
}

export async function insertTrustedDevice(db: DbOrTx, values: typeof trustedDevices.$inferInsert) {
  await db.insert(trustedDevices).values(values);
}

export async function isTrustedDevice(db: DbOrTx, userId: string, tokenHash: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ userId: trustedDevices.userId })
    .from(trustedDevices)
    .where(and(eq(trustedDevices.tokenHash, tokenHash), eq(trustedDevices.userId, userId), gt(trustedDevices.expiresAt, now)));
  return Boolean(row);
}

export async function countTrustedDevices(db: DbOrTx, userId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(trustedDevices)
    .where(and(eq(trustedDevices.userId, userId), gt(trustedDevices.expiresAt, now)));
  return row?.n ?? 0;
}

export async function deleteUserTrustedDevices(db: DbOrTx, userId: string) {
  await db.delete(trustedDevices).where(eq(trustedDevices.userId, userId));
}

export async function deleteExpiredTrustedDevices(db: DbOrTx, now: Date): Promise<number> {
  const rows = await db.delete(trustedDevices).where(lte(trustedDevices.expiresAt, now)).returning({ tokenHash: trustedDevices.tokenHash });
  return rows.length;
}

/**
 * How the user signed in before: whether they ever did, and whether from this browser (its user
 * agent) — the audit trail keeps every sign-in, sessions do not outlive a sign-out.
 */
export async function signInHistory(db: DbOrTx, userId: string, userAgent: string | null) {
  const [row] = await db
    .select({
      any: sql<boolean>`count(*) > 0`,
      here: sql<boolean>`coalesce(bool_or(${auditLog.userAgent} is not distinct from ${userAgent}), false)`,
    })
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'session'), eq(auditLog.entityId, userId), eq(auditLog.action, 'auth.sign_in')));
  return { signedInBefore: Boolean(row?.any), fromHereBefore: Boolean(row?.here) };
}
