/** Messaging's record queries: opt-outs' health, the compliance cards, messages and sending. */
import type { TMessageFilters } from '@portal/contract/messaging';
import { type AnyColumn, and, count, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accounts, campaigns, customers, messageEvents, messages, optOuts, phoneNumbers } from '../../db/schema/index.ts';
import { formulaSafeSql } from '../../lib/export.ts';
import { likePattern } from '../../lib/paging.ts';
import { afterKey, param, type Statement, type TimeKey } from '../../lib/sql-statement.ts';

type Scope = { customerId: string | null; accountId?: string | null };
const _live = (scope: Scope, customerColumn: AnyColumn) =>
  and(isNull(customers.deletedAt), scope.customerId ? eq(customerColumn, scope.customerId) : undefined);

// ---------------------------------------------------------------------------------------------
// The compliance cards

/** Local SMS numbers in scope held by no approved campaign. */
export async function unlinkedSmsNumbers(db: DbOrTx, scope: Scope, limit: number) {
  const where = and(
    isNull(accounts.deletedAt),
    eq(phoneNumbers.type, 'DID'),
    sql`'SMS' = ANY(${phoneNumbers.features})`,
    scope.customerId ? eq(phoneNumbers.customerId, scope.customerId) : sql`${phoneNumbers.customerId} IS NOT NULL`,
    scope.accountId ? eq(phoneNumbers.accountId, scope.accountId) : undefined,
  );
  const unlinked = and(
    where,
    or(
      isNull(phoneNumbers.campaignId),
      sql`NOT EXISTS (SELECT 1 FROM campaigns c WHERE c.id = ${phoneNumbers.campaignId} AND c.status = 'Approved')`,
    ),
  );
  const [rows, [all], [none]] = await Promise.all([
    db
      .select({ id: phoneNumbers.id, number: phoneNumbers.number, accountName: accounts.name })
      .from(phoneNumbers)
      .innerJoin(accounts, eq(accounts.id, phoneNumbers.accountId))
      .where(unlinked)
      .orderBy(phoneNumbers.number)
      .limit(limit),
    db.select({ n: count() }).from(phoneNumbers).innerJoin(accounts, eq(accounts.id, phoneNumbers.accountId)).where(where),
    db.select({ n: count() }).from(phoneNumbers).innerJoin(accounts, eq(accounts.id, phoneNumbers.accountId)).where(unlinked),
  ]);
  return { rows, smsNumbers: all?.n ?? 0, unlinkedTotal: none?.n ?? 0 };
}

export async function approvedCampaignCount(db: DbOrTx, scope: Scope) {
  const [row] = await db
    .select({ n: count() })
    .from(campaigns)
    .where(
      and(
        eq(campaigns.status, 'Approved'),
        scope.customerId ? eq(campaigns.customerId, scope.customerId) : undefined,
        scope.accountId ? eq(campaigns.accountId, scope.accountId) : undefined,
      ),
    );
  return row?.n ?? 0;
}

/** Opt-outs in scope, and outbound messages accepted for an opted-out number after it opted out (since `since`). */
export async function optOutHealth(db: DbOrTx, scope: Scope, since: Date) {
  const cond = and(
    scope.customerId ? eq(optOuts.customerId, scope.customerId) : undefined,
    scope.accountId ? eq(optOuts.accountId, scope.accountId) : undefined,
  );
  const [[all], [breaches]] = await Promise.all([
    db.select({ n: count() }).from(optOuts).where(cond),
    db
      .select({ n: count() })
      .from(optOuts)
      .innerJoin(
        messages,
        and(
          eq(messages.accountId, optOuts.accountId),
          eq(messages.toNumber, optOuts.number),
          eq(messages.direction, 'Outbound'),
          sql`${messages.sentAt} > ${optOuts.createdAt}`,
          sql`${messages.sentAt} >= ${since.toISOString()}::timestamptz`,
        ),
      )
      .where(cond),
  ]);
  return { optOuts: all?.n ?? 0, sentToOptedOut: breaches?.n ?? 0 };
}

// ---------------------------------------------------------------------------------------------
// Messages: hand-written SQL, like the CDRs (one statement for the page, the chunks and COPY).

export interface MessageCriteria {
  customerId: string | null;
  accountId: string | null;
  filters: TMessageFilters;
  since?: Date | undefined;
  until?: Date | undefined;
}

