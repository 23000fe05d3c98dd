import { API_KEY_ENVIRONMENTS, API_KEY_STATUSES, WEBHOOK_STATUSES } from '@portal/contract/api-access';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ownedBy, recordId, ts } from './columns.ts';
import { accountOwner, recordOwner } from './refs.ts';

/** Stored as a SHA-256 hash with the display prefix (first 16 characters) and the last 4. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    ...accountOwner(),
    name: text('name').notNull(),
    environment: text('environment', { enum: API_KEY_ENVIRONMENTS }).notNull(),
    keyPrefix: text('key_prefix').notNull(),
    last4: text('last4').notNull(),
    keyHash: text('key_hash').notNull(),
    status: text('status', { enum: API_KEY_STATUSES }).notNull().default('Active'),
    /** Restricted scopes (e.g. messages:send); empty = every operation of the API. */
    scopes: text('scopes').array().notNull().default(sql`'{}'::text[]`),
    /** Addresses or CIDR blocks the key may be used from; empty = anywhere. */
    ipAllowlist: text('ip_allowlist').array().notNull().default(sql`'{}'::text[]`),
    expiresAt: ts('expires_at'),
    createdAt: createdAt(),
    lastUsedAt: ts('last_used_at'),
    lastUsedIp: text('last_used_ip'),
    revokedAt: ts('revoked_at'),
    /** A rolled key keeps working until then, beside its successor. */
    graceUntil: ts('grace_until'),
    /** The key this one replaced by a roll. */
    rolledFromId: uuid('rolled_from_id'),
  },
  (t) => [uniqueIndex('api_keys_hash_key').on(t.keyHash), index('api_keys_account_idx').on(t.accountId)],
);

export const webhooks = pgTable(
  'webhooks',
  {
    id: id(),
    ...accountOwner(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    status: text('status', { enum: WEBHOOK_STATUSES }).notNull().default('Active'),
    /** Signing secret (whsec_...), shown once at creation; needed in clear to sign deliveries. */
    secret: text('secret').notNull(),
    /** After a rotation the old secret also signs, until previous_secret_until (24 hours). */
    previousSecret: text('previous_secret'),
    previousSecretUntil: ts('previous_secret_until'),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    /** When the current run of failures began (five days of failure sets Error). */
    failingSince: ts('failing_since'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at'),
  },
  (t) => [index('webhooks_account_idx').on(t.accountId)],
);

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    webhookId: ownedBy('webhook_id', () => webhooks.id),
    event: text('event').notNull(),
    /** The Standard Webhooks message id (webhook-id), the same on every attempt of one event. */
    eventId: text('event_id'),
    /** The public API request that caused the event (the trace). */
    requestId: text('request_id'),
    payload: text('payload').notNull(),
    attempt: integer('attempt').notNull().default(1),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms'),
    error: text('error'),
    /** The first characters of the receiver's answer. */
    responseExcerpt: text('response_excerpt'),
    lastAttemptAt: ts('last_attempt_at'),
    /** pending, succeeded, failed, held (arrived while the webhook was disabled) */
    state: text('state').notNull().default('pending'),
    nextAttemptAt: ts('next_attempt_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_deliveries_webhook_idx').on(t.webhookId, t.createdAt),
    index('webhook_deliveries_due_idx').on(t.state, t.nextAttemptAt),
  ],
);

/** Public API request log (the API Usage tab), kept apiLogRetentionDays; partitioned by month of created_at. */
export const apiRequests = pgTable(
  'api_requests',
  {
    id: recordId(),
    apiKeyId: uuid('api_key_id').references(() => apiKeys.id, { onDelete: 'set null' }),
    ...recordOwner(),
    method: text('method').notNull(),
    endpoint: text('endpoint').notNull(),
    statusCode: integer('status_code').notNull(),
    responseMs: integer('response_ms').notNull(),
    requestId: text('request_id'),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.createdAt] }),
    index('api_requests_account_idx').on(t.accountId, t.createdAt, t.id),
    index('api_requests_customer_idx').on(t.customerId, t.createdAt, t.id),
  ],
);

/** Idempotency-Key answers of the public API: the same key and body within 24 hours get the same answer. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    apiKeyId: uuid('api_key_id').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    body: jsonb('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.apiKeyId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

/**
 * Credentials of the provider's own platform (the switch, the SMS gateway) for the ingestion
 * endpoints: staff-level, not bound to a customer. Shown once; only the SHA-256 is kept.
 */
export const platformTokens = pgTable(
  'platform_tokens',
  {
    id: id(),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The first characters, to tell tokens apart in lists. */
    displayPrefix: text('display_prefix').notNull(),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    lastUsedAt: ts('last_used_at'),
    revokedAt: ts('revoked_at'),
  },
  (t) => [uniqueIndex('platform_tokens_hash_key').on(t.tokenHash)],
);
