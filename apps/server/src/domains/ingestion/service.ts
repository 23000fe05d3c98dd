/**
 * Platform ingestion (issue 10, decision 0043): the provider's own switch and SMS gateway post
 * batches of call records, message status events and inbound messages to /ingest/v1 with a
 * platform token (staff-level, shown once, kept as its SHA-256). Records land in the tables the
 * screens read, are rated and folded into usage_daily as they enter, and fire the webhooks.
 * Each batch is written set-based: one statement per table, never one per record.
 */
import { randomInt } from 'node:crypto';
import {
  PLATFORM_TOKEN_DISPLAY_CHARS,
  PLATFORM_TOKEN_PATTERN,
  PLATFORM_TOKEN_PREFIX,
  type TIngestCdrsResult,
  type TIngestInboundMessagesResult,
  type TIngestMessageEventsResult,
  type TPlatformToken,
  type TPlatformTokenCreated,
  type ZIngestCdrsBody,
  type ZIngestInboundMessagesBody,
  type ZIngestMessageEventsBody,
  type ZPlatformTokenBody,
} from '@portal/contract/ingestion';
import { messageCost, messageSegments, type TMessageStatus } from '@portal/contract/messaging';
import type { TApiMessage } from '@portal/contract/messaging-sending';
import type { z } from 'zod';
import { type Ctx, inTransaction, type SystemActor } from '../../lib/context.ts';
import { AppError, invalid, notFound } from '../../lib/errors.ts';
import { sha256 } from '../../lib/tokens.ts';
import { auditFor } from '../audit/service.ts';
import { deckIdsForAccounts, rateCall, raterOf } from '../billing/service.ts';
import { blockedAmong, countBlocks } from '../compliance/service.ts';
import { applyInboundKeyword, applyMessageMoves, getApiMessages, type MessageFinal } from '../messaging/service.ts';
import { emitWebhookEvents } from '../webhooks/service.ts';
import * as repo from './repo.ts';

const audit = auditFor('platform_token');

type DeckRater = Awaited<ReturnType<typeof raterOf>>;

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

// ---------------------------------------------------------------------------------------------
// Platform tokens

/** A new token: plt_ and 40 random base62 characters (about 238 bits). */
function newToken(): string {
  let token = PLATFORM_TOKEN_PREFIX;
  for (let i = 0; i < 40; i++) token += BASE62[randomInt(BASE62.length)];
  return token;
}

type TokenRow = NonNullable<Awaited<ReturnType<typeof repo.tokenById>>>;
const toToken = (r: TokenRow): TPlatformToken => ({
  id: r.id,
  name: r.name,
  displayPrefix: r.displayPrefix,
  createdAt: r.createdAt.toISOString(),
  lastUsedAt: iso(r.lastUsedAt),
  revokedAt: iso(r.revokedAt),
});

export async function listTokens(ctx: Ctx): Promise<TPlatformToken[]> {
  return (await repo.listTokens(ctx.db)).map(toToken);
}

async function getToken(ctx: Ctx, id: string): Promise<TPlatformToken> {
  const row = await repo.tokenById(ctx.db, id);
  if (!row) throw notFound('Platform token');
  return toToken(row);
}

/** Creates a token: stored as its SHA-256 hash, shown whole once in this answer. */
export async function createToken(ctx: Ctx, body: z.output<typeof ZPlatformTokenBody>): Promise<TPlatformTokenCreated> {
  const token = newToken();
  const displayPrefix = token.slice(0, PLATFORM_TOKEN_DISPLAY_CHARS);
  const createdBy = ctx.actor?.type === 'user' ? ctx.actor.userId : null;
  const id = await inTransaction(ctx, async (tx) => {
    if (await repo.tokenNameTaken(tx.db, body.name)) throw invalid({ name: `A live platform token is already named ${body.name}` });
    const id = await repo.insertToken(tx.db, { name: body.name, tokenHash: sha256(token), displayPrefix, createdBy });
    await audit(tx, 'platform.token.create', { id }, `Created platform token ${body.name} (${displayPrefix}…)`, {
      after: { name: body.name, displayPrefix },
    });
    return id;
  });
  return { ...(await getToken(ctx, id)), token };
}

