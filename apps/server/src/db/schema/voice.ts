import { CDR_DIRECTIONS, CDR_STATUSES, IP_TYPES, ROUTE_STRATEGIES, TRUNK_IP_GROUPS, TRUNK_STATUSES } from '@portal/contract/voice';
import { index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, ownedBy, rate, recordId, timestamps, ts, updatedAt } from './columns.ts';
import { accountOwner, customerOwner, recordOwner } from './refs.ts';

export const trunks = pgTable(
  'trunks',
  {
    id: id(),
    ...accountOwner(),
    trunkName: text('trunk_name').notNull(),
    routeStrategy: text('route_strategy', { enum: ROUTE_STRATEGIES }).notNull().default('Round Robin'),
    status: text('status', { enum: TRUNK_STATUSES }).notNull().default('Active'),
    ...timestamps(),
  },
  (t) => [index('trunks_account_idx').on(t.accountId), index('trunks_customer_idx').on(t.customerId)],
);

/** The rows of a trunk's primary and failover groups, in order. */
export const trunkIps = pgTable(
  'trunk_ips',
  {
    id: id(),
    trunkId: ownedBy('trunk_id', () => trunks.id),
    groupName: text('group_name', { enum: TRUNK_IP_GROUPS }).notNull(),
    ip: text('ip').notNull(),
    name: text('name'),
    position: integer('position').notNull(),
  },
  (t) => [index('trunk_ips_trunk_idx').on(t.trunkId, t.groupName, t.position), index('trunk_ips_ip_idx').on(t.ip)],
);

/**
 * 382 Network: registered IPs; Inbound is shown as Call Origination, Outbound as Call Termination.
 * An address belongs to one customer (stored lower-case, so the unique index sees every spelling).
 */
export const ipAddresses = pgTable(
  'ip_addresses',
  {
    id: id(),
    ...customerOwner(),
    ipAddress: text('ip_address').notNull(),
    type: text('type', { enum: IP_TYPES }).notNull(),
    status: text('status', { enum: TRUNK_STATUSES }).notNull().default('Active'),
    description: text('description'),
    lastUsedAt: ts('last_used_at'),
    lastUpdated: updatedAt(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ip_addresses_ip_key').on(t.ipAddress),
    index('ip_addresses_customer_idx').on(t.customerId),
    index('ip_addresses_account_idx').on(t.accountId),
  ],
);

/**
 * Call detail records: the biggest table. bigint ids and (scope, started_at, id) indexes serve
 * keyset paging newest-first (declared ascending; PostgreSQL scans them backwards).
 * Partitioned by month of started_at (migration 0018, db/partitions.ts): keys include it.
 */
export const cdrs = pgTable(
  'cdrs',
  {
    id: recordId(),
    ...recordOwner(),
    callId: text('call_id').notNull(),
    fromNumber: text('from_number').notNull(),
    toNumber: text('to_number').notNull(),
    startedAt: ts('started_at').notNull(),
    durationSeconds: integer('duration_seconds').notNull(),
    status: text('status', { enum: CDR_STATUSES }).notNull(),
    direction: text('direction', { enum: CDR_DIRECTIONS }).notNull(),
    cost: rate('cost').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.startedAt] }),
    index('cdrs_account_started_idx').on(t.accountId, t.startedAt, t.id),
    index('cdrs_customer_started_idx').on(t.customerId, t.startedAt, t.id),
    index('cdrs_started_idx').on(t.startedAt, t.id),
    /** Ingestion is idempotent by the switch's call id and the call's start (a partition's key is in every unique key). */
    uniqueIndex('cdrs_call_id_started_key').on(t.callId, t.startedAt),
  ],
);
