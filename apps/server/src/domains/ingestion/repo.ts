import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client.ts';
import { platformTokens } from '../../db/schema/index.ts';

/** A list of values as one JSON parameter (any text travels safely; one bind parameter for thousands). */
const json = (value: unknown) => sql`${JSON.stringify(value)}::json`;

// ---------------------------------------------------------------------------------------------
// Platform tokens

const tokenColumns = {
  id: platformTokens.id,
  name: platformTokens.name,
  displayPrefix: platformTokens.displayPrefix,
  createdAt: platformTokens.createdAt,
  lastUsedAt: platformTokens.lastUsedAt,
  revokedAt: platformTokens.revokedAt,
};

/** Active tokens first, then the newest. */
export const listTokens = (db: DbOrTx) =>
  db
    .select(tokenColumns)
    .from(platformTokens)
    .orderBy(sql`${platformTokens.revokedAt} IS NOT NULL`, desc(platformTokens.createdAt), desc(platformTokens.id));

export async function tokenById(db: DbOrTx, id: string) {
  const [row] = await db.select(tokenColumns).from(platformTokens).where(eq(platformTokens.id, id));
  return row;
}

export async function insertToken(db: DbOrTx, values: typeof platformTokens.$inferInsert): Promise<string> {
  const [row] = await db.insert(platformTokens).values(values).returning({ id: platformTokens.id });
  if (!row) throw new Error('platform token insert returned nothing');
  return row.id;
}

/** Revokes a token that is not revoked yet; false when it already was. */
export async function revokeToken(db: DbOrTx, id: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(platformTokens)
    .set({ revokedAt: at })
    .where(and(eq(platformTokens.id, id), isNull(platformTokens.revokedAt)))
    .returning({ id: platformTokens.id });
  return rows.length > 0;
}

export const tokenNameTaken = async (db: DbOrTx, name: string) =>
  Boolean(
    (
      await db
        .select({ id: platformTokens.id })
        .from(platformTokens)
        .where(sql`lower(${platformTokens.name}) = lower(${name}) AND ${platformTokens.revokedAt} IS NULL`)
    )[0],
  );

/**
 * The ingestion endpoints' one statement a request: the presented token by its hash and, when it
 * is live and was last used over a minute ago, its last use written (at most once a minute).
 */
export async function checkToken(db: DbOrTx, tokenHash: string): Promise<{ id: string; name: string; revoked: boolean } | undefined> {
  const result = await db.execute(sql`
    WITH t AS (SELECT id, name, revoked_at, last_used_at FROM platform_tokens WHERE token_hash = ${tokenHash}),
    touch AS (
      UPDATE platform_tokens p SET last_used_at = now() FROM t
      WHERE p.id = t.id AND t.revoked_at IS NULL AND (t.last_used_at IS NULL OR t.last_used_at < now() - interval '1 minute')
      RETURNING p.id
    )
    SELECT t.id, t.name, t.revoked_at IS NOT NULL AS revoked FROM t`);
  return rowsOf<{ id: string; name: string; revoked: boolean }>(result)[0];
}

// ---------------------------------------------------------------------------------------------
// Attribution

export interface NumberOwner {
  number: string;
  accountId: string;
  customerId: string;
  smsSegmentPrice: number;
  mmsMessagePrice: number;
}

/** The accounts holding these numbers (one statement for the batch): live accounts only, with their message prices. */
export async function ownersOf(db: DbOrTx, numbers: string[]): Promise<Map<string, NumberOwner>> {
  if (!numbers.length) return new Map();
  const result = await db.execute(sql`
    SELECT n.number, a.id AS account_id, a.customer_id, a.sms_segment_price, a.mms_message_price
    FROM phone_numbers n JOIN accounts a ON a.id = n.account_id AND a.deleted_at IS NULL
    WHERE n.number IN (SELECT json_array_elements_text(${json(numbers)}))`);
  const rows = rowsOf<{
    number: string;
    account_id: string;
    customer_id: string;
    sms_segment_price: string | number;
    mms_message_price: string | number;
  }>(result);
  return new Map(
    rows.map((r) => [
      r.number,
      {
        number: r.number,
        accountId: r.account_id,
        customerId: r.customer_id,
        smsSegmentPrice: Number(r.sms_segment_price),
        mmsMessagePrice: Number(r.mms_message_price),
      },
    ]),
  );
}