/** Revokes a token: the next request with it is refused (the check reads the database every time). */
export async function revokeToken(ctx: Ctx, id: string): Promise<TPlatformToken> {
  const before = await getToken(ctx, id);
  await inTransaction(ctx, async (tx) => {
    if (!(await repo.revokeToken(tx.db, id, new Date())))
      throw invalid({ id: 'The platform token is already revoked' }, 'The platform token is already revoked');
    await audit(tx, 'platform.token.revoke', { id }, `Revoked platform token ${before.name} (${before.displayPrefix}…)`, {
      before: { revokedAt: null },
      after: { revoked: true },
    });
  });
  return getToken(ctx, id);
}

export const TOKEN_ERRORS = {
  missing: 'Send your platform token as "Authorization: Bearer <token>"',
  invalid: 'The platform token is not valid',
  revoked: 'The platform token has been revoked',
};

/**
 * The actor a presented platform token stands for, or a 401. One statement a request (which also
 * writes the token's last use, at most once a minute), so a revoked token is refused at once.
 */
export async function authenticatePlatformToken(ctx: Ctx, presented: string | null): Promise<SystemActor> {
  if (!presented) throw new AppError(401, 'UNAUTHORIZED', TOKEN_ERRORS.missing);
  const row = PLATFORM_TOKEN_PATTERN.test(presented) ? await repo.checkToken(ctx.db, sha256(presented)) : undefined;
  if (!row) throw new AppError(401, 'UNAUTHORIZED', TOKEN_ERRORS.invalid);
  if (row.revoked) throw new AppError(401, 'UNAUTHORIZED', TOKEN_ERRORS.revoked);
  return { type: 'system', name: `platform:${row.name}` };
}

// ---------------------------------------------------------------------------------------------
// CDRs

/** The raters of these accounts' decks (each account's own, its customer's or the default). */
async function ratersOf(ctx: Ctx, accountIds: string[]): Promise<Map<string, DeckRater | null>> {
  const deckIds = await deckIdsForAccounts(ctx.db, accountIds);
  const raters = new Map<string, DeckRater>();
  for (const deckId of new Set(deckIds.values())) if (deckId) raters.set(deckId, await raterOf(ctx.db, deckId));
  return new Map(accountIds.map((id) => [id, raters.get(deckIds.get(id) ?? '') ?? null]));
}

/**
 * A batch of call records from the switch. Each call belongs to the account holding the
 * customer's side (`from` outbound, `to` inbound); a number no account holds rejects that record
 * alone. Calls are rated as they enter with the account's deck (a call that did not complete has
 * no billed time), stored once by call id, and only the new ones are folded into usage_daily.
 */
export async function ingestCdrs(ctx: Ctx, body: z.output<typeof ZIngestCdrsBody>): Promise<TIngestCdrsResult> {
  const records = body.records;
  const sideOf = (r: (typeof records)[number]) => (r.direction === 'Outbound' ? r.from : r.to);
  const owners = await repo.ownersOf(ctx.db, [...new Set(records.map(sideOf))]);
  const raters = await ratersOf(ctx, [...new Set([...owners.values()].map((o) => o.accountId))]);
  const dno = await dnoListed(ctx, records, owners, sideOf);
  const refused: DnoRefusal[] = [];
  const rejected: TIngestCdrsResult['rejected'] = [];
  const rows: repo.CdrRow[] = [];
  const seen = new Set<string>();
  let repeated = 0;
  records.forEach((r, index) => {
    const number = sideOf(r);
    const owner = owners.get(number);
    if (!owner) {
      rejected.push({
        index,
        callId: r.callId,
        message: `No account holds ${number} (the ${r.direction === 'Outbound' ? 'caller' : 'called number'})`,
      });
      return;
    }
    if (seen.has(r.callId)) {
      repeated++;
      return;
    }
    seen.add(r.callId);
    const startedAt = new Date(r.startedAt);
    const listed = dno.get(`${owner.customerId} ${r.from}`);
    if (listed) {
      refused.push({ customerId: owner.customerId, at: startedAt });
      rejected.push(dnoRejection(index, r, listed.number));
      return;
    }
    const rater = raters.get(owner.accountId);
    const durationSeconds = r.status === 'Completed' ? r.durationSeconds : 0;
    const rated = rater
      ? rateCall(rater, { direction: r.direction, toNumber: r.to, startedAt, durationSeconds })
      : { cost: 0, billedSeconds: 0 };
    rows.push({
      call_id: r.callId,
      customer_id: owner.customerId,
      account_id: owner.accountId,
      from_number: r.from,
      to_number: r.to,
      started_at: startedAt.toISOString(),
      duration_seconds: r.durationSeconds,
      status: r.status,
      direction: r.direction,
      cost: rated.cost,
      billed_seconds: rated.billedSeconds,
    });
  });
  const accepted = await storeCdrs(ctx, rows, refused);
  return { accepted, duplicates: repeated + rows.length - accepted, rejected };
}

