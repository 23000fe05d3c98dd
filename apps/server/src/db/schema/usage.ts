import { SERVICE_TYPES } from '@portal/contract/accounts';
import { bigint, date, index, integer, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { recordOwner } from './refs.ts';

/**
 * Daily usage rollups per account and service: reports and dashboards read these, never the raw
 * CDR/message tables, so their cost does not grow with the number of records.
 */
export const usageDaily = pgTable(
  'usage_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    ...recordOwner(),
    service: text('service', { enum: SERVICE_TYPES }).notNull(),
    volume: integer('volume').notNull().default(0),
    succeeded: integer('succeeded').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    /** Voice: billed seconds; SMS: segments. */
    units: integer('units').notNull().default(0),
    /** Exact to 4 decimals (a segment costs $0.0075): cents are rounded where money is shown or billed, not on every write. */
    revenue: numeric('revenue', { precision: 16, scale: 4, mode: 'number' }).notNull().default(0),
    /** SMS: inbound messages received; Voice: inbound calls (both also counted in volume). */
    inbound: integer('inbound').notNull().default(0),
    /** Voice: outbound calls to numbers outside +1; SMS: outbound messages to them. */
    international: integer('international').notNull().default(0),
    /** SMS: sum of milliseconds from sent to delivered over latencyCount outbound messages delivered. */
    latencyMs: bigint('latency_ms', { mode: 'number' }).notNull().default(0),
    latencyCount: integer('latency_count').notNull().default(0),
  },
  (t) => [
    uniqueIndex('usage_daily_key').on(t.day, t.accountId, t.service),
    index('usage_daily_customer_idx').on(t.customerId, t.day),
    /** An account's period (invoices, budgets): reads that account's days only. */
    index('usage_daily_account_idx').on(t.accountId, t.day),
  ],
);
