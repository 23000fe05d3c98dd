import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ownedBy, ts, updatedAt } from './columns.ts';
import { users } from './users.ts';

/** Per-user notifications, created by real events. */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: ownedBy('user_id', () => users.id),
    /** system, ticket, customer, account, alert, Billing, Security, Service, Usage */
    type: text('type').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    /** Where opening the notification takes the user, a portal path. */
    link: text('link'),
    readAt: ts('read_at'),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt)],
);

/** A user's notification settings flags and center preferences (customer document section 3). */
export const notificationSettings = pgTable('notification_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  flags: jsonb('flags').$type<Record<string, boolean>>().notNull(),
  preferences: jsonb('preferences').$type<Record<string, boolean>>().notNull(),
  updatedAt: updatedAt(),
});
