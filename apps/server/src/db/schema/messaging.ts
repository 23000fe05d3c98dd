import {
  BRAND_STATUSES,
  CAMPAIGN_STATUSES,
  MESSAGE_DIRECTIONS,
  MESSAGE_STATUSES,
  MESSAGE_TYPES,
  TEMPLATE_STATUSES,
} from '@portal/contract/messaging';
import { bigint, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, rate, ts, updatedAt } from './columns.ts';
import { accountRef, customerRef, optionalAccountRef } from './refs.ts';

export const brands = pgTable(
  'brands',
  {
    id: id(),
    customerId: customerRef(),
    name: text('name').notNull(),
    description: text('description'),
    /** The registry's brand identifier, e.g. B1A2C3D. */
    brandCode: text('brand_code').notNull(),
    status: text('status', { enum: BRAND_STATUSES }).notNull().default('Pending'),
    createdAt: createdAt(),
  },
  (t) => [index('brands_customer_idx').on(t.customerId)],
);

export const campaigns = pgTable(
  'campaigns',
  {
    id: id(),
    customerId: customerRef(),
    accountId: accountRef(),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id),
    /** 10DLC ID from the campaign registry, e.g. CX4T9QZ. */
    campaignCode: text('campaign_code').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    useCase: text('use_case'),
    status: text('status', { enum: CAMPAIGN_STATUSES }).notNull().default('Pending'),
    sent: integer('sent').notNull().default(0),
    delivered: integer('delivered').notNull().default(0),
    opened: integer('opened').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('campaigns_code_key').on(t.campaignCode), index('campaigns_account_idx').on(t.accountId)],
);

export const messageTemplates = pgTable(
  'message_templates',
  {
    id: id(),
    customerId: customerRef(),
    accountId: optionalAccountRef(),
    name: text('name').notNull(),
    type: text('type', { enum: MESSAGE_TYPES }).notNull(),
    body: text('body').notNull(),
    status: text('status', { enum: TEMPLATE_STATUSES }).notNull().default('Active'),
    createdAt: createdAt(),
    lastModified: updatedAt(),
  },
  (t) => [index('message_templates_customer_idx').on(t.customerId)],
);

/** Message records (delivery reports and logs): large, keyset paged like CDRs. */
export const messages = pgTable(
  'messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    customerId: uuid('customer_id').notNull(),
    accountId: uuid('account_id').notNull(),
    messageId: text('message_id').notNull(),
    fromNumber: text('from_number').notNull(),
    toNumber: text('to_number').notNull(),
    type: text('type', { enum: MESSAGE_TYPES }).notNull(),
    direction: text('direction', { enum: MESSAGE_DIRECTIONS }).notNull(),
    status: text('status', { enum: MESSAGE_STATUSES }).notNull(),
    segments: integer('segments').notNull(),
    cost: rate('cost').notNull(),
    sentAt: ts('sent_at').notNull(),
  },
  (t) => [
    index('messages_account_sent_idx').on(t.accountId, t.sentAt, t.id),
    index('messages_customer_sent_idx').on(t.customerId, t.sentAt, t.id),
    index('messages_sent_idx').on(t.sentAt, t.id),
  ],
);
