import type { TListDeliveriesQuery, TListWebhooksQuery } from '@portal/contract/webhooks';
import { and, arrayOverlaps, count, desc, eq, gte, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accounts, customers, webhookDeliveries, webhooks } from '../../db/schema/index.ts';
import { containsAny, readPage } from '../../lib/paging.ts';
import { insertRow } from '../../lib/rows.ts';

/** The last time a delivery of the webhook was attempted (seeded history has only its creation time). */
const lastDeliveryAt = sql<Date | null>`(
  select max(coalesce(d.last_attempt_at, d.created_at)) from ${webhookDeliveries} d
  where d.webhook_id = ${webhooks.id} and (d.last_attempt_at is not null or d.state in ('succeeded', 'failed'))
)`.mapWith(webhooks.createdAt);

const viewColumns = {
  id: webhooks.id,
  customerId: webhooks.customerId,
  accountId: webhooks.accountId,
  accountName: accounts.name,
  name: webhooks.name,
  url: webhooks.url,
  events: webhooks.events,
  status: webhooks.status,
  createdAt: webhooks.createdAt,
  failingSince: webhooks.failingSince,
  lastDeliveryAt,
};
export type WebhookViewRow = Awaited<ReturnType<typeof webhookView>>;

function scopeWhere(scope: { customerId: string | null; accountId: string | null }) {
  return and(
    isNull(accounts.deletedAt),
    isNull(customers.deletedAt),
    scope.customerId ? eq(webhooks.customerId, scope.customerId) : undefined,
    scope.accountId ? eq(webhooks.accountId, scope.accountId) : undefined,
  );
}

const viewFrom = (db: DbOrTx) =>
  db
    .select(viewColumns)
    .from(webhooks)
    .innerJoin(accounts, eq(accounts.id, webhooks.accountId))
    .innerJoin(customers, eq(customers.id, webhooks.customerId));

export async function listWebhooks(
  db: DbOrTx,
  scope: { customerId: string | null; accountId: string | null },
  q: Pick<TListWebhooksQuery, 'status' | 'search' | 'page' | 'pageSize'>,
) {
  const where = and(
    scopeWhere(scope),
    q.status ? eq(webhooks.status, q.status) : undefined,
    containsAny(q.search, webhooks.name, webhooks.url),
  );
  return readPage(
    q,
    viewFrom(db).where(where).orderBy(desc(webhooks.createdAt), desc(webhooks.id)),
    db
      .select({ n: count() })
      .from(webhooks)
      .innerJoin(accounts, eq(accounts.id, webhooks.accountId))
      .innerJoin(customers, eq(customers.id, webhooks.customerId))
      .where(where),
  );
}

/** A webhook as shown (no secrets), if the scope may see it. */
export async function webhookView(db: DbOrTx, id: string, customerId: string | null) {
  const [row] = await viewFrom(db).where(and(eq(webhooks.id, id), scopeWhere({ customerId, accountId: null })));
  return row;
}

/** The whole row, secrets included (for signing), if the scope may see it. */
export async function webhookRow(db: DbOrTx, id: string, customerId: string | null = null) {
  const [row] = await db
    .select({ webhook: webhooks })
    .from(webhooks)
    .innerJoin(accounts, eq(accounts.id, webhooks.accountId))
    .innerJoin(customers, eq(customers.id, webhooks.customerId))
    .where(and(eq(webhooks.id, id), scopeWhere({ customerId, accountId: null })));
  return row?.webhook;
}

export const insertWebhook = (db: DbOrTx, values: typeof webhooks.$inferInsert) => insertRow(db, webhooks, values);

export async function updateWebhook(db: DbOrTx, id: string, values: Partial<typeof webhooks.$inferInsert>) {
  const [row] = await db.update(webhooks).set(values).where(eq(webhooks.id, id)).returning();
  return row;
}

/** One more failed delivery: counted, and the start of the run of failures kept (or set to `now`). */
export async function recordFailure(db: DbOrTx, id: string, now: Date) {
  const [row] = await db
    .update(webhooks)
    .set({ consecutiveFailures: sql`${webhooks.consecutiveFailures} + 1`, failingSince: sql`coalesce(${webhooks.failingSince}, ${now})` })
    .where(eq(webhooks.id, id))
    .returning();
  return row;
}

/** Sets Error unless already set (then undefined: the Admins were told already). */
export async function setErrorStatus(db: DbOrTx, id: string, now: Date) {
  const [row] = await db
    .update(webhooks)
    .set({ status: 'Error', updatedAt: now })
    .where(and(eq(webhooks.id, id), ne(webhooks.status, 'Error')))
    .returning();
  return row;
}

