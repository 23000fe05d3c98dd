import { API_KEY_ENVIRONMENTS, API_KEY_STATUSES, WEBHOOK_STATUSES } from '@portal/contract/api-access';
import { bigint, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ts } from './columns.ts';
import { accountRef, customerRef } from './refs.ts';

/** Stored as a SHA-256 hash with the display prefix (first 16 characters) and the last 4. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    customerId: customerRef(),
    accountId: accountRef(),
    name: text('name').notNull(),
    environment: text('environment', { enum: API_KEY_ENVIRONMENTS }).notNull(),
    keyPrefix: text('key_prefix').notNull(),
    last4: text('last4').notNull(),
    keyHash: text('key_hash').notNull(),
    status: text('status', { enum: API_KEY_STATUSES }).notNull().default('Active'),
    createdAt: createdAt(),
    lastUsedAt: ts('last_used_at'),
    revokedAt: ts('revoked_at'),
  },
  (t) => [uniqueIndex('api_keys_hash_key').on(t.keyHash), index('api_keys_account_idx').on(t.accountId)],
);

export const webhooks = pgTable(
  'webhooks',
  {
    id: id(),
    customerId: customerRef(),
    accountId: accountRef(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    status: text('status', { enum: WEBHOOK_STATUSES }).notNull().default('Active'),
    /** Signing secret (whsec_...), shown once at creation; needed in clear to sign deliveries. */
    secret: text('secret').notNull(),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('webhooks_account_idx').on(t.accountId)],
);

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    webhookId: uuid('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    payload: text('payload').notNull(),
    attempt: integer('attempt').notNull().default(1),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms'),
    error: text('error'),
    /** pending, succeeded, failed */
    state: text('state').notNull().default('pending'),
    nextAttemptAt: ts('next_attempt_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_deliveries_webhook_idx').on(t.webhookId, t.createdAt),
    index('webhook_deliveries_due_idx').on(t.state, t.nextAttemptAt),
  ],
);

/** Public API request log (the API Usage tab), kept apiLogRetentionDays. */
export const apiRequests = pgTable(
  'api_requests',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    apiKeyId: uuid('api_key_id').references(() => apiKeys.id, { onDelete: 'set null' }),
    customerId: uuid('customer_id').notNull(),
    accountId: uuid('account_id').notNull(),
    method: text('method').notNull(),
    endpoint: text('endpoint').notNull(),
    statusCode: integer('status_code').notNull(),
    responseMs: integer('response_ms').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('api_requests_account_idx').on(t.accountId, t.createdAt, t.id),
    index('api_requests_customer_idx').on(t.customerId, t.createdAt, t.id),
  ],
);
