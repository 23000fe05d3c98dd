import { randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { TWebhookEvent } from '@portal/contract/api-access';
import type { TPage } from '@portal/contract/common';
import {
  RETRY_SCHEDULE_SECONDS,
  type TListDeliveriesQuery,
  type TListWebhooksQuery,
  type TReplayBody,
  type TReplayResult,
  type TTestResult,
  type TWebhook,
  type TWebhookCreated,
  type TWebhookDelivery,
  type TWebhookDeliveryState,
  type TWebhookSecret,
  type ZWebhookBody,
} from '@portal/contract/webhooks';
import type { z } from 'zod';
import type { webhooks } from '../../db/schema/index.ts';
import { enqueue } from '../../jobs/queue.ts';
import { type Ctx, inTransaction, ownCustomer } from '../../lib/context.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { findAccountInScope, resolveListScope } from '../../lib/list-scope.ts';
import { pageOf } from '../../lib/paging.ts';
import { type CheckedTarget, checkWebhookTarget, TargetRefused } from '../../lib/ssrf-guard.ts';
import { newWebhookSecret, signWebhook } from '../../lib/webhook-signing.ts';
import { recordAudit } from '../audit/service.ts';
import { notifyUsers } from '../notifications/service.ts';
import { customerAdminIds } from '../users/service.ts';
import { deliverWebhookJob } from './jobs.ts';
import * as repo from './repo.ts';

// ---------------------------------------------------------------------------------------------
// Time, limits

/** The deliveries' clock: tests replace it (setWebhookClock) to walk the retry schedule without waiting. */
export const clock = { now: (): Date => new Date() };
/** Sets the clock (null: the real time again). For tests. */
export function setWebhookClock(now: (() => Date) | null): void {
  clock.now = now ?? (() => new Date());
}

/** A receiver gets this long to answer. */
export const DELIVERY_TIMEOUT_MS = 15_000;
/** An attempt in progress holds its delivery this long; the sweep takes it again after (a crashed instance). */
const ATTEMPT_LEASE_MS = 2 * 60_000;
/** A webhook failing without a success for this long is set to Error. */
export const FAILING_LIMIT_MS = 5 * 24 * 3600_000;
/** The old secret keeps signing this long after a rotation. */
export const ROTATION_OVERLAP_MS = 24 * 3600_000;
const EXCERPT_CHARS = 500;
const READ_LIMIT_BYTES = 4096;
const USER_AGENT = 'Portal-Webhooks/1.0';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** The delay before the retry after `attemptsMade` failed attempts (±10% jitter), or null when none is left. */
export function retryDelaySeconds(attemptsMade: number, random: () => number = Math.random): number | null {
  const base = RETRY_SCHEDULE_SECONDS[attemptsMade - 1];
  if (base === undefined) return null;
  return base * (0.9 + 0.2 * random());
}

const newEventId = () => `msg_${randomBytes(18).toString('base64url')}`;

// ---------------------------------------------------------------------------------------------
// Views

type ViewRow = NonNullable<repo.WebhookViewRow>;
const toWebhook = (r: ViewRow): TWebhook => ({
  id: r.id,
  customerId: r.customerId,
  accountId: r.accountId,
  accountName: r.accountName,
  name: r.name,
  url: r.url,
  events: r.events as TWebhookEvent[],
  status: r.status,
  createdAt: r.createdAt.toISOString(),
  lastDeliveryAt: iso(r.lastDeliveryAt),
  failingSince: iso(r.failingSince),
});

const toDelivery = (r: repo.DeliveryRow): TWebhookDelivery => ({
  id: r.id,
  event: r.event,
  eventId: r.eventId,
  attempt: r.attempt,
  state: r.state as TWebhookDeliveryState,
  statusCode: r.statusCode,
  durationMs: r.durationMs,
  responseExcerpt: r.responseExcerpt,
  error: r.error,
  nextAttemptAt: r.state === 'pending' ? iso(r.nextAttemptAt) : null,
  createdAt: r.createdAt.toISOString(),
  lastAttemptAt: iso(r.lastAttemptAt),
  requestId: r.requestId,
});

/** What the audit log keeps of a webhook: never its secrets. */
const auditView = (w: { name: string; url: string; events: string[]; status: string; accountId: string }) => ({
  name: w.name,
  url: w.url,
  events: w.events,
  status: w.status,
  accountId: w.accountId,
});

async function viewOf(ctx: Ctx, id: string): Promise<TWebhook> {
  const row = await repo.webhookView(ctx.db, id, ownCustomer(ctx));
  if (!row) throw notFound('Webhook');
  return toWebhook(row);
}

async function rowInScope(ctx: Ctx, id: string) {
  const row = await repo.webhookRow(ctx.db, id, ownCustomer(ctx));
  if (!row) throw notFound('Webhook');
  return row;
}

/**
 * Refuses a target that resolves to a non-public address (or is not https). A name that does not
 * resolve yet is accepted: the receiver may not be deployed; each delivery checks again.
 */
async function checkTargetForSave(ctx: Ctx, url: string): Promise<void> {
  try {
    await checkWebhookTarget(url, { allowPrivate: ctx.config.WEBHOOK_ALLOW_PRIVATE_TARGETS });
  } catch (err) {
    if (err instanceof TargetRefused && err.reason === 'dns') return;
    throw err;
  }
}

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
    await recordAudit(tx, {
      action: 'webhook.create',
      entityType: 'webhook',
      entityId: row.id,
      customerId,
      summary: `Created webhook ${body.name} (${body.url})`,
      after: auditView(row),
    });
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
    await recordAudit(tx, {
      action: 'webhook.update',
      entityType: 'webhook',
      entityId: id,
      customerId: before.customerId,
      summary: `Updated webhook ${after.name}`,
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
    await recordAudit(tx, {
      action: 'webhook.delete',
      entityType: 'webhook',
      entityId: id,
      customerId: before.customerId,
      summary: `Deleted webhook ${before.name} (${before.url})`,
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
    await recordAudit(tx, {
      action: 'webhook.rotate_secret',
      entityType: 'webhook',
      entityId: id,
      customerId: before.customerId,
      summary: `Rotated the signing secret of webhook ${before.name} (the old one signs for 24 hours)`,
    });
  });
  return { secret };
}

// ---------------------------------------------------------------------------------------------
// Sending

type WebhookRow = typeof webhooks.$inferSelect;

/** The secrets that sign now: the current one, and the previous one during its 24 hours. */
export function signingSecrets(w: Pick<WebhookRow, 'secret' | 'previousSecret' | 'previousSecretUntil'>, now: Date): string[] {
  const previous = w.previousSecret && w.previousSecretUntil && w.previousSecretUntil.getTime() > now.getTime() ? [w.previousSecret] : [];
  return [w.secret, ...previous];
}

export interface AttemptOutcome {
  ok: boolean;
  statusCode: number | null;
  durationMs: number;
  responseExcerpt: string | null;
  error: string | null;
}

/** An answer's first characters, as storable text (no NUL). */
const excerptOf = (bytes: Buffer) => new TextDecoder().decode(bytes).replace(/\0/g, '').slice(0, EXCERPT_CHARS) || null;

/** POSTs to the checked address (the name is used for TLS and Host only); never follows redirects. */
function post(target: CheckedTarget, headers: Record<string, string>, body: string): Promise<AttemptOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const pinned: LookupFunction = (_host, options, callback) => {
    const cb = callback as (err: Error | null, address: string | { address: string; family: number }[], family?: number) => void;
    if (options.all) cb(null, [{ address: target.address, family: target.family }]);
    else cb(null, target.address, target.family);
  };
  const mod = target.url.protocol === 'http:' ? http : https;
  return new Promise((resolve) => {
    let done = false;
    const finish = (o: Omit<AttemptOutcome, 'durationMs' | 'ok'>) => {
      if (done) return;
      done = true;
      const ok = o.statusCode !== null && o.statusCode >= 200 && o.statusCode < 300;
      resolve({ ...o, ok, durationMs: elapsed() });
    };
    const signal = AbortSignal.timeout(DELIVERY_TIMEOUT_MS);
    const failure = (err: Error) =>
      signal.aborted ? `Timed out after ${DELIVERY_TIMEOUT_MS} ms` : `${(err as NodeJS.ErrnoException).code ?? 'Error'}: ${err.message}`;
    const req = mod.request(
      {
        method: 'POST',
        hostname: target.hostname,
        port: target.url.port || undefined,
        path: `${target.url.pathname}${target.url.search}`,
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: pinned,
        agent: false,
        signal,
        ...(mod === https && !isIP(target.hostname) ? { servername: target.hostname } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const answer = (error: string | null) =>
          finish({ statusCode: res.statusCode ?? null, responseExcerpt: excerptOf(Buffer.concat(chunks)), error });
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= READ_LIMIT_BYTES) {
            answer(null);
            res.destroy();
          }
        });
        res.on('end', () => answer(null));
        res.on('error', (err) => answer(failure(err)));
        res.on('close', () => answer(null));
      },
    );
    req.on('error', (err) => finish({ statusCode: null, responseExcerpt: null, error: failure(err) }));
    req.end(body);
  });
}

