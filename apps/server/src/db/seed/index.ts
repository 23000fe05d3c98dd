/**
 * The deterministic demo seed of the whole data model. `seed()` builds every row in memory
 * (`buildSeedData`: one seeder per domain, `seedX(sc)` in seed/<domain>.ts, sharing a seed
 * context), inserts them in multi-row batches inside one transaction, then computes the
 * rollups in SQL so they are exactly consistent with the raw rows:
 * - usage_daily (per UTC day, account and service) from cdrs and messages, plus a daily
 *   'Numbers' row per account (numbers held that day, prorated monthly fees);
 * - customers.revenue = the sum of the customer's Successful payments.
 */
import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { hashPassword } from '../../lib/password.ts';
import type { Db, Tx } from '../client.ts';
import { ensurePartitions, type PartitionedTable } from '../partitions.ts';
import * as schema from '../schema/index.ts';
import { seedAccounts } from './accounts.ts';
import { seedApiAccess } from './api-access.ts';
import { seedAudit } from './audit.ts';
import { seedBilling } from './billing.ts';
import { seedCompliance } from './compliance.ts';
import { type BuildOptions, DEFAULT_VOLUMES, SeedContext, type SeedData, type SeedVolumes } from './context.ts';
import { seedCustomerNotes, seedCustomers, seedRecentCustomers } from './customers.ts';
import { seedMessaging } from './messaging.ts';
import { seedEmailOutbox, seedNotifications } from './notifications.ts';
import { seedNumbers } from './numbers.ts';
import { seedPorting } from './porting.ts';
import { seedRating } from './rating.ts';
import { seedSettings } from './settings.ts';
import { seedSupport } from './support.ts';
import { seedUsage } from './usage.ts';
import { seedStaff } from './users.ts';
import { seedVoice } from './voice.ts';

export interface SeedOptions {
  /** The password of every seeded user (hashed once, the hash shared). */
  demoPassword: string;
  /** Every date is relative to this; the same `now` gives the same data. Default: the current time. */
  now?: Date;
  /** Row volumes (a later `--scale N` multiplies DEFAULT_VOLUMES). */
  volumes?: SeedVolumes;
}

/** Demo sign-ins (all share the demo password). */
export const DEMO_USERS = [
  { email: 'admin@example.com', portal: 'admin', role: 'Admin' },
  { email: 'support@example.com', portal: 'admin', role: 'Support' },
  { email: 'customer@example.com', portal: 'customer', role: 'Admin' },
  { email: 'user@example.com', portal: 'customer', role: 'User' },
  { email: 'other@example.com', portal: 'customer', role: 'Admin' },
] as const;

/** PostgreSQL allows 65,535 bind parameters per statement; stay well below. */
const MAX_PARAMS = 30_000;
/** Rows per statement on the JSON path. */
const JSON_BATCH = 5000;

/** True when every row sets the same properties and none holds binary data (the JSON path can carry them). */
function jsonable(rows: readonly object[]): boolean {
  const first = rows[0];
  if (!first) return false;
  const shape = Object.keys(first).join(',');
  return rows.every((r) => Object.keys(r).join(',') === shape && !Object.values(r).some((v) => Buffer.isBuffer(v) || v === undefined));
}

/**
 * Inserts rows in batches. Uniform rows go as one JSON parameter per batch through
 * json_populate_recordset (about three times faster than thousands of bind parameters on PGlite,
 * and the same SQL on PostgreSQL); other rows (binary columns, optional properties) through
 * drizzle's multi-row insert.
 */
