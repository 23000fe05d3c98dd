import { randomBytes } from 'node:crypto';
import { DEFAULT_MESSAGING_PRICES, messageCost, messageSegments } from '@portal/contract/messaging';
import { SANDBOX_FAILING_NUMBERS, type TApiMessage, type ZSendMessageBody } from '@portal/contract/messaging-sending';
import type { z } from 'zod';
import { enqueue } from '../../jobs/queue.ts';
import { type Ctx, inTransaction, ownCustomer } from '../../lib/context.ts';
import { AppError, invalid, notFound } from '../../lib/errors.ts';
import { blockedBy } from '../compliance/service.ts';
import { emitWebhookEvent } from '../webhooks/service.ts';
import { simulateDeliveryJob } from './jobs.ts';
import * as repo from './repo.ts';

// Sending (the public API) and the sandbox

type ApiMessageRow = NonNullable<Awaited<ReturnType<typeof repo.messageById>>>;
type ApiMessageEvent = Awaited<ReturnType<typeof repo.eventsOf>>[number];
async function toApiMessage(ctx: Ctx, r: ApiMessageRow): Promise<TApiMessage> {
  return apiMessageOf(r, await repo.eventsOf(ctx.db, r.id));
}
function apiMessageOf(r: ApiMessageRow, events: ApiMessageEvent[]): TApiMessage {
  return {
    id: r.messageId,
    from: r.fromNumber,
    to: r.toNumber,
    body: r.body,
    type: r.type,
    direction: r.direction,
    status: r.status,
    segments: r.segments,
    encoding: r.body && r.type === 'SMS' ? messageSegments(r.body).encoding : null,
    cost: Number(r.cost),
    currency: 'USD',
    campaignId: r.campaignId,
    requestId: r.requestId,
    createdAt: r.sentAt.toISOString(),
    events: events.map((e) => ({ status: e.status, detail: e.detail, at: e.at.toISOString() })),
  };
}

/** A message of the caller's scope by its public id (SM…), with its delivery events. */
export async function getApiMessage(ctx: Ctx, messageId: string): Promise<TApiMessage> {
  const actor = ctx.actor;
  const scope = { customerId: ownCustomer(ctx), accountId: actor?.type === 'apiKey' ? actor.accountId : null };
  const row = await repo.messageByPublicId(ctx.db, messageId, scope);
  if (!row) throw notFound('Message');
  return toApiMessage(ctx, row);
}

/** Messages read together, two statements for a thousand. */
const READ_CHUNK = 1000;

/** getApiMessage for many (a batch of delivery reports' webhooks), by public id; any not found is a 404. */
export async function getApiMessages(ctx: Ctx, messageIds: string[]): Promise<Map<string, TApiMessage>> {
  const actor = ctx.actor;
  const scope = { customerId: ownCustomer(ctx), accountId: actor?.type === 'apiKey' ? actor.accountId : null };
  const unique = [...new Set(messageIds)];
  const found = new Map<string, TApiMessage>();
  for (let i = 0; i < unique.length; i += READ_CHUNK) {
    const rows = await repo.messagesByPublicIds(ctx.db, unique.slice(i, i + READ_CHUNK), scope);
    const events = new Map<number, ApiMessageEvent[]>();
    for (const e of await repo.eventsOfMessages(
      ctx.db,
      rows.map((r) => r.id),
    )) {
      const list = events.get(e.messageId);
      if (list) list.push(e);
      else events.set(e.messageId, [e]);
    }
    for (const r of rows) found.set(r.messageId, apiMessageOf(r, events.get(r.id) ?? []));
  }
  if (unique.some((id) => !found.has(id))) throw notFound('Message');
  return found;
}

const refuse = (code: 'OPTED_OUT' | 'DNC_LISTED' | 'SENDER_NOT_ALLOWED', message: string, field: string) =>
  new AppError(422, code, message, { [field]: message });

/**
 * Sends a message from the key's account: `from` must be the account's toll-free number or a
 * local number linked to an approved campaign; `to` may be on neither the DNC list nor the
 * account's opt-out ledger. Recorded as Queued with its segments and cost, and folded into the
 * day's SMS rollup in the same statement; the sandbox (or a carrier) moves it on. Runs in the
 * caller's transaction (the idempotency record commits with it).
 */
