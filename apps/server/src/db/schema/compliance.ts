import { DNC_LIST_TYPES } from '@portal/contract/compliance';
import { date, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { customerRef } from './refs.ts';
import { users } from './users.ts';

/** DNC (Do Not Call) and DNO (Do Not Originate) entries, one per customer, number and list. */
export const dncEntries = pgTable(
  'dnc_entries',
  {
    id: id(),
    customerId: customerRef(),
    number: text('number').notNull(),
    listType: text('list_type', { enum: DNC_LIST_TYPES }).notNull(),
    reason: text('reason'),
    addedById: uuid('added_by_id').references(() => users.id),
    addedAt: createdAt(),
  },
  (t) => [uniqueIndex('dnc_entries_key').on(t.customerId, t.listType, t.number), index('dnc_entries_number_idx').on(t.number)],
);

/**
 * What the lists stopped, per UTC day, customer and list: messages refused by the public API (DNC)
 * and calls refused at CDR ingestion because they originate from a DNO number. The compliance
 * screen shows the counts; one row per day keeps it cheap at any traffic.
 */
export const complianceBlocksDaily = pgTable(
  'compliance_blocks_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    customerId: customerRef(),
    listType: text('list_type', { enum: DNC_LIST_TYPES }).notNull(),
    blocked: integer('blocked').notNull().default(0),
  },
  (t) => [uniqueIndex('compliance_blocks_daily_key').on(t.day, t.customerId, t.listType)],
);