/** One signed POST of a delivery's body to its webhook, the target checked (again) first. */
export async function sendSigned(ctx: Ctx, w: WebhookRow, d: { eventId: string; payload: string }, now: Date): Promise<AttemptOutcome> {
  let target: CheckedTarget;
  try {
    target = await checkWebhookTarget(w.url, { allowPrivate: ctx.config.WEBHOOK_ALLOW_PRIVATE_TARGETS });
  } catch (err) {
    return { ok: false, statusCode: null, durationMs: 0, responseExcerpt: null, error: (err as Error).message };
  }
  const timestamp = Math.floor(now.getTime() / 1000);
  return post(
    target,
    {
      'content-type': 'application/json',
      'user-agent': USER_AGENT,
      'webhook-id': d.eventId,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signWebhook({ id: d.eventId, timestamp, body: d.payload, secrets: signingSecrets(w, now) }),
    },
    d.payload,
  );
}

export interface WebhookEvent {
  customerId: string;
  accountId: string;
  event: TWebhookEvent;
  /** The event's data (the message). */
  payload: Record<string, unknown>;
  /** The public API request that caused it. */
  requestId?: string | null;
}

/** The body every receiver gets: Standard Webhooks' { type, timestamp, data }. */
const eventBody = (event: string, now: Date, data: Record<string, unknown>) =>
  JSON.stringify({ type: event, timestamp: now.toISOString(), data });