export async function sendMessage(tx: Ctx, body: z.output<typeof ZSendMessageBody>): Promise<TApiMessage> {
  const actor = tx.actor;
  if (actor?.type !== 'apiKey' || !actor.accountId) throw new AppError(403, 'FORBIDDEN', 'Messages are sent with an API key of an account');
  const accountId = actor.accountId;
  const sender = await repo.senderNumber(tx.db, accountId, body.from);
  if (!sender) throw refuse('SENDER_NOT_ALLOWED', `${body.from} is not a number of this account`, 'from');
  if (!sender.features?.includes('SMS')) throw refuse('SENDER_NOT_ALLOWED', `${body.from} is not enabled for messaging`, 'from');
  if (sender.type !== 'TFN' && sender.campaignStatus !== 'Approved')
    throw refuse('SENDER_NOT_ALLOWED', `${body.from} is not linked to an approved 10DLC campaign`, 'from');
  if (!body.body && !body.mediaUrls.length) throw invalid({ body: 'Send a body or media' });
  if (await blockedBy(tx, actor.customerId, body.to, 'DNC')) throw refuse('DNC_LISTED', `${body.to} is on your Do Not Contact list`, 'to');
  if (await repo.optOutOf(tx.db, accountId, body.to))
    throw refuse('OPTED_OUT', `${body.to} has opted out of messages from this account`, 'to');
  const type = body.mediaUrls.length ? 'MMS' : 'SMS';
  const segments = type === 'MMS' ? 1 : Math.max(1, messageSegments(body.body).segments);
  const prices = (await repo.accountPrices(tx.db, accountId)) ?? DEFAULT_MESSAGING_PRICES;
  const now = new Date();
  const id = await repo.insertSentMessage(
    tx.db,
    {
      customerId: actor.customerId,
      accountId,
      messageId: `SM${randomBytes(16).toString('hex')}`,
      fromNumber: body.from,
      toNumber: body.to,
      type,
      direction: 'Outbound',
      status: 'Queued',
      segments,
      cost: messageCost(type, segments, prices),
      sentAt: now,
      campaignId: sender.type === 'TFN' ? null : sender.campaignId,
      body: body.body || null,
      requestId: tx.origin.requestId,
      apiKeyId: actor.keyId,
      updatedAt: now,
    },
    { status: 'Queued', detail: 'Accepted by the API' },
  );
  // no carrier is configured in this installation: the sandbox delivers every message
  await enqueue(tx, simulateDeliveryJob, { id }, { delaySeconds: 1 });
  const row = await repo.messageById(tx.db, id);
  return toApiMessage(tx, row as ApiMessageRow);
}

export type MessageFinal = repo.MessageFinal;

/**
 * A batch of status moves of messages (platform ingestion's delivery reports, the sandbox
 * carrier), in the caller's transaction: the delivery events, the messages' statuses and the SMS
 * rollups of those that reached Delivered or Failed (outcome, revenue back for a failure, latency).
 */
export async function applyMessageMoves(tx: Ctx, moves: { events: repo.MessageMove[]; finals: repo.MessageFinal[] }) {
  await repo.applyMessageMoves(tx.db, moves.events, moves.finals);
}

/**
 * The sandbox carrier: Queued → Sent → Delivered, or Failed for the documented failing numbers
 * (+1 500 555 0001 to 0009). Each step is a delivery event; the final one is folded into the
 * rollups (as ingestion's delivery reports are) and fires the webhooks.
 */
export async function simulateDelivery(ctx: Ctx, id: number): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    // locked, so a second run of the job (or a delivery report) cannot move it twice
    const m = await repo.messageById(tx.db, id, { lock: true });
    if (m?.status !== 'Queued') return;
    const now = new Date();
    const failed = SANDBOX_FAILING_NUMBERS.test(m.toNumber);
    const final = failed ? 'Failed' : 'Delivered';
    const finalAt = new Date(now.getTime() + 1).toISOString();
    await applyMessageMoves(tx, {
      events: [
        { message_id: id, status: 'Sent', detail: 'Handed to the sandbox carrier', at: now.toISOString() },
        {
          message_id: id,
          status: final,
          detail: failed ? 'Unreachable destination (sandbox failing number)' : 'Delivered to the handset',
          at: finalAt,
        },
      ],
      finals: [{ id, sent_at: m.sentAt.toISOString(), status: final, at: finalAt }],
    });
    const after = await repo.messageById(tx.db, id);
    await emitWebhookEvent(tx, {
      customerId: m.customerId,
      accountId: m.accountId,
      event: failed ? 'message.failed' : 'message.delivered',
      payload: await toApiMessage(tx, after as ApiMessageRow),
      requestId: m.requestId,
    });
  });
}
