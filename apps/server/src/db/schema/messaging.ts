import {
  BRAND_STATUSES,
  CAMPAIGN_STATUSES,
  MESSAGE_DIRECTIONS,
  MESSAGE_STATUSES,
  MESSAGE_TYPES,
  OPT_OUT_SOURCES,
  TEMPLATE_STATUSES,
} from '@portal/contract/messaging';
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ownedBy, rate, recordId, timestamps, ts, updatedAt } from './columns.ts';
import { accountOwner, customerOwner, customerRef, recordOwner } from './refs.ts';
import { users } from './users.ts';

export const brands = pgTable(
  'brands',
  {
    id: id(),
    customerId: customerRef(),
    name: text('name').notNull(),
    description: text('description'),
    /** The registry's brand identifier, e.g. B1A2C3D. */
    brandCode: text('brand_code').notNull(),
    /** What the registry asks (nullable: brands registered before the form asked for them). */
    legalName: text('legal_name'),
    taxId: text('tax_id'),
    entityType: text('entity_type'),
    vertical: text('vertical'),
    website: text('website'),
    supportEmail: text('support_email'),
    supportPhone: text('support_phone'),
    street: text('street'),
    city: text('city'),
    state: text('state'),
    postalCode: text('postal_code'),
    status: text('status', { enum: BRAND_STATUSES }).notNull().default('Pending'),
    rejectionReason: text('rejection_reason'),
    /** The field the reviewer named as at fault. */
    rejectionField: text('rejection_field'),
    ...timestamps(),
  },
  (t) => [index('brands_customer_idx').on(t.customerId)],
);

export const campaigns = pgTable(
  'campaigns',
  {
    id: id(),
    ...accountOwner(),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id),
    /** 10DLC ID from the campaign registry, e.g. CX4T9QZ. */
    campaignCode: text('campaign_code').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    useCase: text('use_case'),
    messageFlow: text('message_flow'),
    sampleMessages: text('sample_messages').array().notNull().default(sql`'{}'::text[]`),
    optInKeywords: text('opt_in_keywords'),
    optInMessage: text('opt_in_message'),
    optOutKeywords: text('opt_out_keywords'),
    optOutMessage: text('opt_out_message'),
    helpKeywords: text('help_keywords'),
    helpMessage: text('help_message'),
    embeddedLinks: boolean('embedded_links').notNull().default(false),
    embeddedPhone: boolean('embedded_phone').notNull().default(false),
    numberPooling: boolean('number_pooling').notNull().default(false),
    ageGated: boolean('age_gated').notNull().default(false),
    directLending: boolean('direct_lending').notNull().default(false),
    status: text('status', { enum: CAMPAIGN_STATUSES }).notNull().default('Pending'),
    rejectionReason: text('rejection_reason'),
    ...timestamps(),
  },
  (t) => [uniqueIndex('campaigns_code_key').on(t.campaignCode), index('campaigns_account_idx').on(t.accountId)],
);

export const messageTemplates = pgTable(
  'message_templates',
  {
    id: id(),
    ...customerOwner(),
    name: text('name').notNull(),
    type: text('type', { enum: MESSAGE_TYPES }).notNull(),
    body: text('body').notNull(),
    status: text('status', { enum: TEMPLATE_STATUSES }).notNull().default('Active'),
    createdAt: createdAt(),
    lastModified: updatedAt(),
  },
  (t) => [index('message_templates_customer_idx').on(t.customerId)],
);

/** Message records (delivery reports and logs): large, keyset paged like CDRs, partitioned by month of sent_at like them. */
export const messages = pgTable(
  'messages',
  {
    id: recordId(),
    ...recordOwner(),
    messageId: text('message_id').notNull(),
    fromNumber: text('from_number').notNull(),
    toNumber: text('to_number').notNull(),
    type: text('type', { enum: MESSAGE_TYPES }).notNull(),
    direction: text('direction', { enum: MESSAGE_DIRECTIONS }).notNull(),
    status: text('status', { enum: MESSAGE_STATUSES }).notNull(),
    segments: integer('segments').notNull(),
    cost: rate('cost').notNull(),
    sentAt: ts('sent_at').notNull(),
    /** The approved campaign the sending number was linked to (outbound 10DLC traffic). */
    campaignId: uuid('campaign_id'),
    /** The text (messages sent or received through the API; absent on older records). */
    body: text('body'),
    /** The public API request that created it (the trace), and the key. */
    requestId: text('request_id'),
    apiKeyId: uuid('api_key_id'),
    updatedAt: ts('updated_at'),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.sentAt] }),
    index('messages_campaign_idx').on(t.campaignId, t.status).where(sql`campaign_id IS NOT NULL`),
    /** GET /v1/messages/{id} and idempotent ingestion find a message by its public id (and its time: the partition key). */
    uniqueIndex('messages_message_id_sent_key').on(t.messageId, t.sentAt),
    index('messages_account_sent_idx').on(t.accountId, t.sentAt, t.id),
    index('messages_customer_sent_idx').on(t.customerId, t.sentAt, t.id),
    index('messages_sent_idx').on(t.sentAt, t.id),
  ],
);

/** A campaign's status history (the timeline): every submission, review step and resubmission. */
export const campaignEvents = pgTable(
  'campaign_events',
  {
    id: id(),
    campaignId: ownedBy('campaign_id', () => campaigns.id),
    status: text('status', { enum: CAMPAIGN_STATUSES }).notNull(),
    reason: text('reason'),
    byUserId: uuid('by_user_id').references(() => users.id),
    at: createdAt(),
  },
  (t) => [index('campaign_events_campaign_idx').on(t.campaignId, t.at)],
);

/** The opt-out ledger: numbers that may not be messaged from an account (STOP); START removes them. */
export const optOuts = pgTable(
  'opt_outs',
  {
    id: id(),
    ...accountOwner(),
    number: text('number').notNull(),
    keyword: text('keyword').notNull(),
    source: text('source', { enum: OPT_OUT_SOURCES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('opt_outs_account_number_key').on(t.accountId, t.number),
    index('opt_outs_customer_idx').on(t.customerId, t.createdAt),
  ],
);

/**
 * A message's delivery events (queued, sent, delivered, failed): the delivery reports behind its
 * status. Partitioned by month of created_at like the messages (migration 0019), and purged with them.
 */
export const messageEvents = pgTable(
  'message_events',
  {
    id: recordId(),
    messageId: bigint('message_id', { mode: 'number' }).notNull(),
    status: text('status', { enum: MESSAGE_STATUSES }).notNull(),
    detail: text('detail'),
    at: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.id, t.at] }), index('message_events_message_idx').on(t.messageId, t.at)],
);
