import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ts, updatedAt } from './columns.ts';
import { users } from './users.ts';

/** System settings: one row per scope ('system'), the value validated by the contract's schema. */
export const systemSettings = pgTable('system_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<Record<string, unknown>>().notNull(),
  updatedById: uuid('updated_by_id').references(() => users.id),
  updatedAt: updatedAt(),
});

/** Every email (and notification SMS) the portal sends; with no provider configured it stays here (readable by staff). */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: id(),
    /** email, or sms (notifications texted to users who turned SMS on, from settings' smsNotificationSender) */
    channel: text('channel').notNull().default('email'),
    /** An email address, or a phone number (E.164) for SMS. */
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** queued, sent, failed, kept (no provider configured) */
    state: text('state').notNull().default('kept'),
    error: text('error'),
    createdAt: createdAt(),
    sentAt: ts('sent_at'),
  },
  (t) => [index('email_outbox_created_idx').on(t.createdAt)],
);
