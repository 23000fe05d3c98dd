import type { TListDeliveriesQuery, TListWebhooksQuery } from '@portal/contract/webhooks';
import { and, arrayContains, count, desc, eq, gte, ilike, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accounts, customers, webhookDeliveries, webhooks } from '../../db/schema/index.ts';
import { likePattern, offsetOf } from '../../lib/paging.ts';

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
  const pattern = q.search ? likePattern(q.search) : null;
  const where = and(
    scopeWhere(scope),
    q.status ? eq(webhooks.status, q.status) : undefined,
    pattern ? or(ilike(webhooks.name, pattern), ilike(webhooks.url, pattern)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    viewFrom(db).where(where).orderBy(desc(webhooks.createdAt), desc(webhooks.id)).limit(q.pageSize).offset(offsetOf(q)),
    db
      .select({ n: count() })
      .from(webhooks)
      .innerJoin(accounts, eq(accounts.id, webhooks.accountId))
      .innerJoin(customers, eq(customers.id, webhooks.customerId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
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

export async function insertWebhook(db: DbOrTx, values: typeof webhooks.$inferInsert) {
  const [row] = await db.insert(webhooks).values(values).returning();
  return row as typeof webhooks.$inferSelect;
}

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

/** The account's webhooks subscribed to an event, whatever their status. */
export async function subscribed(db: DbOrTx, customerId: string, accountId: string, event: string) {
  return db
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.customerId, customerId), eq(webhooks.accountId, accountId), arrayContains(webhooks.events, [event])));
}

// ---------------------------------------------------------------------------------------------
// Deliveries

export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

export async function insertDeliveries(db: DbOrTx, values: (typeof webhookDeliveries.$inferInsert)[]) {
  if (!values.length) return [];
  return db.insert(webhookDeliveries).values(values).returning();
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
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(webhookDeliveries)
      .where(where)
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(webhookDeliveries).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
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
