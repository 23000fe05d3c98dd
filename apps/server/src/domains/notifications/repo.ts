import { and, count, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { notificationSettings, notifications, users } from '../../db/schema/index.ts';

/** Notifications always belong to one user: every query is scoped by user id. */
export async function listForUser(db: DbOrTx, userId: string, limit: number, unreadOnly: boolean) {
  return db
    .select()
    .from(notifications)
    .where(unreadOnly ? and(eq(notifications.userId, userId), isNull(notifications.readAt)) : eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}

export async function countUnread(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

export async function markAllRead(db: DbOrTx, userId: string, at: Date) {
  return db
    .update(notifications)
    .set({ readAt: at })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
}

export async function setRead(db: DbOrTx, userId: string, id: string, readAt: Date | null) {
  const [row] = await db
    .update(notifications)
    .set({ readAt })
    .where(and(eq(notifications.userId, userId), eq(notifications.id, id)))
    .returning({ id: notifications.id });
  return row;
}

export async function insertMany(db: DbOrTx, rows: (typeof notifications.$inferInsert)[]) {
  if (rows.length) await db.insert(notifications).values(rows);
}

export async function deleteAll(db: DbOrTx, userId: string): Promise<number> {
  const rows = await db.delete(notifications).where(eq(notifications.userId, userId)).returning({ id: notifications.id });
  return rows.length;
}

export async function settingsOf(db: DbOrTx, userId: string) {
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
  return row;
}

export async function upsertSettings(db: DbOrTx, userId: string, flags: Record<string, boolean>, preferences: Record<string, boolean>) {
  await db
    .insert(notificationSettings)
    .values({ userId, flags, preferences })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { flags, preferences, updatedAt: new Date() } });
}

/** The live users among ids, with their email and settings (null when never saved: the defaults). */
export async function recipients(db: DbOrTx, ids: string[]) {
  return db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      phone: users.phone,
      flags: notificationSettings.flags,
      preferences: notificationSettings.preferences,
    })
    .from(users)
    .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
    .where(and(inArray(users.id, ids), isNull(users.deletedAt), eq(users.status, 'Active')));
}

/** Per active user with notifications since a time: counts and the latest titles. */
export async function digests(db: DbOrTx, since: Date) {
  const rows = await db
    .select({
      email: users.email,
      name: users.name,
      flags: notificationSettings.flags,
      total: sql<number>`count(*)::int`,
      unread: sql<number>`(count(*) FILTER (WHERE ${notifications.readAt} IS NULL))::int`,
      titles: sql<string[]>`(array_agg(${notifications.title} ORDER BY ${notifications.createdAt} DESC))[1:10]`,
    })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
    .where(and(gte(notifications.createdAt, since), isNull(users.deletedAt), eq(users.status, 'Active')))
    .groupBy(users.id, users.email, users.name, notificationSettings.flags);
  return rows;
}
