import { bigint, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { createdAt, id, rate, ts, updatedAt } from './columns.ts';
import { customers } from './customers.ts';

export const ROUTE_STRATEGIES = ['Round Robin', 'Random', 'LCR', 'Sequential', 'Weight Based'] as const;
export const TRUNK_STATUSES = ['Active', 'Inactive', 'Suspended', 'Pending'] as const;

export const trunks = pgTable(
  'trunks',
  {
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    trunkName: text('trunk_name').notNull(),
    routeStrategy: text('route_strategy', { enum: ROUTE_STRATEGIES }).notNull().default('Round Robin'),
    status: text('status', { enum: TRUNK_STATUSES }).notNull().default('Active'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('trunks_account_idx').on(t.accountId), index('trunks_customer_idx').on(t.customerId)],
);

/** The rows of a trunk's primary and failover groups, in order. */
export const trunkIps = pgTable(
  'trunk_ips',
  {
    id: id(),
    trunkId: uuid('trunk_id')
      .notNull()
      .references(() => trunks.id, { onDelete: 'cascade' }),
    groupName: text('group_name', { enum: ['primary', 'failover'] }).notNull(),
    ip: text('ip').notNull(),
    name: text('name'),
    position: integer('position').notNull(),
  },
  (t) => [index('trunk_ips_trunk_idx').on(t.trunkId, t.groupName, t.position)],
);

/** 382 Network: registered IPs; Inbound is shown as Call Origination, Outbound as Call Termination. */
export const ipAddresses = pgTable(
  'ip_addresses',
  {
    id: id(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    accountId: uuid('account_id').references(() => accounts.id),
    ipAddress: text('ip_address').notNull(),
    type: text('type', { enum: ['Inbound', 'Outbound'] }).notNull(),
    status: text('status', { enum: TRUNK_STATUSES }).notNull().default('Active'),
    description: text('description'),
    lastUsedAt: ts('last_used_at'),
    lastUpdated: updatedAt(),
    createdAt: createdAt(),
  },
  (t) => [index('ip_addresses_customer_idx').on(t.customerId), index('ip_addresses_account_idx').on(t.accountId)],
);

/**
 * Call detail records: the biggest table. bigint ids and (scope, started_at, id) indexes serve
 * keyset paging newest-first (declared ascending; PostgreSQL scans them backwards).
 */
export const cdrs = pgTable(
  'cdrs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    customerId: uuid('customer_id').notNull(),
    accountId: uuid('account_id').notNull(),
    callId: text('call_id').notNull(),
    fromNumber: text('from_number').notNull(),
    toNumber: text('to_number').notNull(),
    startedAt: ts('started_at').notNull(),
    durationSeconds: integer('duration_seconds').notNull(),
    status: text('status', { enum: ['Completed', 'Failed', 'Busy', 'No Answer'] }).notNull(),
    direction: text('direction', { enum: ['Inbound', 'Outbound'] }).notNull(),
    cost: rate('cost').notNull(),
  },
  (t) => [
    index('cdrs_account_started_idx').on(t.accountId, t.startedAt, t.id),
    index('cdrs_customer_started_idx').on(t.customerId, t.startedAt, t.id),
    index('cdrs_started_idx').on(t.startedAt, t.id),
  ],
);