async function insertBatches<T extends PgTable>(tx: Tx, table: T, rows: T['$inferInsert'][], batchSize = 1000): Promise<void> {
  if (rows.length === 0) return;
  if (jsonable(rows as object[])) {
    const columns = getTableColumns(table) as Record<string, { name: string }>;
    const keys = Object.keys(rows[0] as object);
    const names = keys.map((k) => {
      const column = columns[k];
      if (!column) throw new Error(`${getTableName(table)} has no column for ${k}`);
      return column.name;
    });
    const list = sql.join(
      names.map((n) => sql.identifier(n)),
      sql`, `,
    );
    for (let i = 0; i < rows.length; i += JSON_BATCH) {
      const json = JSON.stringify(
        rows.slice(i, i + JSON_BATCH).map((r) => {
          const out: Record<string, unknown> = {};
          keys.forEach((k, j) => {
            out[names[j] as string] = (r as Record<string, unknown>)[k];
          });
          return out;
        }),
      );
      const name = sql.identifier(getTableName(table));
      await tx.execute(sql`INSERT INTO ${name} (${list}) SELECT ${list} FROM json_populate_recordset(NULL::${name}, ${json}::json)`);
    }
    return;
  }
  const columns = Math.max(1, Object.keys(rows[0] as object).length);
  const size = Math.max(1, Math.min(batchSize, Math.floor(MAX_PARAMS / columns)));
  for (let i = 0; i < rows.length; i += size) {
    // drizzle's generic insert typing does not follow a table type parameter; the rows are typed above
    await tx.insert(table).values(rows.slice(i, i + size) as never);
  }
}

/**
 * Builds every row in memory, deterministically for a given `now` (and seed): ids come from the
 * context's one id stream, every date is relative to `now`. The seeders run in dependency order
 * (each reads what the earlier ones created from the context); the order also fixes the ids.
 */
export function buildSeedData(opts: BuildOptions): SeedData {
  const sc = new SeedContext(opts);
  seedStaff(sc);
  seedSettings(sc);
  seedCustomers(sc);
  seedAccounts(sc);
  seedNumbers(sc);
  seedPorting(sc);
  seedVoice(sc);
  seedRating(sc);
  seedUsage(sc);
  seedMessaging(sc);
  seedApiAccess(sc);
  seedBilling(sc);
  seedCompliance(sc);
  seedSupport(sc);
  seedCustomerNotes(sc);
  seedNotifications(sc);
  seedAudit(sc);
  seedRecentCustomers(sc);
  seedEmailOutbox(sc);
  return sc.rows;
}

/** Inserts in foreign-key order. Staff users come before customers (account managers), customer users after. */
async function insertAll(tx: Tx, d: SeedData): Promise<void> {
  await insertBatches(tx, schema.users, d.staffUsers);
  await insertBatches(tx, schema.systemSettings, d.systemSettings);
  await insertBatches(tx, schema.customers, d.customers);
  await insertBatches(tx, schema.users, d.customerUsers);
  await insertBatches(tx, schema.customerNotes, d.customerNotes);
  await insertBatches(tx, schema.accounts, d.accounts);
  await insertBatches(tx, schema.accountServices, d.accountServices);
  // campaigns before the numbers linked to them
  await insertBatches(tx, schema.brands, d.brands);
  await insertBatches(tx, schema.campaigns, d.campaigns);
  await insertBatches(tx, schema.phoneNumbers, d.phoneNumbers);
  await insertBatches(tx, schema.portingRequests, d.portingRequests);
  await insertBatches(tx, schema.portingEvents, d.portingEvents);
  await insertBatches(tx, schema.portingDocuments, d.portingDocuments);
  await insertBatches(tx, schema.trunks, d.trunks);
  await insertBatches(tx, schema.trunkIps, d.trunkIps);
  await insertBatches(tx, schema.ipAddresses, d.ipAddresses);
  await insertBatches(tx, schema.cdrs, d.cdrs);
  await insertBatches(tx, schema.messages, d.messages);
  await insertMessageEvents(tx, d.messageEvents);
  await insertBatches(tx, schema.campaignEvents, d.campaignEvents);
  await insertBatches(tx, schema.optOuts, d.optOuts);
  await insertBatches(tx, schema.messageTemplates, d.messageTemplates);
  await insertBatches(tx, schema.apiKeys, d.apiKeys);
  await insertBatches(tx, schema.webhooks, d.webhooks);
  await insertBatches(tx, schema.webhookDeliveries, d.webhookDeliveries);
  await insertBatches(tx, schema.apiRequests, d.apiRequests);
  await insertBatches(tx, schema.platformTokens, d.platformTokens);
  await insertBatches(tx, schema.paymentMethods, d.paymentMethods);
  await insertBatches(tx, schema.rateDecks, d.rateDecks);
  await insertBatches(tx, schema.ratePrefixes, d.ratePrefixes);
  await insertBatches(tx, schema.invoiceCounters, d.invoiceCounters);
  await insertBatches(tx, schema.invoices, d.invoices);
  await insertBatches(tx, schema.invoiceLines, d.invoiceLines);
  await insertBatches(tx, schema.payments, d.payments);
  await insertBatches(tx, schema.dncEntries, d.dncEntries);
  await insertBatches(tx, schema.tickets, d.tickets);
  await insertBatches(tx, schema.ticketComments, d.ticketComments);
  await insertBatches(tx, schema.knowledgeArticles, d.knowledgeArticles);
  await insertBatches(tx, schema.serviceStatus, d.serviceStatus);
  await insertBatches(tx, schema.serviceStatusUpdates, d.serviceStatusUpdates);
  await insertBatches(tx, schema.notifications, d.notifications);
  await insertBatches(tx, schema.notificationSettings, d.notificationSettings);
  await insertBatches(tx, schema.auditLog, d.auditLog);
  await insertBatches(tx, schema.recentCustomers, d.recentCustomers);
  await insertBatches(tx, schema.emailOutbox, d.emailOutbox);
}