/**
 * Records an event for every webhook of the account subscribed to it, inside the caller's
 * transaction: a pending delivery and its job for an Active webhook; a held delivery (kept for
 * replay) for an Inactive or errored one. For the public API and message ingestion.
 */
export async function emitWebhookEvent(tx: Ctx, e: WebhookEvent): Promise<{ queued: number; held: number }> {
  const hooks = await repo.subscribed(tx.db, e.customerId, e.accountId, e.event);
  if (!hooks.length) return { queued: 0, held: 0 };
  const now = clock.now();
  const payload = eventBody(e.event, now, e.payload);
  const rows = await repo.insertDeliveries(
    tx.db,
    hooks.map((w) => ({
      webhookId: w.id,
      event: e.event,
      eventId: newEventId(),
      requestId: e.requestId ?? null,
      payload,
      attempt: 0,
      state: w.status === 'Active' ? 'pending' : 'held',
      nextAttemptAt: w.status === 'Active' ? now : null,
      createdAt: now,
    })),
  );
  let queued = 0;
  for (const d of rows) {
    if (d.state !== 'pending' || !d.nextAttemptAt) continue;
    await enqueue(tx, deliverWebhookJob, { deliveryId: d.id, due: d.nextAttemptAt.toISOString() });
    queued++;
  }
  return { queued, held: rows.length - queued };
}

