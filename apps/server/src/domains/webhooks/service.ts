import type { TPage } from '@portal/contract/common';
import type {
  TListDeliveriesQuery,
  TListWebhooksQuery,
  TReplayBody,
  TReplayResult,
  TWebhook,
  TWebhookCreated,
  TWebhookDelivery,
  TWebhookSecret,
  ZWebhookBody,
} from '@portal/contract/webhooks';
import type { z } from 'zod';
import { enqueue } from '../../jobs/queue.ts';
import { type Ctx, inTransaction } from '../../lib/context.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { findAccountInScope, resolveListScope } from '../../lib/list-scope.ts';
import { pageOf } from '../../lib/paging.ts';
import { newWebhookSecret } from '../../lib/webhook-signing.ts';
import { auditFor } from '../audit/service.ts';
import { auditView, checkTargetForSave, clock, ROTATION_OVERLAP_MS, rowInScope, toDelivery, toWebhook, viewOf } from './common.ts';
import type { WebhookRow } from './delivery.ts';
import { deliverWebhookJob } from './jobs.ts';
import * as repo from './repo.ts';

const audit = auditFor('webhook');
// ---------------------------------------------------------------------------------------------
// Webhooks

export async function listWebhooks(ctx: Ctx, q: TListWebhooksQuery): Promise<TPage<TWebhook>> {
  const scope = await resolveListScope(ctx, { customerId: q.customerId, accountId: q.accountId });
  const { rows, total } = await repo.listWebhooks(ctx.db, scope, q);
  return pageOf(rows.map(toWebhook), total, q);
}

export const getWebhook = (ctx: Ctx, id: string): Promise<TWebhook> => viewOf(ctx, id);

export async function createWebhook(ctx: Ctx, body: z.output<typeof ZWebhookBody>): Promise<TWebhookCreated> {
  const { customerId, accountId } = await resolveListScope(ctx, { accountId: body.accountId });
  if (!customerId || !accountId) throw notFound('Account');
  await checkTargetForSave(ctx, body.url);
  const secret = newWebhookSecret();
  const id = await inTransaction(ctx, async (tx) => {
    const row = await repo.insertWebhook(tx.db, {
      customerId,
      accountId,
      name: body.name,
      url: body.url,
      events: body.events,
      status: body.status,
      secret,
      updatedAt: clock.now(),
    });
    await audit(tx, 'webhook.create', { id: row.id, customerId }, `Created webhook ${body.name} (${body.url})`, { after: auditView(row) });
    return row.id;
  });
  return { ...(await viewOf(ctx, id)), secret };
}

export async function updateWebhook(ctx: Ctx, id: string, body: z.output<typeof ZWebhookBody>): Promise<TWebhook> {
  const before = await rowInScope(ctx, id);
  if (body.accountId !== before.accountId) {
    const account = await findAccountInScope(ctx.db, body.accountId, before.customerId);
    if (!account) throw notFound('Account');
  }
  if (body.url !== before.url) await checkTargetForSave(ctx, body.url);
  await inTransaction(ctx, async (tx) => {
    // Setting an errored webhook Active again starts its failure count afresh.
    const revived = body.status === 'Active' && before.status !== 'Active';
    const after = await repo.updateWebhook(tx.db, id, {
      name: body.name,
      url: body.url,
      events: body.events,
      status: body.status,
      accountId: body.accountId,
      updatedAt: clock.now(),
      ...(revived ? { consecutiveFailures: 0, failingSince: null } : {}),
    });
    if (!after) throw notFound('Webhook');
    await audit(tx, 'webhook.update', before, `Updated webhook ${after.name}`, {
      before: auditView(before),
      after: auditView(after),
    });
  });
  return viewOf(ctx, id);
}

export async function deleteWebhook(ctx: Ctx, id: string): Promise<void> {
  const before = await rowInScope(ctx, id);
  await inTransaction(ctx, async (tx) => {
    const row = await repo.deleteWebhook(tx.db, id);
    if (!row) throw notFound('Webhook');
    await audit(tx, 'webhook.delete', before, `Deleted webhook ${before.name} (${before.url})`, {
      before: auditView(before),
    });
  });
}

/** A new signing secret, shown once; the old one keeps signing beside it for 24 hours. */
export async function rotateSecret(ctx: Ctx, id: string): Promise<TWebhookSecret> {
  const before = await rowInScope(ctx, id);
  const secret = newWebhookSecret();
  const now = clock.now();
  await inTransaction(ctx, async (tx) => {
    await repo.updateWebhook(tx.db, id, {
      secret,
      previousSecret: before.secret,
      previousSecretUntil: new Date(now.getTime() + ROTATION_OVERLAP_MS),
      updatedAt: now,
    });
    await audit(
      tx,
      'webhook.rotate_secret',
      before,
      `Rotated the signing secret of webhook ${before.name} (the old one signs for 24 hours)`,
    );
  });
  return { secret };
}

// ---------------------------------------------------------------------------------------------
// The delivery log, replay

export async function listDeliveries(ctx: Ctx, id: string, q: TListDeliveriesQuery): Promise<TPage<TWebhookDelivery>> {
  const w = await rowInScope(ctx, id);
  const { rows, total } = await repo.listDeliveries(ctx.db, w.id, q);
  return pageOf(rows.map(toDelivery), total, q);
}

function requireActive(w: WebhookRow): void {
  if (w.status !== 'Active') throw conflict('Set the webhook Active before replaying its events', { status: 'The webhook is not Active' });
}

/** Sends one delivery again (a fresh retry schedule), whatever its state. */
export async function replayDelivery(ctx: Ctx, id: string, deliveryId: string): Promise<TWebhookDelivery> {
  const w = await rowInScope(ctx, id);
  const d = await repo.deliveryById(ctx.db, deliveryId, w.id);
  if (!d) throw notFound('Delivery');
  requireActive(w);
  const now = clock.now();
  const row = await inTransaction(ctx, async (tx) => {
    const updated = await repo.updateDelivery(tx.db, d.id, { state: 'pending', attempt: 0, nextAttemptAt: now });
    await enqueue(tx, deliverWebhookJob, { deliveryId: d.id, due: now.toISOString() });
    await audit(tx, 'webhook.replay', w, `Replayed the ${d.event} event ${d.eventId ?? d.id} to webhook ${w.name}`, {
      after: { deliveryId: d.id },
    });
    return updated ?? d;
  });
  return toDelivery(row);
}

/** Queues again every failed or held delivery of the webhook created since a time. */
export async function replaySince(ctx: Ctx, id: string, body: TReplayBody): Promise<TReplayResult> {
  const w = await rowInScope(ctx, id);
  requireActive(w);
  const now = clock.now();
  const since = new Date(body.since);
  return inTransaction(ctx, async (tx) => {
    const rows = await repo.requeueSince(tx.db, w.id, since, now);
    for (const r of rows) await enqueue(tx, deliverWebhookJob, { deliveryId: r.id, due: now.toISOString() });
    await audit(
      tx,
      'webhook.replay_all',
      w,
      `Replayed ${rows.length} failed or held event${rows.length === 1 ? '' : 's'} since ${since.toISOString()} to webhook ${w.name}`,
      { after: { since: since.toISOString(), queued: rows.length } },
    );
    return { queued: rows.length };
  });
}

export * from './common.ts';
export * from './delivery.ts';