/** The (account, event) pairs some webhook listens to, among these accounts: `${accountId} ${event}`. */
export async function subscriptionsOf(db: DbOrTx, accountIds: string[]): Promise<Set<string>> {
  if (!accountIds.length) return new Set();
  const result = await db.execute(sql`
    SELECT DISTINCT w.account_id::text || ' ' || e AS key FROM webhooks w, unnest(w.events) e
    WHERE w.account_id IN (SELECT json_array_elements_text(${json(accountIds)})::uuid)`);
  return new Set(rowsOf<{ key: string }>(result).map((r) => r.key));
}

// ---------------------------------------------------------------------------------------------
// CDRs

/** A call ready to store: attributed and rated. */
export interface CdrRow {
  call_id: string;
  customer_id: string;
  account_id: string;
  from_number: string;
  to_number: string;
  started_at: string;
  duration_seconds: number;
  status: string;
  direction: string;
  cost: number;
  billed_seconds: number;
}

/**
 * Stores a batch of rated calls in one statement: the calls not seen before (by call id and start) go in,
 * and only those are folded into usage_daily (per UTC day, account, 'Voice': calls, completed,
 * the others, billed seconds, revenue, inbound calls, outbound calls to numbers outside +1). One statement is one transaction: both or neither.
 * Rows go in call-id order (sorted here, cheaper than in SQL) and the rollups in (day, account)
 * order, so concurrent batches lock in the same order. Answers the number of calls inserted.
 */
export async function insertCdrs(db: DbOrTx, rows: CdrRow[]): Promise<number> {
  if (!rows.length) return 0;
  const sorted = [...rows].sort((a, b) => (a.call_id < b.call_id ? -1 : a.call_id > b.call_id ? 1 : 0));
  const result = await db.execute(sql`
    WITH input AS (
      SELECT * FROM json_to_recordset(${json(sorted)}) AS r(
        call_id text, customer_id uuid, account_id uuid, from_number text, to_number text, started_at timestamptz,
        duration_seconds int, status text, direction text, cost numeric, billed_seconds int)
    ), ins AS (
      INSERT INTO cdrs (customer_id, account_id, call_id, from_number, to_number, started_at, duration_seconds, status, direction, cost)
      SELECT customer_id, account_id, call_id, from_number, to_number, started_at, duration_seconds, status, direction, cost
      FROM input
      ON CONFLICT (call_id, started_at) DO NOTHING
      RETURNING call_id, customer_id, account_id, started_at, status, direction, to_number, cost
    ), rollup AS (
      INSERT INTO usage_daily AS u (day, customer_id, account_id, service, volume, succeeded, failed, units, revenue, inbound, international)
      SELECT (ins.started_at AT TIME ZONE 'UTC')::date, ins.customer_id, ins.account_id, 'Voice',
             count(*)::int, (count(*) FILTER (WHERE ins.status = 'Completed'))::int, (count(*) FILTER (WHERE ins.status <> 'Completed'))::int,
             coalesce(sum(input.billed_seconds), 0)::int, round(sum(ins.cost), 4),
             (count(*) FILTER (WHERE ins.direction = 'Inbound'))::int,
             (count(*) FILTER (WHERE ins.direction = 'Outbound' AND ins.to_number NOT LIKE '+1%'))::int
      FROM ins JOIN input ON input.call_id = ins.call_id
      GROUP BY 1, 2, 3 ORDER BY 1, 3
      ON CONFLICT (day, account_id, service) DO UPDATE SET
        volume = u.volume + excluded.volume, succeeded = u.succeeded + excluded.succeeded, failed = u.failed + excluded.failed,
        units = u.units + excluded.units, revenue = u.revenue + excluded.revenue,
        inbound = u.inbound + excluded.inbound, international = u.international + excluded.international
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM ins)::int AS inserted`);
  return Number(rowsOf<{ inserted: number }>(result)[0]?.inserted ?? 0);
}