/** The messages' delivery events, each joined to its message's row id by the public id. */
async function insertMessageEvents(tx: Tx, events: SeedData['messageEvents']): Promise<void> {
  for (let i = 0; i < events.length; i += JSON_BATCH) {
    const json = JSON.stringify(events.slice(i, i + JSON_BATCH));
    await tx.execute(sql`
      INSERT INTO message_events (message_id, status, detail, created_at)
      SELECT m.id, e.status, e.detail, e."at"
      FROM json_to_recordset(${json}::json) AS e("messageId" text, status text, detail text, "at" timestamptz)
      JOIN messages m ON m.message_id = e."messageId"
      ORDER BY e."at"`);
  }
}

/**
 * usage_daily and customer revenue, computed from the raw rows. Days are UTC dates. Besides
 * volume, outcome, units and revenue: inbound calls and messages; outbound ones to numbers outside
 * +1 (international); and for the outbound messages delivered, the milliseconds from sent to their
 * first Delivered event (latency_ms) over how many (latency_count), on the message's sent day.
 */
async function rollups(tx: Tx, now: Date): Promise<void> {
  await tx.execute(sql`
    INSERT INTO usage_daily (day, customer_id, account_id, service, volume, succeeded, failed, units, revenue, inbound, international)
    SELECT (started_at AT TIME ZONE 'UTC')::date, customer_id, account_id, 'Voice',
           count(*)::int,
           (count(*) FILTER (WHERE status = 'Completed'))::int,
           (count(*) FILTER (WHERE status <> 'Completed'))::int,
           coalesce(sum(ceil(duration_seconds / 60.0) * 60), 0)::int,
           round(sum(cost), 4),
           (count(*) FILTER (WHERE direction = 'Inbound'))::int,
           (count(*) FILTER (WHERE direction = 'Outbound' AND to_number NOT LIKE '+1%'))::int
    FROM cdrs
    GROUP BY 1, 2, 3`);
  await tx.execute(sql`
    INSERT INTO usage_daily (day, customer_id, account_id, service, volume, succeeded, failed, units, revenue, inbound, international,
                             latency_ms, latency_count)
    SELECT (m.sent_at AT TIME ZONE 'UTC')::date, m.customer_id, m.account_id, 'SMS',
           count(*)::int,
           (count(*) FILTER (WHERE m.status = 'Delivered'))::int,
           (count(*) FILTER (WHERE m.status = 'Failed'))::int,
           coalesce(sum(m.segments), 0)::int,
           round(sum(m.cost), 4),
           (count(*) FILTER (WHERE m.direction = 'Inbound'))::int,
           (count(*) FILTER (WHERE m.direction = 'Outbound' AND m.to_number NOT LIKE '+1%'))::int,
           coalesce(sum(round(extract(epoch FROM (d.at - m.sent_at)) * 1000)), 0)::bigint,
           count(d.at)::int
    FROM messages m
    LEFT JOIN (SELECT message_id, min(created_at) AS at FROM message_events WHERE status = 'Delivered' GROUP BY 1) d
      ON d.message_id = m.id AND m.direction = 'Outbound' AND m.status = 'Delivered'
    GROUP BY 1, 2, 3`);
  // numbers held per account and day over the last year (volume = numbers, units = active ones)
  const today = now.toISOString().slice(0, 10);
  await tx.execute(sql`
    INSERT INTO usage_daily (day, customer_id, account_id, service, volume, succeeded, failed, units, revenue)
    SELECT d.day, n.customer_id, n.account_id, 'Numbers',
           count(*)::int,
           (count(*) FILTER (WHERE n.status = 'Active'))::int,
           0,
           (count(*) FILTER (WHERE n.status = 'Active'))::int,
           round(sum(n.monthly_fee / extract(day from (date_trunc('month', d.day) + interval '1 month - 1 day'))), 4)
    FROM (SELECT generate_series(${today}::date - 364, ${today}::date, interval '1 day')::date AS day) d
    JOIN phone_numbers n ON n.account_id IS NOT NULL AND (n.assigned_at AT TIME ZONE 'UTC')::date <= d.day
    GROUP BY 1, 2, 3`);
  await tx.execute(sql`
    UPDATE customers c SET revenue = p.total
    FROM (SELECT customer_id, sum(amount) AS total FROM payments WHERE status = 'Successful' GROUP BY customer_id) p
    WHERE p.customer_id = c.id`);
}

