import {
  NOTIFICATION_EVENTS,
  type TNotification,
  type TNotificationEvent,
  type TNotificationList,
  type TNotificationSettings,
  type TNotificationSettingsBody,
} from '@portal/contract/notifications';
import { toE164 } from '@portal/contract/phone';
import { DEFAULT_NOTIFICATION_FLAGS, DEFAULT_NOTIFICATION_PREFERENCES } from '@portal/contract/settings';
import type { notifications } from '../../db/schema/index.ts';
import { afterCommit, type Ctx, inTransaction, userOf } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { liveHub } from '../../lib/live.ts';
import { auditFor } from '../audit/service.ts';
import { queueEmail, queueSms } from '../email/service.ts';
import * as repo from './repo.ts';

const audit = { notification: auditFor('notification'), user: auditFor('user') };

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
    await audit.notification(
      tx,
      'notification.read_all',
      { id: null, customerId: auth.customerId },
      `Marked ${rows.length} notification${rows.length === 1 ? '' : 's'} as read`,
    );
    afterCommit(tx, () => liveHub(tx.database).publish([auth.userId]));
  });
}

export async function setRead(ctx: Ctx, id: string, read: boolean): Promise<void> {
  const auth = userOf(ctx);
  await inTransaction(ctx, async (tx) => {
    const row = await repo.setRead(tx.db, auth.userId, id, read ? new Date() : null);
    if (!row) throw notFound('Notification');
    await audit.notification(
      tx,
      read ? 'notification.read' : 'notification.unread',
      { id, customerId: auth.customerId },
      `Marked notification as ${read ? 'read' : 'unread'}`,
    );
    afterCommit(tx, () => liveHub(tx.database).publish([auth.userId]));
  });
}

export function unreadCount(ctx: Ctx, userId: string): Promise<number> {
  return repo.countUnread(ctx.db, userId);
}

export interface NewNotification {
  /** The event (NOTIFICATION_EVENTS): decides its type, who muted it and who gets it by email. */
  event?: TNotificationEvent;
  /** The center's type when there is no event (system, ticket, account, alert, …). */
  type?: string;
  title: string;
  message: string;
  /** A portal path the notification opens. */
  link?: string | null;
  /** false: the caller emails on its own terms (a status page subscription says whether to email). */
  email?: false;
}

/**
 * Notifies users of an event, inside the caller's transaction (the event and its notices commit
 * together). With an event, each user's settings decide: the event's flag mutes it (never a
 * security event in the portal), commsInApp and inAppAll the portal, commsEmail and the event's
 * email preference an email. The bell of each user updates live once the transaction commits.
 */
export async function notifyUsers(tx: Ctx, userIds: string[], n: NewNotification): Promise<void> {
  const ids = [...new Set(userIds)];
  if (!ids.length) return;
  const spec = n.event ? NOTIFICATION_EVENTS[n.event] : null;
  const type = spec?.type ?? n.type ?? 'system';
  const inApp: string[] = [];
  const emails: { address: string; name: string }[] = [];
  const texts: string[] = [];
  if (!spec) inApp.push(...ids);
  else {
    for (const u of await repo.recipients(tx.db, ids)) {
      const flags = { ...DEFAULT_NOTIFICATION_FLAGS, ...(u.flags ?? {}) };
      const prefs = { ...DEFAULT_NOTIFICATION_PREFERENCES, ...(u.preferences ?? {}) };
      const wanted = spec.flag === null || flags[spec.flag] !== false;
      if (spec.security || (wanted && flags.commsInApp !== false && prefs.inAppAll !== false)) inApp.push(u.id);
      if (n.email !== false && wanted && flags.commsEmail !== false && prefs[spec.email] !== false)
        emails.push({ address: u.email, name: u.name });
      // commsSms is off unless the user turned it on; a text needs a number that is one
      const phone = u.phone ? toE164(u.phone) : null;
      if (n.email !== false && wanted && flags.commsSms === true && phone) texts.push(phone);
    }
  }
  await repo.insertMany(
    tx.db,
    inApp.map((userId) => ({ userId, type, title: n.title, message: n.message, link: n.link ?? null })),
  );
  for (const to of emails) {
    await queueEmail(tx, {
      to: to.address,
      subject: `[${tx.config.PORTAL_BRAND}] ${n.title}`,
      body: [
        `Hello ${to.name},`,
        '',
        n.message,
        '',
        'You can change which notifications you receive in the portal: Notifications, Notification Settings.',
      ].join('\n'),
    });
  }
  for (const to of texts) await queueSms(tx, { to, text: `${tx.config.PORTAL_BRAND}: ${n.title}. ${n.message}`.slice(0, 480) });
  const hub = liveHub(tx.database, (err) => tx.log.warn({ err }, 'live push failed'));
  afterCommit(tx, () => hub.publish(inApp));
}