export async function deleteWebhook(db: DbOrTx, id: string) {
  const [row] = await db.delete(webhooks).where(eq(webhooks.id, id)).returning();
  return row;
}

/** The webhooks of these accounts subscribed to any of these events, whatever their status. */
export async function subscribedToAny(db: DbOrTx, accountIds: string[], events: string[]) {
  if (!accountIds.length || !events.length) return [];
  return db
    .select()
    .from(webhooks)
    .where(and(inArray(webhooks.accountId, accountIds), arrayOverlaps(webhooks.events, events)));
}

/** Webhooks whose run of failures ends (a delivery succeeded): the count and its start cleared. */
export async function clearFailures(db: DbOrTx, ids: string[]) {
  if (!ids.length) return;
  await db
    .update(webhooks)
    .set({ consecutiveFailures: 0, failingSince: null })
    .where(and(inArray(webhooks.id, ids), or(ne(webhooks.consecutiveFailures, 0), sql`${webhooks.failingSince} IS NOT NULL`)));
}

// ---------------------------------------------------------------------------------------------
// Deliveries

/** A list of values as one JSON parameter (one bind parameter for a whole batch). */
const json = (value: unknown) => sql`${JSON.stringify(value)}::json`;

export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

export async function insertDeliveries(db: DbOrTx, values: (typeof webhookDeliveries.$inferInsert)[]) {
  if (!values.length) return [];
  return db.insert(webhookDeliveries).values(values).returning();
}

/** An event's new deliveries, answering what the jobs need. */
export async function insertEventDeliveries(db: DbOrTx, values: (typeof webhookDeliveries.$inferInsert)[]) {
  if (!values.length) return [];
  return db
    .insert(webhookDeliveries)
    .values(values)
    .returning({ id: webhookDeliveries.id, state: webhookDeliveries.state, nextAttemptAt: webhookDeliveries.nextAttemptAt });
}

export async function deliveryById(db: DbOrTx, id: string, webhookId?: string) {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, id), webhookId ? eq(webhookDeliveries.webhookId, webhookId) : undefined));
  return row;
}

export async function listDeliveries(db: DbOrTx, webhookId: string, q: TListDeliveriesQuery) {
  const where = and(eq(webhookDeliveries.webhookId, webhookId), q.state ? eq(webhookDeliveries.state, q.state) : undefined);
  return readPage(
    q,
    db.select().from(webhookDeliveries).where(where).orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id)),
    db.select({ n: count() }).from(webhookDeliveries).where(where),
  );
}

/**
 * Takes the attempt that was due at `due`: one more attempt, leased until `leaseUntil` (a crashed
 * attempt is taken again by the sweep after it). Nobody else can take the same attempt: the row
 * must still be pending with that very due time.
 */
export async function claimAttempt(db: DbOrTx, id: string, due: Date, now: Date, leaseUntil: Date) {
  const [row] = await db
    .update(webhookDeliveries)
    .set({ attempt: sql`${webhookDeliveries.attempt} + 1`, lastAttemptAt: now, nextAttemptAt: leaseUntil })
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.state, 'pending'), eq(webhookDeliveries.nextAttemptAt, due)))
    .returning();
  return row;
}

/**
 * The webhooks (whole rows) of these deliveries, those of live accounts of live companies. Two
 * statements, each by primary key: as one, the plan may start from the webhooks and read each
 * one's deliveries.
 */
export async function liveWebhooksOf(db: DbOrTx, deliveryIds: string[]) {
  if (!deliveryIds.length) return [];
  const ids = (
    await db.selectDistinct({ id: webhookDeliveries.webhookId }).from(webhookDeliveries).where(inArray(webhookDeliveries.id, deliveryIds))
  ).map((r) => r.id);
  if (!ids.length) return [];
  const rows = await db
    .select({ webhook: webhooks })
    .from(webhooks)
    .innerJoin(accounts, eq(accounts.id, webhooks.accountId))
    .innerJoin(customers, eq(customers.id, webhooks.customerId))
    .where(and(inArray(webhooks.id, ids), isNull(accounts.deletedAt), isNull(customers.deletedAt)));
  return rows.map((r) => r.webhook);
}

/**
 * claimAttempt for many at once, for deliveries of the given webhooks: each attempt whose delivery
 * is still pending with that very due time is taken, in one statement. A delivery another
 * statement holds at that moment is skipped, never waited for (SKIP LOCKED): two batches sharing
 * deliveries (a job and the sweep) cannot deadlock; the caller looks at a skipped one alone.
 */