/** Why a webhook was set to Error, for its notice. */
type ErrorReason = 'gone' | 'exhausted' | 'failing';
const ERROR_REASONS: Record<ErrorReason, string> = {
  gone: 'the endpoint answered 410 Gone',
  exhausted: 'a delivery failed after every retry',
  failing: 'deliveries have failed for five days',
};

async function setError(tx: Ctx, w: WebhookRow, reason: ErrorReason): Promise<void> {
  if (!(await repo.setErrorStatus(tx.db, w.id, clock.now()))) return;
  await recordAudit(tx, {
    action: 'webhook.error',
    entityType: 'webhook',
    entityId: w.id,
    customerId: w.customerId,
    summary: `Webhook ${w.name} set to Error: ${ERROR_REASONS[reason]}`,
    before: { status: w.status },
    after: { status: 'Error' },
  });
  const admins = await customerAdminIds(tx, w.customerId);
  await notifyUsers(tx, admins, {
    type: 'Service',
    title: 'Webhook stopped',
    message: `The webhook "${w.name}" (${w.url}) was set to Error because ${ERROR_REASONS[reason]}. New events are kept; fix the endpoint, set it Active and replay them.`,
    link: '/api',
  });
}

/**
 * Makes the attempt of a delivery that was due at `due` (the job's and the sweep's work): the
 * target checked again, one signed POST, its outcome recorded; a failure schedules the next retry
 * (RETRY_SCHEDULE_SECONDS, ±10%) or, after the last, a 410 Gone or five days of failure, sets the
 * webhook to Error and tells the company's Admins. An attempt already taken, or no longer due at
 * that time (replayed, rescheduled), is left alone.
 */
export async function attemptDelivery(ctx: Ctx, deliveryId: string, due: Date): Promise<TWebhookDeliveryState | null> {
  const current = await repo.deliveryById(ctx.db, deliveryId);
  if (current?.state !== 'pending') return null;
  const w = await repo.webhookRow(ctx.db, current.webhookId);
  if (!w) return null;
  const now = clock.now();
  if (w.status !== 'Active') {
    const held = await repo.holdDue(ctx.db, deliveryId, due);
    return held ? 'held' : null;
  }
  const d = await repo.claimAttempt(ctx.db, deliveryId, due, now, new Date(now.getTime() + ATTEMPT_LEASE_MS));
  if (!d) return null;
  const outcome = await sendSigned(ctx, w, { eventId: d.eventId ?? d.id, payload: d.payload }, now);
  const recorded = {
    statusCode: outcome.statusCode,
    durationMs: outcome.durationMs,
    responseExcerpt: outcome.responseExcerpt,
    error: outcome.error ?? (outcome.ok ? null : `HTTP ${outcome.statusCode}`),
  };
  return inTransaction(ctx, async (tx) => {
    const after = clock.now();
    if (outcome.ok) {
      await repo.updateDelivery(tx.db, d.id, { ...recorded, state: 'succeeded', nextAttemptAt: null });
      if (w.consecutiveFailures || w.failingSince) await repo.updateWebhook(tx.db, w.id, { consecutiveFailures: 0, failingSince: null });
      return 'succeeded';
    }
    const failingSince = (await repo.recordFailure(tx.db, w.id, now))?.failingSince ?? now;
    const delay = retryDelaySeconds(d.attempt);
    const reason: ErrorReason | null =
      outcome.statusCode === 410
        ? 'gone'
        : after.getTime() - failingSince.getTime() >= FAILING_LIMIT_MS
          ? 'failing'
          : delay === null
            ? 'exhausted'
            : null;
    if (reason || delay === null) {
      await repo.updateDelivery(tx.db, d.id, { ...recorded, state: 'failed', nextAttemptAt: null });
      if (reason) await setError(tx, w, reason);
      return 'failed';
    }
    const next = new Date(after.getTime() + Math.round(delay * 1000));
    await repo.updateDelivery(tx.db, d.id, { ...recorded, state: 'pending', nextAttemptAt: next });
    await enqueue(tx, deliverWebhookJob, { deliveryId: d.id, due: next.toISOString() }, { delaySeconds: Math.max(1, Math.ceil(delay)) });
    return 'pending';
  });
}

