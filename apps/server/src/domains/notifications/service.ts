import type { TNotification, TNotificationList } from '@portal/contract/notifications';
import type { notifications } from '../../db/schema/index.ts';
import { type Ctx, inTransaction, userOf } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/service.ts';
import * as repo from './repo.ts';

function toNotification(row: typeof notifications.$inferSelect): TNotification {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    link: row.link,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function list(ctx: Ctx, limit: number, unreadOnly: boolean): Promise<TNotificationList> {
  const { userId } = userOf(ctx);
  const [rows, unreadCount] = await Promise.all([repo.listForUser(ctx.db, userId, limit, unreadOnly), repo.countUnread(ctx.db, userId)]);
  return { items: rows.map(toNotification), unreadCount };
}

export async function markAllRead(ctx: Ctx): Promise<void> {
  const auth = userOf(ctx);
  await inTransaction(ctx, async (tx) => {
    const rows = await repo.markAllRead(tx.db, auth.userId, new Date());
    await recordAudit(tx, {
      action: 'notification.read_all',
      entityType: 'notification',
      customerId: auth.customerId,
      summary: `Marked ${rows.length} notification${rows.length === 1 ? '' : 's'} as read`,
    });
  });
}

export async function setRead(ctx: Ctx, id: string, read: boolean): Promise<void> {
  const auth = userOf(ctx);
  await inTransaction(ctx, async (tx) => {
    const row = await repo.setRead(tx.db, auth.userId, id, read ? new Date() : null);
    if (!row) throw notFound('Notification');
    await recordAudit(tx, {
      action: read ? 'notification.read' : 'notification.unread',
      entityType: 'notification',
      entityId: id,
      customerId: auth.customerId,
      summary: `Marked notification as ${read ? 'read' : 'unread'}`,
    });
  });
}

export function unreadCount(ctx: Ctx, userId: string): Promise<number> {
  return repo.countUnread(ctx.db, userId);
}

export interface NewNotification {
  type: string;
  title: string;
  message: string;
  /** A portal path the notification opens. */
  link?: string | null;
}

/** Notifies users of an event, inside the caller's transaction (the event and its notices commit together). */
export async function notifyUsers(tx: Ctx, userIds: string[], n: NewNotification): Promise<void> {
  await repo.insertMany(
    tx.db,
    userIds.map((userId) => ({ userId, type: n.type, title: n.title, message: n.message, link: n.link ?? null })),
  );
}