// The FCC's Do Not Originate rule at ingestion: a call whose calling number is on its customer's
// DNO list (the number or its area-code block) is refused, not stored, and counted.

type DnoRefusal = { customerId: string; at: Date };

/** The DNO entries covering the batch's calling numbers, each on its call's customer's list: one query for the batch. */
async function dnoListed<R extends { from: string }>(
  ctx: Ctx,
  records: R[],
  owners: Map<string, repo.NumberOwner>,
  sideOf: (r: R) => string,
) {
  const candidates = records.flatMap((r) => {
    const owner = owners.get(sideOf(r));
    return owner ? [{ customerId: owner.customerId, number: r.from }] : [];
  });
  return blockedAmong(ctx, 'DNO', candidates);
}

const dnoRejection = (index: number, r: { callId: string; from: string }, entry: string) => ({
  index,
  callId: r.callId,
  message:
    entry === r.from
      ? `${r.from} is on the customer's Do Not Originate (DNO) list`
      : `${r.from} is on the customer's Do Not Originate (DNO) list (the block ${entry})`,
  code: 'DNO_LISTED' as const,
});

/** The batch's calls and the count of the DNO refusals, in one transaction. */
async function storeCdrs(ctx: Ctx, rows: repo.CdrRow[], refused: DnoRefusal[]): Promise<number> {
  if (!refused.length) return repo.insertCdrs(ctx.db, rows);
  return inTransaction(ctx, async (tx) => {
    const accepted = await repo.insertCdrs(tx.db, rows);
    await countBlocks(
      tx,
      refused.map((b) => ({ ...b, listType: 'DNO' as const })),
    );
    return accepted;
  });
}

// ---------------------------------------------------------------------------------------------
// Message status events

/** How far along a message is: it only moves forward (Queued → Sent → Delivered or Failed). */
const STAGE: Record<TMessageStatus, number> = { Queued: 0, Sent: 1, Delivered: 2, Failed: 2 };
const DEFAULT_DETAIL: Record<'Sent' | 'Delivered' | 'Failed', string> = {
  Sent: 'Handed to the carrier',
  Delivered: 'Delivered to the handset',
  Failed: 'Reported failed by the carrier',
};

/**
 * A batch of delivery reports from the gateway. Events are taken in time order (then the batch's
 * order); only forward moves apply, a repeated or backward one is counted as ignored, and an
 * unknown message rejects that event alone. Applied moves write delivery events, set the message's
 * status (a failed message costs nothing), adjust the SMS rollup of the message's day (outcome,
 * revenue, an outbound message's delivery latency: messaging's applyMessageMoves, the statement the
 * sandbox carrier uses) and fire message.delivered / message.failed, as the sandbox carrier does.
 */
export async function ingestMessageEvents(ctx: Ctx, body: z.output<typeof ZIngestMessageEventsBody>): Promise<TIngestMessageEventsResult> {
  const events = body.events;
  return inTransaction(ctx, async (tx) => {
    const states = await repo.lockMessages(tx.db, [...new Set(events.map((e) => e.messageId))]);
    const rejected: TIngestMessageEventsResult['rejected'] = [];
    const known: { e: (typeof events)[number]; index: number; at: number }[] = [];
    events.forEach((e, index) => {
      if (states.has(e.messageId)) known.push({ e, index, at: Date.parse(e.at) });
      else rejected.push({ index, messageId: e.messageId, message: `No message ${e.messageId}` });
    });
    known.sort((a, b) => a.at - b.at || a.index - b.index);

    const status = new Map<string, { status: TMessageStatus; at: string }>();
    const applied: { message_id: number; status: string; detail: string | null; at: string }[] = [];
    let ignored = 0;
    for (const { e } of known) {
      const m = states.get(e.messageId) as repo.MessageState;
      const now = status.get(e.messageId)?.status ?? (m.status as TMessageStatus);
      if (STAGE[e.status] <= STAGE[now]) {
        ignored++;
        continue;
      }
      const at = new Date(e.at).toISOString();
      status.set(e.messageId, { status: e.status, at });
      applied.push({ message_id: m.id, status: e.status, detail: e.detail ?? DEFAULT_DETAIL[e.status], at });
    }

    const finals: MessageFinal[] = [];
    const ended: { m: repo.MessageState; status: 'Delivered' | 'Failed' }[] = [];
    for (const [messageId, { status: final, at }] of status) {
      const m = states.get(messageId) as repo.MessageState;
      finals.push({ id: m.id, sent_at: m.sent_at, status: final, at });
      if (final === 'Delivered' || final === 'Failed') ended.push({ m, status: final });
    }
    await applyMessageMoves(tx, { events: applied, finals });

    const subscribed = await repo.subscriptionsOf(tx.db, [...new Set(ended.map(({ m }) => m.account_id))]);
    const firing = ended.flatMap(({ m, status: final }) => {
      const event = final === 'Delivered' ? 'message.delivered' : 'message.failed';
      return subscribed.has(`${m.account_id} ${event}`) ? [{ m, event } as const] : [];
    });
    const payloads = await getApiMessages(
      tx,
      firing.map(({ m }) => m.message_id),
    );
    await emitWebhookEvents(
      tx,
      firing.map(({ m, event }) => ({
        customerId: m.customer_id,
        accountId: m.account_id,
        event,
        payload: payloads.get(m.message_id) as TApiMessage,
        requestId: m.request_id,
      })),
    );
    return { applied: applied.length, ignored, rejected };
  });
}

