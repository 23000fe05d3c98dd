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

/** Both owners of an account's row (API keys, trunks, campaigns…). */
export const accountOwner = () => ({ customerId: customerRef(), accountId: accountRef() });
/** Both owners of a customer's row that may name one of its sub-accounts (tickets, invoices, templates…). */
export const customerOwner = () => ({ customerId: customerRef(), accountId: optionalAccountRef() });
/** The owners of a big record table's row (CDRs, messages, API requests, usage rollups): plain columns, no foreign keys. */
export const recordOwner = () => ({ customerId: uuid('customer_id').notNull(), accountId: uuid('account_id').notNull() });
