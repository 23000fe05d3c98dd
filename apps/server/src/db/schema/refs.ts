import { uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { customers } from './customers.ts';

/** The owner columns most tables carry, spelled once: the customer a row belongs to and its sub-account. */
export const customerRef = () =>
  uuid('customer_id')
    .notNull()
    .references(() => customers.id);
export const accountRef = () =>
  uuid('account_id')
    .notNull()
    .references(() => accounts.id);
/** A sub-account that may be absent (customer-wide rows). */
export const optionalAccountRef = () => uuid('account_id').references(() => accounts.id);