// ---------------------------------------------------------------------------------------------
// Inbound messages

/**
 * A batch of inbound messages from the gateway. Each belongs to the account holding `to` (an
 * unknown number rejects that message alone); stored once by message id as Inbound/Delivered with
 * its segments and cost at the account's prices, folded into usage_daily; STOP and START (and
 * their synonyms) update the account's opt-out ledger in the order received; message.received
 * fires for the new ones.
 */
export async function ingestInboundMessages(
  ctx: Ctx,
  body: z.output<typeof ZIngestInboundMessagesBody>,
): Promise<TIngestInboundMessagesResult> {
  const messages = body.messages;
  const owners = await repo.ownersOf(ctx.db, [...new Set(messages.map((m) => m.to))]);
  const rejected: TIngestInboundMessagesResult['rejected'] = [];
  const rows: (repo.InboundRow & { index: number; at: number })[] = [];
  const seen = new Set<string>();
  let repeated = 0;
  messages.forEach((m, index) => {
    const owner = owners.get(m.to);
    if (!owner) {
      rejected.push({ index, messageId: m.messageId, message: `No account holds ${m.to}` });
      return;
    }
    if (seen.has(m.messageId)) {
      repeated++;
      return;
    }
    seen.add(m.messageId);
    const segments = m.type === 'MMS' ? 1 : Math.max(1, messageSegments(m.body).segments);
    const receivedAt = new Date(m.receivedAt);
    rows.push({
      index,
      at: receivedAt.getTime(),
      message_id: m.messageId,
      customer_id: owner.customerId,
      account_id: owner.accountId,
      from_number: m.from,
      to_number: m.to,
      type: m.type,
      segments,
      cost: messageCost(m.type, segments, owner),
      sent_at: receivedAt.toISOString(),
      body: m.body,
    });
  });

  return inTransaction(ctx, async (tx) => {
    const inserted = await repo.insertInbound(
      tx.db,
      rows.map(({ index: _i, at: _a, ...row }) => row),
    );
    const isNew = new Set(inserted.map((m) => m.messageId));
    const fresh = rows.filter((r) => isNew.has(r.message_id)).sort((a, b) => a.at - b.at || a.index - b.index);
    let optedOut = 0;
    let optedIn = 0;
    for (const r of fresh) {
      const outcome = await applyInboundKeyword(tx, {
        customerId: r.customer_id,
        accountId: r.account_id,
        from: r.from_number,
        body: r.body,
      });
      if (outcome === 'opted-out') optedOut++;
      else if (outcome === 'opted-in') optedIn++;
    }
    const subscribed = await repo.subscriptionsOf(tx.db, [...new Set(fresh.map((r) => r.account_id))]);
    const firing = fresh.filter((r) => subscribed.has(`${r.account_id} message.received`));
    const payloads = await getApiMessages(
      tx,
      firing.map((r) => r.message_id),
    );
    await emitWebhookEvents(
      tx,
      firing.map((r) => ({
        customerId: r.customer_id,
        accountId: r.account_id,
        event: 'message.received' as const,
        payload: payloads.get(r.message_id) as TApiMessage,
        requestId: null,
      })),
    );
    return { accepted: inserted.length, duplicates: repeated + rows.length - inserted.length, rejected, optedOut, optedIn };
  });
}