function messageWhere(c: MessageCriteria, params: unknown[]): string {
  const p = (v: unknown) => param(params, v);
  const f = c.filters;
  const parts: string[] = [];
  if (c.accountId) parts.push(`m.account_id = ${p(c.accountId)}::uuid`);
  if (c.customerId) parts.push(`m.customer_id = ${p(c.customerId)}::uuid`);
  if (c.since) parts.push(`m.sent_at >= ${p(c.since.toISOString())}::timestamptz`);
  if (c.until) parts.push(`m.sent_at < ${p(c.until.toISOString())}::timestamptz`);
  if (f.status) parts.push(`m.status = ${p(f.status)}`);
  if (f.type) parts.push(`m.type = ${p(f.type)}`);
  if (f.direction) parts.push(`m.direction = ${p(f.direction)}`);
  if (f.from) parts.push(`m.from_number LIKE ${p(likePattern(f.from))}`);
  if (f.to) parts.push(`m.to_number LIKE ${p(likePattern(f.to))}`);
  return parts.length ? parts.join(' AND ') : 'TRUE';
}

export function messagePageStatement(c: MessageCriteria, after: TimeKey | null, limit: number): Statement {
  const params: unknown[] = [];
  const where = messageWhere(c, params) + afterKey(params, 'm.sent_at', 'm.id', after);
  const lim = param(params, limit + 1);
  return {
    text: `SELECT m.id::text AS id, m.message_id, m.account_id, a.name AS account_name, m.from_number, m.to_number, m.type,
       m.direction, m.status, m.segments, m.cost::text AS cost, m.sent_at
FROM (SELECT * FROM messages m WHERE ${where} ORDER BY m.sent_at DESC, m.id DESC LIMIT ${lim}) m
JOIN accounts a ON a.id = m.account_id
ORDER BY m.sent_at DESC, m.id DESC`,
    params,
  };
}

function messageExportSelect(tzParam: string): string {
  return `to_char(m.sent_at AT TIME ZONE ${tzParam}, 'YYYY-MM-DD HH24:MI:SS') AS "Date/Time",
  ${formulaSafeSql('m.message_id')} AS "Message ID", ${formulaSafeSql('(SELECT a.name FROM accounts a WHERE a.id = m.account_id)')} AS "Account",
  m.from_number AS "From", m.to_number AS "To", m.type AS "Type", m.direction AS "Direction", m.status AS "Status",
  m.segments AS "Segments", m.cost AS "Cost (USD)"`;
}

export function messageExportStatement(c: MessageCriteria, timeZone: string): Statement {
  const params: unknown[] = [];
  const where = messageWhere(c, params);
  const tz = param(params, timeZone);
  return { text: `SELECT ${messageExportSelect(tz)} FROM messages m WHERE ${where} ORDER BY m.sent_at DESC, m.id DESC`, params };
}

export function messageExportChunkStatement(c: MessageCriteria, timeZone: string, after: TimeKey | null, limit: number): Statement {
  const params: unknown[] = [];
  const where = messageWhere(c, params) + afterKey(params, 'm.sent_at', 'm.id', after);
  const tz = param(params, timeZone);
  const lim = param(params, limit);
  return {
    text: `SELECT ${messageExportSelect(tz)}, m.sent_at AS key_at, m.id::text AS key_id
FROM messages m WHERE ${where} ORDER BY m.sent_at DESC, m.id DESC LIMIT ${lim}`,
    params,
  };
}

// ---------------------------------------------------------------------------------------------
// Sending

/** A number of the account that may send: its type and the campaign it sends under. */
export async function senderNumber(db: DbOrTx, accountId: string, number: string) {
  const [row] = await db
    .select({
      id: phoneNumbers.id,
      type: phoneNumbers.type,
      features: phoneNumbers.features,
      campaignId: phoneNumbers.campaignId,
      campaignStatus: campaigns.status,
    })
    .from(phoneNumbers)
    .leftJoin(campaigns, eq(campaigns.id, phoneNumbers.campaignId))
    .where(and(eq(phoneNumbers.accountId, accountId), eq(phoneNumbers.number, number)));
  return row;
}

/**
 * Records an outbound message sent through the public API in one statement: the message, its
 * first delivery event, and its fold into the SMS rollup of its sent day (UTC): one more message,
 * its segments, its cost in revenue, and one more international message when `to` is outside +1.
 * Its outcome is folded in when it reaches Delivered or Failed (applyMessageMoves). Answers its id.
 */