/** Fills every table with the demo data set, in one transaction. The database must be migrated and empty. */
export async function seed(db: Db, opts: SeedOptions): Promise<void> {
  const now = opts.now ?? new Date();
  const passwordHash = await hashPassword(opts.demoPassword);
  const data = buildSeedData({ now, passwordHash, volumes: opts.volumes ?? DEFAULT_VOLUMES });
  await db.transaction(async (tx) => {
    await preparePartitions(tx, data);
    await insertAll(tx, data);
    await rollups(tx, now);
  });
  // The planner's statistics of what was just loaded: the embedded engine has no autovacuum to
  // gather them, and a server's would only after its next nap; without them the lists' joins are
  // planned for empty tables (a nested loop over every account for a page of numbers).
  await db.execute(sql`ANALYZE`);
}

/** The month partitions the seeded records fall in, made before they are inserted (not left to the default partition). */
async function preparePartitions(tx: Tx, d: SeedData): Promise<void> {
  const spans: [PartitionedTable, Date[]][] = [
    ['cdrs', d.cdrs.map((r) => r.startedAt)],
    ['messages', d.messages.map((r) => r.sentAt)],
    ['message_events', d.messageEvents.map((r) => r.at)],
    ['api_requests', d.apiRequests.map((r) => r.createdAt ?? new Date())],
    ['audit_log', d.auditLog.map((r) => r.createdAt ?? new Date())],
  ];
  for (const [table, times] of spans) {
    if (!times.length) continue;
    let first = Number.POSITIVE_INFINITY;
    let last = Number.NEGATIVE_INFINITY;
    for (const t of times) {
      first = Math.min(first, t.getTime());
      last = Math.max(last, t.getTime());
    }
    await ensurePartitions(tx, table, new Date(first), new Date(last));
  }
}

export type { SeedData, SeedVolumes };
export { DEFAULT_VOLUMES };
