import { INVOICE_LIFECYCLE, INVOICE_LINE_KINDS, PAYMENT_METHOD_TYPES, PAYMENT_STATUSES } from '@portal/contract/billing';
import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { createdAt, id, money, ownedBy, rate, timestamps, ts } from './columns.ts';
import { customers } from './customers.ts';
import { customerOwner, customerRef, optionalAccountRef } from './refs.ts';

export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    /** {invoicePrefix}-{year}-{nnnnnn}, gapless per prefix and year; null while a draft. */
    invoiceNumber: text('invoice_number'),
    ...customerOwner(),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    /** Set when finalized: issue date + defaultPaymentTerms. */
    dueDate: date('due_date', { mode: 'string' }),
    periodStart: date('period_start', { mode: 'string' }),
    periodEnd: date('period_end', { mode: 'string' }),
    amount: money('amount').notNull(),
    amountPaid: money('amount_paid').notNull().default(0),
    status: text('status', { enum: INVOICE_LIFECYCLE }).notNull().default('Draft'),
    finalizedAt: ts('finalized_at'),
    voidedAt: ts('voided_at'),
    voidReason: text('void_reason'),
    paidAt: ts('paid_at'),
    lastReminderAt: ts('last_reminder_at'),
    /** Auto-pay: how many charges failed, and when the next one runs. */
    autoPayAttempts: integer('auto_pay_attempts').notNull().default(0),
    nextAutoPayAt: ts('next_auto_pay_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invoices_number_key').on(t.invoiceNumber),
    index('invoices_customer_idx').on(t.customerId, t.issueDate),
    index('invoices_account_idx').on(t.accountId, t.issueDate),
    index('invoices_status_idx').on(t.status),
    /** One draft or invoice per account (or customer) and period: the monthly run may run twice. */
    uniqueIndex('invoices_period_key')
      .on(t.customerId, sql`coalesce(${t.accountId}, '00000000-0000-0000-0000-000000000000'::uuid)`, t.periodStart)
      .where(sql`${t.status} <> 'Void' and ${t.periodStart} is not null`),
  ],
);

/** The last number used per prefix and year: finalizing locks the row, so numbers are gapless under concurrency. */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    prefix: text('prefix').notNull(),
    year: integer('year').notNull(),
    last: integer('last').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.prefix, t.year] })],
);

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: id(),
    invoiceId: ownedBy('invoice_id', () => invoices.id),
    kind: text('kind', { enum: INVOICE_LINE_KINDS }).notNull().default('services'),
    description: text('description').notNull(),
    /** What the line was computed from (record counts and the period). */
    detail: text('detail'),
    accountId: uuid('account_id'),
    quantity: rate('quantity').notNull(),
    unitPrice: rate('unit_price').notNull(),
    amount: money('amount').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [index('invoice_lines_invoice_idx').on(t.invoiceId, t.position)],
);

/** Never the full card number or the CVV: brand, last 4 and expiry only. */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: id(),
    customerId: customerRef(),
    /** null = the customer's own method; set = an account's custom billing method. */
    accountId: optionalAccountRef(),
    type: text('type', { enum: PAYMENT_METHOD_TYPES }).notNull(),
    holderName: text('holder_name').notNull(),
    brand: text('brand'),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month'),
    expYear: integer('exp_year'),
    bankName: text('bank_name'),
    accountType: text('account_type'),
    routingLast4: text('routing_last4'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [index('payment_methods_customer_idx').on(t.customerId)],
);

export const payments = pgTable(
  'payments',
  {
    id: id(),
    ...customerOwner(),
    invoiceId: uuid('invoice_id').references(() => invoices.id),
    paymentMethodId: uuid('payment_method_id').references(() => paymentMethods.id),
    amount: money('amount').notNull(),
    /** Display text of the method, e.g. "Visa •••• 4242" or "ACH •••• 6789". */
    method: text('method').notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull(),
    gatewayReference: text('gateway_reference'),
    failureReason: text('failure_reason'),
    paidAt: ts('paid_at').notNull().defaultNow(),
  },
  (t) => [index('payments_customer_idx').on(t.customerId, t.paidAt), index('payments_account_idx').on(t.accountId, t.paidAt)],
);

/**
 * Voice rate decks: the default one, or a customer's or an account's own. Outbound calls are rated by
 * the longest matching prefix of the called number; inbound calls at the deck's inbound rate.
 */
export const rateDecks = pgTable(
  'rate_decks',
  {
    id: id(),
    name: text('name').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    customerId: uuid('customer_id').references(() => customers.id),
    accountId: uuid('account_id').references(() => accounts.id),
    inboundRatePerMinute: rate('inbound_rate_per_minute').notNull().default(0.0085),
    inboundFirstIncrement: integer('inbound_first_increment').notNull().default(60),
    inboundNextIncrement: integer('inbound_next_increment').notNull().default(6),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('rate_decks_default_key').on(t.isDefault).where(sql`${t.isDefault}`),
    uniqueIndex('rate_decks_customer_key').on(t.customerId).where(sql`${t.accountId} is null and ${t.customerId} is not null`),
    uniqueIndex('rate_decks_account_key').on(t.accountId).where(sql`${t.accountId} is not null`),
  ],
);

export const ratePrefixes = pgTable(
  'rate_prefixes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    deckId: ownedBy('deck_id', () => rateDecks.id),
    prefix: text('prefix').notNull(),
    description: text('description').notNull(),
    ratePerMinute: rate('rate_per_minute').notNull(),
    firstIncrement: integer('first_increment').notNull(),
    nextIncrement: integer('next_increment').notNull(),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
  },
  (t) => [uniqueIndex('rate_prefixes_key').on(t.deckId, t.prefix, t.effectiveFrom)],
);