export async function insertSentMessage(
  db: DbOrTx,
  values: typeof messages.$inferInsert,
  event: { status: 'Queued'; detail: string },
): Promise<number> {
  const result = await db.execute(sql`
    WITH ins AS (
      INSERT INTO messages (customer_id, account_id, message_id, from_number, to_number, type, direction, status, segments, cost,
                            sent_at, campaign_id, body, request_id, api_key_id, updated_at)
      VALUES (${values.customerId}, ${values.accountId}, ${values.messageId}, ${values.fromNumber}, ${values.toNumber}, ${values.type},
              ${values.direction}, ${values.status}, ${values.segments}, ${values.cost}, ${values.sentAt.toISOString()}::timestamptz,
              ${values.campaignId ?? null}, ${values.body ?? null}, ${values.requestId ?? null}, ${values.apiKeyId ?? null},
              ${(values.updatedAt ?? values.sentAt).toISOString()}::timestamptz)
      RETURNING id, customer_id, account_id, to_number, segments, cost, sent_at
    ), ev AS (
      INSERT INTO message_events (message_id, status, detail, created_at)
      SELECT id, ${event.status}, ${event.detail}, sent_at FROM ins
      RETURNING 1
    ), rollup AS (
      INSERT INTO usage_daily AS u (day, customer_id, account_id, service, volume, units, revenue, international)
      SELECT (sent_at AT TIME ZONE 'UTC')::date, customer_id, account_id, 'SMS', 1, segments, cost,
             CASE WHEN to_number NOT LIKE '+1%' THEN 1 ELSE 0 END
      FROM ins
      ON CONFLICT (day, account_id, service) DO UPDATE SET
        volume = u.volume + excluded.volume, units = u.units + excluded.units, revenue = u.revenue + excluded.revenue,
        international = u.international + excluded.international
      RETURNING 1
    )
    SELECT id FROM ins`);
  const [row] = (result as unknown as { rows: { id: number | string }[] }).rows;
  if (!row) throw new Error('message insert returned nothing');
  return Number(row.id);
}

/** A status move to write: the message's row id, its new status and the delivery event's detail and time. */
export interface MessageMove {
  message_id: number;
  status: string;
  detail: string | null;
  at: string;
}

/** A moved message's last status: its row id, its sent time and the time of the move that set it. */
export interface MessageFinal {
  id: number;
  sent_at: string;
  status: string;
  at: string;
}

/**
 * Applies a batch of status moves in one statement (platform ingestion's delivery reports and the
 * sandbox carrier): the delivery events written, each message set to its last status (a failed
 * message costs nothing, as the sandbox carrier has it) and, for the messages that reached
 * Delivered or Failed, the SMS rollup of their sent day (UTC) adjusted: succeeded or failed, a
 * failed message's cost taken back out of revenue, and for an outbound message delivered its
 * latency (its Delivered event's time less its sent time, in milliseconds). `finals` holds each
 * moved message once with its last status and that move's time; only forward moves are passed, so
 * a message reaches Delivered once (its final move's time is its Delivered event's). Each message
 * is found by its id and its sent time to the millisecond (a Date's precision), so PostgreSQL
 * reads its month's partition alone. The rollups are written in (day, account) order, as every
 * batch locks them.
 */