/**
 * Attempts every pending delivery due by `now` (a few at a time): the safety net behind the jobs
 * (a lost job, a crashed attempt whose lease ran out), and how tests walk the schedule.
 */
export async function deliverDue(ctx: Ctx, now: Date = clock.now(), limit = 200): Promise<number> {
  const due = await repo.dueDeliveries(ctx.db, now, limit);
  let attempted = 0;
  for (let i = 0; i < due.length; i += 5) {
    const batch = due.slice(i, i + 5);
    const states = await Promise.all(batch.map((d) => (d.nextAttemptAt ? attemptDelivery(ctx, d.id, d.nextAttemptAt) : null)));
    attempted += states.filter((s) => s === 'succeeded' || s === 'failed' || s === 'pending').length;
  }
  return attempted;
}

/** Sends a sample message.delivered event now and answers what the receiver said (recorded in the log, no retries). */
export async function testWebhook(ctx: Ctx, id: string): Promise<TTestResult> {
  const w = await rowInScope(ctx, id);
  const now = clock.now();
  const eventId = newEventId();
  const payload = eventBody('message.delivered', now, {
    message_id: `SM${randomBytes(16).toString('hex')}`,
    from: '+12125550100',
    to: '+12125550199',
    status: 'Delivered',
    test: true,
  });
  const outcome = await sendSigned(ctx, w, { eventId, payload }, now);
  const error = outcome.error ?? (outcome.ok ? null : `HTTP ${outcome.statusCode}`);
  await inTransaction(ctx, async (tx) => {
    const [row] = await repo.insertDeliveries(tx.db, [
      {
        webhookId: w.id,
        event: 'message.delivered',
        eventId,
        requestId: ctx.origin.requestId,
        payload,
        attempt: 1,
        state: outcome.ok ? 'succeeded' : 'failed',
        statusCode: outcome.statusCode,
        durationMs: outcome.durationMs,
        responseExcerpt: outcome.responseExcerpt,
        error,
        lastAttemptAt: now,
        nextAttemptAt: null,
        createdAt: now,
      },
    ]);
    await recordAudit(tx, {
      action: 'webhook.test',
      entityType: 'webhook',
      entityId: w.id,
      customerId: w.customerId,
      summary: `Sent a test event to webhook ${w.name}: ${outcome.statusCode ?? error}`,
      after: { deliveryId: row?.id, statusCode: outcome.statusCode, durationMs: outcome.durationMs },
    });
  });
  return { statusCode: outcome.statusCode, durationMs: outcome.durationMs, ok: outcome.ok, error };
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
    await recordAudit(tx, {
      action: 'webhook.replay',
      entityType: 'webhook',
      entityId: w.id,
      customerId: w.customerId,
      summary: `Replayed the ${d.event} event ${d.eventId ?? d.id} to webhook ${w.name}`,
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
    await recordAudit(tx, {
      action: 'webhook.replay_all',
      entityType: 'webhook',
      entityId: w.id,
      customerId: w.customerId,
      summary: `Replayed ${rows.length} failed or held event${rows.length === 1 ? '' : 's'} since ${since.toISOString()} to webhook ${w.name}`,
      after: { since: since.toISOString(), queued: rows.length },
    });
    return { queued: rows.length };
  });
}
