import { REPORT_FORMATS, REPORT_FREQUENCIES, REPORT_SERVICES, REPORT_TABS } from '@portal/contract/reports';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bytea, createdAt, id, timestamps, ts } from './columns.ts';
import { customers } from './customers.ts';
import { users } from './users.ts';

/** Reports e-mailed on a schedule: a staff member's (all customers or one) or a customer Admin's (their company). */
export const reportSchedules = pgTable(
  'report_schedules',
  {
    id: id(),
    /** The company whose figures are sent; null: staff's all-customer report. */
    customerId: uuid('customer_id').references(() => customers.id),
    createdById: uuid('created_by_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    frequency: text('frequency', { enum: REPORT_FREQUENCIES }).notNull(),
    format: text('format', { enum: REPORT_FORMATS }).notNull(),
    tab: text('tab', { enum: REPORT_TABS }).notNull().default('overview'),
    service: text('service', { enum: REPORT_SERVICES }).notNull().default('all'),
    recipients: jsonb('recipients').$type<string[]>().notNull(),
    active: boolean('active').notNull().default(true),
    nextRunAt: ts('next_run_at').notNull(),
    lastRunAt: ts('last_run_at'),
    lastError: text('last_error'),
    ...timestamps(),
  },
  (t) => [index('report_schedules_due_idx').on(t.active, t.nextRunAt), index('report_schedules_customer_idx').on(t.customerId)],
);

/**
 * Files made by a job (large exports, scheduled reports), kept in the database so any instance
 * serves them, downloaded through a link carrying a token (its SHA-256 stored) until it expires.
 */
export const reportFiles = pgTable(
  'report_files',
  {
    id: id(),
    /** Who asked for it (null: a schedule). */
    userId: uuid('user_id').references(() => users.id),
    customerId: uuid('customer_id').references(() => customers.id),
    scheduleId: uuid('schedule_id').references(() => reportSchedules.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    format: text('format', { enum: REPORT_FORMATS }).notNull(),
    state: text('state', { enum: ['Pending', 'Ready', 'Failed'] })
      .notNull()
      .default('Pending'),
    /** The request that made it (the export's query), to run it in the job. */
    request: jsonb('request').$type<Record<string, unknown>>().notNull(),
    tokenHash: text('token_hash').notNull(),
    content: bytea('content'),
    bytes: integer('bytes'),
    rows: integer('rows'),
    error: text('error'),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [
    uniqueIndex('report_files_token_key').on(t.tokenHash),
    index('report_files_user_idx').on(t.userId, t.createdAt),
    index('report_files_expires_idx').on(t.expiresAt),
  ],
);
