import { CUSTOMER_STATUSES } from '@portal/contract/customers';
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, money, ownedBy, timestamps, ts } from './columns.ts';
import { users } from './users.ts';

export const customers = pgTable(
  'customers',
  {
    id: id(),
    /** Human customer ID shown in the portal, e.g. CUST-1001. */
    customerCode: text('customer_code').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    website: text('website'),
    industry: text('industry'),
    founded: text('founded'),
    address: text('address').notNull(),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    zipCode: text('zip_code').notNull().default(''),
    country: text('country').notNull().default('United States'),
    status: text('status', { enum: CUSTOMER_STATUSES }).notNull().default('pending'),
    accountType: text('account_type').notNull().default('Business'),
    /** Premium customers get phone support. */
    premium: boolean('premium').notNull().default(false),
    /** Auto-pay: due invoices are charged to the default payment method on their due date. */
    autoPay: boolean('auto_pay').notNull().default(false),
    /** Set when auto-pay failed every retry: flagged for staff (dunning), never a silent suspension. */
    dunningSince: ts('dunning_since'),
    /** Signed up through the customer portal's sign-up page: pending until staff approve (status active). */
    selfRegisteredAt: ts('self_registered_at'),
    accountManagerId: uuid('account_manager_id').references((): AnyPgColumn => users.id),
    primaryContactName: text('primary_contact_name'),
    primaryContactTitle: text('primary_contact_title'),
    primaryContactEmail: text('primary_contact_email'),
    primaryContactPhone: text('primary_contact_phone'),
    billingContactName: text('billing_contact_name'),
    billingContactTitle: text('billing_contact_title'),
    billingContactEmail: text('billing_contact_email'),
    billingContactPhone: text('billing_contact_phone'),
    billingSameAsCompany: boolean('billing_same_as_company').notNull().default(true),
    billingAddress: text('billing_address'),
    billingCity: text('billing_city'),
    billingState: text('billing_state'),
    billingZipCode: text('billing_zip_code'),
    billingCountry: text('billing_country'),
    taxId: text('tax_id'),
    /** Lifetime revenue in USD, maintained when payments succeed (list filter by revenue band). */
    revenue: money('revenue').notNull().default(0),
    ...timestamps(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    uniqueIndex('customers_code_key').on(t.customerCode),
    index('customers_name_idx').on(sql`lower(${t.name})`),
    index('customers_status_idx').on(t.status),
  ],
);

export const customerNotes = pgTable(
  'customer_notes',
  {
    id: id(),
    customerId: ownedBy('customer_id', () => customers.id),
    authorId: uuid('author_id').references(() => users.id),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('customer_notes_customer_idx').on(t.customerId, t.createdAt)],
);
