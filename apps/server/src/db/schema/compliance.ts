import { DNC_LIST_TYPES } from '@portal/contract/compliance';
import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
