import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { customers, emailVerifications, users } from '../../db/schema/index.ts';

/** Registrations awaiting review: self-registered companies still pending, each with its first Admin. */
export async function listPending(db: DbOrTx) {
  return db
    .select({ customer: customers, user: users })
    .from(customers)
    .innerJoin(users, and(eq(users.customerId, customers.id), eq(users.role, 'Admin'), isNull(users.deletedAt)))
    .where(and(isNotNull(customers.selfRegisteredAt), eq(customers.status, 'pending'), isNull(customers.deletedAt)))
    .orderBy(asc(customers.selfRegisteredAt));
}

/** One pending registration, its row locked for the review (approve and reject cannot both win). */
export async function lockPending(db: DbOrTx, customerId: string) {
  const [row] = await db
    .select({ customer: customers, user: users })
    .from(customers)
    .innerJoin(users, and(eq(users.customerId, customers.id), eq(users.role, 'Admin'), isNull(users.deletedAt)))
    .where(and(eq(customers.id, customerId), isNotNull(customers.selfRegisteredAt), isNull(customers.deletedAt)))
    .for('update', { of: customers });
  return row;
}

export async function insertVerification(db: DbOrTx, values: typeof emailVerifications.$inferInsert) {
  await db.insert(emailVerifications).values(values);
}

/** Earlier links of the user stop working (a new one was sent, or the address is verified). */
export async function expireVerifications(db: DbOrTx, userId: string, at: Date) {
  await db
    .update(emailVerifications)
    .set({ usedAt: at })
    .where(and(eq(emailVerifications.userId, userId), isNull(emailVerifications.usedAt)));
}

/** Claims an unused, unexpired link: only one request can use it. */
export async function claimVerification(db: DbOrTx, tokenHash: string, at: Date) {
  const [row] = await db
    .update(emailVerifications)
    .set({ usedAt: at })
    .where(
      and(eq(emailVerifications.tokenHash, tokenHash), isNull(emailVerifications.usedAt), sql`${emailVerifications.expiresAt} > ${at}`),
    )
    .returning({ userId: emailVerifications.userId });
  return row;
}

/** A self-registered user still unverified, by address (a new link is asked for). */
export async function findUnverified(db: DbOrTx, email: string) {
  const [row] = await db
    .select({ user: users })
    .from(users)
    .innerJoin(customers, eq(customers.id, users.customerId))
    .where(
      and(
        sql`lower(${users.email}) = ${email.toLowerCase()}`,
        isNull(users.emailVerifiedAt),
        isNull(users.deletedAt),
        isNotNull(customers.selfRegisteredAt),
        eq(customers.status, 'pending'),
        isNull(customers.deletedAt),
      ),
    );
  return row?.user;
}

export async function markVerified(db: DbOrTx, userId: string, at: Date) {
  const [row] = await db.update(users).set({ emailVerifiedAt: at, updatedAt: at }).where(eq(users.id, userId)).returning();
  return row;
}

/** Staff who review registrations: active Admins and Account Managers. */
export async function reviewerIds(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(eq(users.kind, 'staff'), eq(users.status, 'Active'), isNull(users.deletedAt), inArray(users.role, ['Admin', 'Account Manager'])),
    );
  return rows.map((r) => r.id);
}

export async function setCustomerStatus(db: DbOrTx, id: string, status: 'active' | 'inactive', at: Date, deleted = false) {
  await db
    .update(customers)
    .set({ status, updatedAt: at, ...(deleted ? { deletedAt: at } : {}) })
    .where(eq(customers.id, id));
}

/** A rejected applicant's users are removed, so the address can sign up again later. */
export async function deleteCompanyUsers(db: DbOrTx, customerId: string) {
  await db.delete(users).where(eq(users.customerId, customerId));
}
