import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { notifications } from '../../db/schema/index.ts';

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