export async function claimAttempts(db: DbOrTx, attempts: { id: string; due: Date }[], webhookIds: string[], now: Date, leaseUntil: Date) {
  if (!attempts.length || !webhookIds.length) return [];
  const pairs = json(attempts.map((a) => ({ id: a.id, due: a.due.toISOString() })));
  // Found and locked by primary key alone, their state and webhook checked on the rows locked: a
  // plan driven by the index on (state, next_attempt_at) instead reads every pending delivery, or
  // worse, when its statistics are off (a queue's pending count swings from none to thousands) or
  // its dead entries pile up (every attempt updates it twice).
  const locked = db
    .select({ id: webhookDeliveries.id, state: webhookDeliveries.state, webhookId: webhookDeliveries.webhookId })
    .from(webhookDeliveries)
    .where(
      and(
        inArray(
          webhookDeliveries.id,
          attempts.map((a) => a.id),
        ),
        sql`(${webhookDeliveries.id}, ${webhookDeliveries.nextAttemptAt}) IN (SELECT id, due FROM json_to_recordset(${pairs}) AS x(id uuid, due timestamptz))`,
      ),
    )
    // a LIMIT (each id matches once anyway) keeps the outer conditions out of this query's plan
    .limit(attempts.length)
    .for('update', { of: webhookDeliveries, skipLocked: true })
    .as('locked');
  const takeable = db
    .select({ id: locked.id })
    .from(locked)
    .where(and(eq(locked.state, 'pending'), inArray(locked.webhookId, webhookIds)));
  return db
    .update(webhookDeliveries)
    .set({ attempt: sql`${webhookDeliveries.attempt} + 1`, lastAttemptAt: now, nextAttemptAt: leaseUntil })
    .where(inArray(webhookDeliveries.id, takeable))
    .returning();
}

/** Attempts that succeeded, recorded in one statement. */
export async function recordSuccesses(
  db: DbOrTx,
  rows: { id: string; statusCode: number | null; durationMs: number; responseExcerpt: string | null }[],
) {
  if (!rows.length) return;
  await db.execute(sql`
    UPDATE ${webhookDeliveries} SET state = 'succeeded', next_attempt_at = NULL, error = NULL,
      status_code = x."statusCode", duration_ms = x."durationMs", response_excerpt = x."responseExcerpt"
    FROM json_to_recordset(${json(rows)}) AS x(id uuid, "statusCode" int, "durationMs" int, "responseExcerpt" text)
    WHERE ${webhookDeliveries.id} = x.id AND ${inArray(
      webhookDeliveries.id,
      rows.map((r) => r.id),
    )}`);
}

/** Holds a due delivery whose webhook is no longer active (kept for replay). */
export async function holdDue(db: DbOrTx, id: string, due: Date) {
  const [row] = await db
    .update(webhookDeliveries)
    .set({ state: 'held', nextAttemptAt: null })
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.state, 'pending'), eq(webhookDeliveries.nextAttemptAt, due)))
    .returning();
  return row;
}

export async function updateDelivery(db: DbOrTx, id: string, values: Partial<typeof webhookDeliveries.$inferInsert>) {
  const [row] = await db.update(webhookDeliveries).set(values).where(eq(webhookDeliveries.id, id)).returning();
  return row;
}

/** Pending deliveries due by `now`, oldest first. */
export async function dueDeliveries(db: DbOrTx, now: Date, limit: number) {
  return db
    .select({ id: webhookDeliveries.id, nextAttemptAt: webhookDeliveries.nextAttemptAt })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.state, 'pending'), lte(webhookDeliveries.nextAttemptAt, now)))
    .orderBy(webhookDeliveries.nextAttemptAt)
    .limit(limit);
}

/** Failed and held deliveries of a webhook created since a time, made due now with a fresh retry schedule. */
export async function requeueSince(db: DbOrTx, webhookId: string, since: Date, now: Date) {
  return db
    .update(webhookDeliveries)
    .set({ state: 'pending', attempt: 0, nextAttemptAt: now })
    .where(
      and(
        eq(webhookDeliveries.webhookId, webhookId),
        inArray(webhookDeliveries.state, ['failed', 'held']),
        gte(webhookDeliveries.createdAt, since),
      ),
    )
    .returning({ id: webhookDeliveries.id, nextAttemptAt: webhookDeliveries.nextAttemptAt });
}
