import { INVOICE_STATUSES, PAYMENT_METHOD_TYPES, PAYMENT_STATUSES } from '@portal/contract/billing';
import { boolean, date, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, money, rate, ts } from './columns.ts';
import { customerRef, optionalAccountRef } from './refs.ts';

export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    /** {invoicePrefix}-{year}-{nnnn} */
    invoiceNumber: text('invoice_number').notNull(),
    customerId: customerRef(),
    accountId: optionalAccountRef(),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    periodStart: date('period_start', { mode: 'string' }),
    periodEnd: date('period_end', { mode: 'string' }),
    amount: money('amount').notNull(),
    status: text('status', { enum: INVOICE_STATUSES }).notNull().default('Due'),
    paidAt: ts('paid_at'),
    lastReminderAt: ts('last_reminder_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invoices_number_key').on(t.invoiceNumber),
    index('invoices_customer_idx').on(t.customerId, t.issueDate),
    index('invoices_account_idx').on(t.accountId, t.issueDate),
    index('invoices_status_idx').on(t.status),
  ],
);

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: id(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
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
    customerId: customerRef(),
    accountId: optionalAccountRef(),
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
