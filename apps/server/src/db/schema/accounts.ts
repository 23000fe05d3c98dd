import { ACCOUNT_SERVICE_STATUSES, ACCOUNT_STATUSES, SERVICE_TYPES } from '@portal/contract/accounts';
import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, money, ownedBy, rate, timestamps, ts } from './columns.ts';
import { customers } from './customers.ts';
import { users } from './users.ts';

export const accounts = pgTable(
  'accounts',
  {
    id: id(),
    /** Human account ID shown in the portal, e.g. ACC-1001-01. */
    accountCode: text('account_code').notNull(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    name: text('name').notNull(),
    status: text('status', { enum: ACCOUNT_STATUSES }).notNull().default('active'),
    accountManagerId: uuid('account_manager_id').references(() => users.id),
    useCustomerBilling: boolean('use_customer_billing').notNull().default(true),
    billingContactName: text('billing_contact_name'),
    billingContactTitle: text('billing_contact_title'),
    billingContactEmail: text('billing_contact_email'),
    billingContactPhone: text('billing_contact_phone'),
    billingAddress: text('billing_address'),
    maxVoiceChannels: integer('max_voice_channels').notNull().default(100),
    /** The account's messaging prices (what a template or a send costs): SMS per segment, MMS per message. */
    smsSegmentPrice: rate('sms_segment_price').notNull().default(0.0075),
    mmsMessagePrice: rate('mms_message_price').notNull().default(0.02),
    /** The monthly budget (alerts at 75/90/100 % of it); null = none. */
    monthlyBudget: money('monthly_budget'),
    /** The highest budget alert sent this month, and the month it was for (YYYY-MM). */
    budgetAlertLevel: integer('budget_alert_level'),
    budgetAlertMonth: text('budget_alert_month'),
    lastAccessedAt: ts('last_accessed_at'),
    ...timestamps(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [uniqueIndex('accounts_code_key').on(t.accountCode), index('accounts_customer_idx').on(t.customerId)],
);

export const accountServices = pgTable(
  'account_services',
  {
    id: id(),
    accountId: ownedBy('account_id', () => accounts.id),
    name: text('name').notNull(),
    serviceType: text('service_type', { enum: SERVICE_TYPES }).notNull(),
    status: text('status', { enum: ACCOUNT_SERVICE_STATUSES }).notNull().default('active'),
    monthlyCost: money('monthly_cost').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('account_services_account_idx').on(t.accountId)],
);