/** Clear All: the caller's notifications are deleted (Notification log cleared). */
export async function clearAll(ctx: Ctx): Promise<void> {
  const auth = userOf(ctx);
  await inTransaction(ctx, async (tx) => {
    const n = await repo.deleteAll(tx.db, auth.userId);
    await audit.notification(
      tx,
      'notification.clear',
      { id: null, customerId: auth.customerId },
      `Cleared ${n} notification${n === 1 ? '' : 's'}`,
    );
    afterCommit(tx, () => liveHub(tx.database).publish([auth.userId]));
  });
}

export async function getNotificationSettings(ctx: Ctx): Promise<TNotificationSettings> {
  const { userId } = userOf(ctx);
  const row = await repo.settingsOf(ctx.db, userId);
  return {
    flags: { ...DEFAULT_NOTIFICATION_FLAGS, ...(row?.flags ?? {}) } as TNotificationSettings['flags'],
    preferences: { ...DEFAULT_NOTIFICATION_PREFERENCES, ...(row?.preferences ?? {}) } as TNotificationSettings['preferences'],
  };
}

export async function saveNotificationSettings(ctx: Ctx, body: TNotificationSettingsBody): Promise<TNotificationSettings> {
  const auth = userOf(ctx);
  const current = await getNotificationSettings(ctx);
  const next = { flags: { ...current.flags, ...(body.flags ?? {}) }, preferences: { ...current.preferences, ...(body.preferences ?? {}) } };
  await inTransaction(ctx, async (tx) => {
    await repo.upsertSettings(tx.db, auth.userId, next.flags, next.preferences);
    const changed = [
      ...Object.entries(body.flags ?? {}).filter(([k, v]) => current.flags[k as keyof typeof current.flags] !== v),
      ...Object.entries(body.preferences ?? {}).filter(([k, v]) => current.preferences[k as keyof typeof current.preferences] !== v),
    ].map(([k, v]) => `${k} ${v ? 'on' : 'off'}`);
    await audit.user(
      tx,
      'notification.settings',
      { id: auth.userId, customerId: auth.customerId },
      changed.length ? `Changed notification settings: ${changed.join(', ')}` : 'Saved notification settings (no change)',
    );
  });
  return next;
}

/** The weekly digest (commsWeeklyDigest): each user's last seven days of notifications by email. */
export async function sendWeeklyDigests(ctx: Ctx, now = new Date()): Promise<number> {
  const since = new Date(now.getTime() - 7 * 86_400_000);
  let sent = 0;
  for (const d of await repo.digests(ctx.db, since)) {
    const flags = { ...DEFAULT_NOTIFICATION_FLAGS, ...(d.flags ?? {}) };
    if (flags.commsWeeklyDigest === false || flags.commsEmail === false) continue;
    await inTransaction(ctx, (tx) =>
      queueEmail(tx, {
        to: d.email,
        subject: `[${ctx.config.PORTAL_BRAND}] Your week: ${d.total} notification${d.total === 1 ? '' : 's'} (${d.unread} unread)`,
        body: [
          `Hello ${d.name},`,
          '',
          `In the last seven days you had ${d.total} notification${d.total === 1 ? '' : 's'}, ${d.unread} still unread:`,
          '',
          ...d.titles.map((t) => `- ${t}`),
          ...(d.total > d.titles.length ? [`- and ${d.total - d.titles.length} more`] : []),
          '',
          'Open the portal to read them. You can turn this digest off in Notification Settings.',
        ].join('\n'),
      }),
    );
    sent++;
  }
  return sent;
}