// ---------------------------------------------------------------------------------------------
// Message status events

export interface MessageState {
  id: number;
  /** Its sent time to the millisecond (ISO 8601): with the id, it finds the message in its month. */
  sent_at: string;
  message_id: string;
  customer_id: string;
  account_id: string;
  status: string;
  request_id: string | null;
}

/**
 * The messages these events name, locked until the batch commits (in id order, as every batch
 * locks them). The moves are applied by messaging's applyMessageMoves (events, statuses, rollups).
 */
export async function lockMessages(db: DbOrTx, messageIds: string[]): Promise<Map<string, MessageState>> {
  if (!messageIds.length) return new Map();
  const result = await db.execute(sql`
    SELECT id, to_char(date_trunc('milliseconds', sent_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS sent_at,
           message_id, customer_id, account_id, status, request_id
    FROM messages WHERE message_id IN (SELECT json_array_elements_text(${json(messageIds)}))
    ORDER BY id FOR UPDATE`);
  return new Map(rowsOf<MessageState>(result).map((r) => [r.message_id, { ...r, id: Number(r.id) }] as const));
}

// ---------------------------------------------------------------------------------------------
// Inbound messages

export interface InboundRow {
  message_id: string;
  customer_id: string;
  account_id: string;
  from_number: string;
  to_number: string;
  type: string;
  segments: number;
  cost: number;
  sent_at: string;
  body: string;
}

/**
 * Stores a batch of inbound messages in one statement: the ones not seen before (by message id)
 * go in as Inbound/Delivered with a delivery event, folded into usage_daily ('SMS': messages,
 * delivered, segments, revenue, inbound messages). Answers the messages inserted (their row and public ids).
 */
export async function insertInbound(db: DbOrTx, rows: InboundRow[]): Promise<{ id: number; messageId: string }[]> {
  if (!rows.length) return [];
  const sorted = [...rows].sort((a, b) => (a.message_id < b.message_id ? -1 : a.message_id > b.message_id ? 1 : 0));
  const result = await db.execute(sql`
    WITH input AS (
      SELECT * FROM json_to_recordset(${json(sorted)}) AS r(
        message_id text, customer_id uuid, account_id uuid, from_number text, to_number text, type text, segments int,
        cost numeric, sent_at timestamptz, body text)
    ), ins AS (
      INSERT INTO messages (customer_id, account_id, message_id, from_number, to_number, type, direction, status, segments, cost, sent_at, body, updated_at)
      SELECT customer_id, account_id, message_id, from_number, to_number, type, 'Inbound', 'Delivered', segments, cost, sent_at, nullif(body, ''), now()
      FROM input
      ON CONFLICT (message_id, sent_at) DO NOTHING
      RETURNING id, message_id, customer_id, account_id, sent_at, segments, cost
    ), ev AS (
      INSERT INTO message_events (message_id, status, detail, created_at)
      SELECT id, 'Delivered', 'Received from the carrier', sent_at FROM ins
      RETURNING 1
    ), rollup AS (
      INSERT INTO usage_daily AS u (day, customer_id, account_id, service, volume, succeeded, failed, units, revenue, inbound)
      SELECT (sent_at AT TIME ZONE 'UTC')::date, customer_id, account_id, 'SMS', count(*)::int, count(*)::int, 0, sum(segments)::int,
             round(sum(cost), 4), count(*)::int
      FROM ins GROUP BY 1, 2, 3 ORDER BY 1, 3
      ON CONFLICT (day, account_id, service) DO UPDATE SET
        volume = u.volume + excluded.volume, succeeded = u.succeeded + excluded.succeeded,
        units = u.units + excluded.units, revenue = u.revenue + excluded.revenue, inbound = u.inbound + excluded.inbound
      RETURNING 1
    )
    SELECT id, message_id FROM ins`);
  return rowsOf<{ id: number | string; message_id: string }>(result).map((r) => ({ id: Number(r.id), messageId: r.message_id }));
}
