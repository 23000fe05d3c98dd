import type { TNotification, TNotificationList } from '@portal/contract/notifications';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import type { notifications } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { authOf } from '../../plugins/auth.ts';
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

export async function list(app: FastifyInstance, req: FastifyRequest, limit: number, unreadOnly: boolean): Promise<TNotificationList> {
  const { userId } = authOf(req);
  const [rows, unreadCount] = await Promise.all([repo.listForUser(app.db, userId, limit, unreadOnly), repo.countUnread(app.db, userId)]);
  return { items: rows.map(toNotification), unreadCount };
}

export async function markAllRead(app: FastifyInstance, req: FastifyRequest): Promise<void> {
  const auth = authOf(req);
  await app.db.transaction(async (tx) => {
    const rows = await repo.markAllRead(tx, auth.userId, new Date());
    await recordAudit(tx, req, {
      action: 'notification.read_all',
      entityType: 'notification',
      customerId: auth.customerId,
      summary: `Marked ${rows.length} notification${rows.length === 1 ? '' : 's'} as read`,
    });
  });
}

export async function setRead(app: FastifyInstance, req: FastifyRequest, id: string, read: boolean): Promise<void> {
  const auth = authOf(req);
  await app.db.transaction(async (tx) => {
    const row = await repo.setRead(tx, auth.userId, id, read ? new Date() : null);
    if (!row) throw notFound('Notification');
    await recordAudit(tx, req, {
      action: read ? 'notification.read' : 'notification.unread',
      entityType: 'notification',
      entityId: id,
      customerId: auth.customerId,
      summary: `Marked notification as ${read ? 'read' : 'unread'}`,
    });
  });
}

export function unreadCount(app: FastifyInstance, userId: string): Promise<number> {
  return repo.countUnread(app.db, userId);
}

export interface NewNotification {
  type: string;
  title: string;
  message: string;
  /** A portal path the notification opens. */
  link?: string | null;
}

/** Notifies users of an event, inside the caller's transaction (the event and its notices commit together). */
export async function notifyUsers(tx: DbOrTx, userIds: string[], n: NewNotification): Promise<void> {
  await repo.insertMany(
    tx,
    userIds.map((userId) => ({ userId, type: n.type, title: n.title, message: n.message, link: n.link ?? null })),
  );
}