export async function applyMessageMoves(db: DbOrTx, events: MessageMove[], finals: MessageFinal[]): Promise<void> {
  if (!events.length) return;
  await db.execute(sql`
    WITH ev AS (
      INSERT INTO message_events (message_id, status, detail, created_at)
      SELECT message_id, status, detail, at FROM json_to_recordset(${JSON.stringify(events)}::json)
        AS e(message_id bigint, status text, detail text, at timestamptz)
      RETURNING message_id, status, created_at
    ), f AS (
      SELECT * FROM json_to_recordset(${JSON.stringify(finals)}::json) AS f(id bigint, sent_at timestamptz, status text, at timestamptz)
    ), upd AS (
      UPDATE messages m SET status = f.status, updated_at = now(), cost = CASE WHEN f.status = 'Failed' THEN 0 ELSE m.cost END
      FROM f WHERE m.id = f.id AND m.sent_at >= f.sent_at AND m.sent_at < f.sent_at + interval '1 millisecond'
      RETURNING 1
    ), ended AS (
      -- the messages as they were before this statement (every part of it sees the same snapshot);
      -- the latency from the final move's time, not by searching ev (a search per message is quadratic in the batch)
      SELECT (m.sent_at AT TIME ZONE 'UTC')::date AS day, m.customer_id, m.account_id, f.status, m.cost,
             CASE WHEN f.status = 'Delivered' AND m.direction = 'Outbound'
               THEN round(extract(epoch FROM (f.at - m.sent_at)) * 1000)::bigint END AS latency
      FROM f JOIN messages m ON m.id = f.id AND m.sent_at >= f.sent_at AND m.sent_at < f.sent_at + interval '1 millisecond'
      WHERE f.status IN ('Delivered', 'Failed')
    ), rollup AS (
      INSERT INTO usage_daily AS u (day, customer_id, account_id, service, succeeded, failed, revenue, latency_ms, latency_count)
      SELECT day, customer_id, account_id, 'SMS',
             (count(*) FILTER (WHERE status = 'Delivered'))::int, (count(*) FILTER (WHERE status = 'Failed'))::int,
             -round(coalesce(sum(cost) FILTER (WHERE status = 'Failed'), 0), 4),
             coalesce(sum(latency), 0)::bigint, count(latency)::int
      FROM ended GROUP BY 1, 2, 3 ORDER BY 1, 3
      ON CONFLICT (day, account_id, service) DO UPDATE SET
        succeeded = u.succeeded + excluded.succeeded, failed = u.failed + excluded.failed, revenue = u.revenue + excluded.revenue,
        latency_ms = u.latency_ms + excluded.latency_ms, latency_count = u.latency_count + excluded.latency_count
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM ev)::int AS events, (SELECT count(*) FROM upd)::int AS moved, (SELECT count(*) FROM rollup)::int AS rolled`);
}

const apiMessageColumns = {
  id: messages.id,
  messageId: messages.messageId,
  customerId: messages.customerId,
  accountId: messages.accountId,
  fromNumber: messages.fromNumber,
  toNumber: messages.toNumber,
  body: messages.body,
  type: messages.type,
  direction: messages.direction,
  status: messages.status,
  segments: messages.segments,
  cost: messages.cost,
  campaignId: messages.campaignId,
  requestId: messages.requestId,
  sentAt: messages.sentAt,
};

export async function messageByPublicId(db: DbOrTx, messageId: string, scope: { customerId: string | null; accountId: string | null }) {
  const [row] = await db
    .select(apiMessageColumns)
    .from(messages)
    .where(
      and(
        eq(messages.messageId, messageId),
        scope.customerId ? eq(messages.customerId, scope.customerId) : undefined,
        scope.accountId ? eq(messages.accountId, scope.accountId) : undefined,
      ),
    );
  return row;
}

/** messageByPublicId for many (message.delivered webhooks of a batch of delivery reports). */
export async function messagesByPublicIds(
  db: DbOrTx,
  messageIds: string[],
  scope: { customerId: string | null; accountId: string | null },
) {
  if (!messageIds.length) return [];
  return db
    .select(apiMessageColumns)
    .from(messages)
    .where(
      and(
        inArray(messages.messageId, messageIds),
        scope.customerId ? eq(messages.customerId, scope.customerId) : undefined,
        scope.accountId ? eq(messages.accountId, scope.accountId) : undefined,
      ),
    );
}

/** A message by its row id; `lock` holds it (FOR UPDATE) until the transaction ends. */
export async function messageById(db: DbOrTx, id: number, opts: { lock?: boolean } = {}) {
  const query = db.select(apiMessageColumns).from(messages).where(eq(messages.id, id));
  const [row] = opts.lock ? await query.for('update') : await query;
  return row;
}

/** eventsOf for many messages, each one's in order. */
export async function eventsOfMessages(db: DbOrTx, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({ messageId: messageEvents.messageId, status: messageEvents.status, detail: messageEvents.detail, at: messageEvents.at })
    .from(messageEvents)
    .where(inArray(messageEvents.messageId, ids))
    .orderBy(messageEvents.messageId, messageEvents.at, messageEvents.id);
}

export async function eventsOf(db: DbOrTx, id: number) {
  return db
    .select({ status: messageEvents.status, detail: messageEvents.detail, at: messageEvents.at })
    .from(messageEvents)
    .where(eq(messageEvents.messageId, id))
    .orderBy(messageEvents.at, messageEvents.id);
}
