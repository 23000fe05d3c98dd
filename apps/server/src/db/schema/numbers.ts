import { NUMBER_STATUSES, NUMBER_TYPES, PORTING_DOCUMENT_KINDS, PORTING_STATUSES } from '@portal/contract/numbers';
import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, money, ownedBy, storedFile, timestamps, ts } from './columns.ts';
import { customers } from './customers.ts';
import { campaigns } from './messaging.ts';
import { accountOwner, optionalAccountRef } from './refs.ts';
import { users } from './users.ts';

/**
 * Every number the provider holds. customer_id/account_id null = in the provider's inventory,
 * available to assign.
 */
export const phoneNumbers = pgTable(
  'phone_numbers',
  {
    id: id(),
    /** E.164, e.g. +12125550123. */
    number: text('number').notNull(),
    customerId: uuid('customer_id').references(() => customers.id),
    accountId: optionalAccountRef(),
    type: text('type', { enum: NUMBER_TYPES }).notNull(),
    features: text('features').array().notNull(),
    monthlyFee: money('monthly_fee').notNull(),
    status: text('status', { enum: NUMBER_STATUSES }).notNull().default('Active'),
    city: text('city'),
    state: text('state'),
    /** The 10DLC campaign the number sends under (one campaign a number). */
    campaignId: uuid('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    assignedAt: ts('assigned_at'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('phone_numbers_number_key').on(t.number),
    index('phone_numbers_account_idx').on(t.accountId, t.number),
    index('phone_numbers_customer_idx').on(t.customerId, t.number),
    index('phone_numbers_campaign_idx').on(t.campaignId),
  ],
);

export const portingRequests = pgTable(
  'porting_requests',
  {
    id: id(),
    /** PORT-{year}-{nnn} */
    requestCode: text('request_code').notNull(),
    ...accountOwner(),
    number: text('number').notNull(),
    currentCarrier: text('current_carrier'),
    status: text('status', { enum: PORTING_STATUSES }).notNull().default('Pending Docs'),
    requestDate: ts('request_date').notNull().defaultNow(),
    scheduledFor: ts('scheduled_for'),
    ...timestamps(),
  },
  (t) => [uniqueIndex('porting_requests_code_key').on(t.requestCode), index('porting_requests_account_idx').on(t.accountId)],
);

/** The status timeline of a porting request. */
export const portingEvents = pgTable(
  'porting_events',
  {
    id: id(),
    requestId: ownedBy('request_id', () => portingRequests.id),
    status: text('status', { enum: PORTING_STATUSES }).notNull(),
    note: text('note'),
    actorId: uuid('actor_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('porting_events_request_idx').on(t.requestId, t.createdAt)],
);

/** LOA and bill copies, stored in the database so any server instance can serve them. */
export const portingDocuments = pgTable(
  'porting_documents',
  {
    id: id(),
    requestId: ownedBy('request_id', () => portingRequests.id),
    kind: text('kind', { enum: PORTING_DOCUMENT_KINDS }).notNull(),
    ...storedFile(),
    uploadedById: uuid('uploaded_by_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('porting_documents_request_idx').on(t.requestId)],
);
