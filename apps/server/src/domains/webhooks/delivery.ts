/** Webhooks: signing and sending deliveries, the retry schedule, Test. */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { TWebhookEvent } from '@portal/contract/api-access';
import type { TTestResult, TWebhookDeliveryState } from '@portal/contract/webhooks';
import type { webhooks } from '../../db/schema/index.ts';
import { enqueue } from '../../jobs/queue.ts';
import { type Ctx, inTransaction } from '../../lib/context.ts';
import { type CheckedTarget, checkWebhookTarget } from '../../lib/ssrf-guard.ts';
import { signWebhook } from '../../lib/webhook-signing.ts';
import { recordAudit } from '../audit/service.ts';
import { notifyUsers } from '../notifications/service.ts';
import { customerAdminIds } from '../users/service.ts';
import {
  ATTEMPT_LEASE_MS,
  clock,
  DELIVERY_TIMEOUT_MS,
  EXCERPT_CHARS,
  FAILING_LIMIT_MS,
  newEventId,
  READ_LIMIT_BYTES,
  retryDelaySeconds,
  rowInScope,
  USER_AGENT,
} from './common.ts';
import { deliverWebhookJob } from './jobs.ts';
import * as repo from './repo.ts';
// ---------------------------------------------------------------------------------------------
// Sending

export type WebhookRow = typeof webhooks.$inferSelect;

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
export const excerptOf = (bytes: Buffer) => new TextDecoder().decode(bytes).replace(/\0/g, '').slice(0, EXCERPT_CHARS) || null;

/** POSTs to the checked address (the name is used for TLS and Host only); never follows redirects. */
export function post(target: CheckedTarget, headers: Record<string, string>, body: string): Promise<AttemptOutcome> {
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
export const eventBody = (event: string, now: Date, data: Record<string, unknown>) =>
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
export type ErrorReason = 'gone' | 'exhausted' | 'failing';
export const ERROR_REASONS: Record<ErrorReason, string> = {
  gone: 'the endpoint answered 410 Gone',
  exhausted: 'a delivery failed after every retry',
  failing: 'deliveries have failed for five days',
};

export async function setError(tx: Ctx, w: WebhookRow, reason: ErrorReason): Promise<void> {
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
    event: 'webhookFailing',
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
