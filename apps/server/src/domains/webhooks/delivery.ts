/** Webhooks: signing and sending deliveries, the retry schedule, Test. */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { TWebhookEvent } from '@portal/contract/api-access';
import type { TTestResult, TWebhookDeliveryState } from '@portal/contract/webhooks';
import type { webhookDeliveries, webhooks } from '../../db/schema/index.ts';
import { enqueue, enqueueMany, wakeWorkers } from '../../jobs/queue.ts';
import { afterCommit, type Ctx, inTransaction } from '../../lib/context.ts';
import { type CheckedTarget, checkWebhookTarget } from '../../lib/ssrf-guard.ts';
import { signWebhook } from '../../lib/webhook-signing.ts';
import { auditFor } from '../audit/service.ts';
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
import { type DeliverWebhookPayload, deliverWebhookJob } from './jobs.ts';
import * as repo from './repo.ts';

const audit = auditFor('webhook');
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

/** The targets checked for one batch of attempts, by URL: each URL is resolved and checked once per batch. */
export type TargetChecks = Map<string, Promise<CheckedTarget>>;

/**
 * One signed POST of a delivery's body to its webhook, the target checked (again) first: at each
 * attempt, or once for all the attempts of one batch to the same URL (`checks`).
 */
export async function sendSigned(
  ctx: Ctx,
  w: WebhookRow,
  d: { eventId: string; payload: string },
  now: Date,
  checks: TargetChecks = new Map(),
): Promise<AttemptOutcome> {
  let target: CheckedTarget;
  try {
    let check = checks.get(w.url);
    if (!check) {
      check = checkWebhookTarget(w.url, { allowPrivate: ctx.config.WEBHOOK_ALLOW_PRIVATE_TARGETS });
      checks.set(w.url, check);
    }
    target = await check;
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
export function emitWebhookEvent(tx: Ctx, e: WebhookEvent): Promise<{ queued: number; held: number }> {
  return emitWebhookEvents(tx, [e]);
}

/** Deliveries written in one statement (a batch of thousands of events stays far below the parameter limit). */
const INSERT_CHUNK = 1000;

/**
 * emitWebhookEvent for many events (a batch of ingested message events): the subscribed webhooks
 * read once, the deliveries inserted and their jobs enqueued in a few statements, in the caller's
 * transaction. Once it commits, this instance's delivery workers are woken (no wait for their poll).
 */
export async function emitWebhookEvents(tx: Ctx, events: WebhookEvent[]): Promise<{ queued: number; held: number }> {
  const hooks = await repo.subscribedToAny(tx.db, [...new Set(events.map((e) => e.accountId))], [...new Set(events.map((e) => e.event))]);
  if (!hooks.length) return { queued: 0, held: 0 };
  const byAccount = new Map<string, WebhookRow[]>();
  for (const w of hooks) byAccount.set(w.accountId, [...(byAccount.get(w.accountId) ?? []), w]);
  const now = clock.now();
  const values: (typeof webhookDeliveries.$inferInsert)[] = [];
  for (const e of events) {
    const mine = (byAccount.get(e.accountId) ?? []).filter((w) => w.customerId === e.customerId && w.events.includes(e.event));
    if (!mine.length) continue;
    const payload = eventBody(e.event, now, e.payload);
    for (const w of mine) {
      values.push({
        webhookId: w.id,
        event: e.event,
        eventId: newEventId(),
        requestId: e.requestId ?? null,
        payload,
        attempt: 0,
        state: w.status === 'Active' ? 'pending' : 'held',
        nextAttemptAt: w.status === 'Active' ? now : null,
        createdAt: now,
      });
    }
  }
  const jobs: DeliverWebhookPayload[] = [];
  for (let i = 0; i < values.length; i += INSERT_CHUNK) {
    for (const d of await repo.insertEventDeliveries(tx.db, values.slice(i, i + INSERT_CHUNK))) {
      if (d.state === 'pending' && d.nextAttemptAt) jobs.push({ deliveryId: d.id, due: d.nextAttemptAt.toISOString() });
    }
  }
  for (let i = 0; i < jobs.length; i += INSERT_CHUNK) await enqueueMany(tx, deliverWebhookJob, jobs.slice(i, i + INSERT_CHUNK));
  if (jobs.length) afterCommit(tx, () => wakeWorkers(tx.database, deliverWebhookJob));
  return { queued: jobs.length, held: values.length - jobs.length };
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
  await audit(tx, 'webhook.error', w, `Webhook ${w.name} set to Error: ${ERROR_REASONS[reason]}`, {
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

/** One attempt to make: the delivery, and the time it was due (the job's, or the sweep's). */
export interface DueAttempt {
  deliveryId: string;
  due: Date;
}

/**
 * Makes the attempt of a delivery that was due at `due` (the job's and the sweep's work): the
 * target checked again, one signed POST, its outcome recorded; a failure schedules the next retry
 * (RETRY_SCHEDULE_SECONDS, ±10%) or, after the last, a 410 Gone or five days of failure, sets the
 * webhook to Error and tells the company's Admins. An attempt already taken, or no longer due at
 * that time (replayed, rescheduled), is left alone.
 */
export async function attemptDelivery(ctx: Ctx, deliveryId: string, due: Date): Promise<TWebhookDeliveryState | null> {
  const [state] = await attemptDeliveries(ctx, [{ deliveryId, due }]);
  return state ?? null;
}

type Sent = { d: repo.DeliveryRow; w: WebhookRow; outcome: AttemptOutcome };

/**
 * attemptDelivery for a batch (a worker's fetch, a sweep's page), answering each one's state in
 * order: the attempts of Active webhooks are taken in one statement, their POSTs made at once (each
 * target checked once for the batch), the successes recorded in one statement; the rest go one by
 * one (a delivery to hold, a failure and its retry). The POSTs are made outside any transaction.
 */
export async function attemptDeliveries(ctx: Ctx, attempts: DueAttempt[]): Promise<(TWebhookDeliveryState | null)[]> {
  if (!attempts.length) return [];
  const now = clock.now();
  const leaseUntil = new Date(now.getTime() + ATTEMPT_LEASE_MS);
  // the webhooks first (their rows sign), then the attempts of the Active ones taken
  const hooks = new Map((await repo.liveWebhooksOf(ctx.db, [...new Set(attempts.map((a) => a.deliveryId))])).map((w) => [w.id, w]));
  const active = [...hooks.values()].filter((w) => w.status === 'Active').map((w) => w.id);
  const claimed = new Map(
    (
      await repo.claimAttempts(
        ctx.db,
        attempts.map((a) => ({ id: a.deliveryId, due: a.due })),
        active,
        now,
        leaseUntil,
      )
    ).map((d) => [d.id, d]),
  );
  const checks: TargetChecks = new Map();
  const send = async (d: repo.DeliveryRow, w: WebhookRow): Promise<Sent> => ({
    d,
    w,
    outcome: await sendSigned(ctx, w, { eventId: d.eventId ?? d.id, payload: d.payload }, now, checks),
  });

  const taken = await Promise.all(
    attempts.map(async (a): Promise<Sent | TWebhookDeliveryState | null> => {
      const d = claimed.get(a.deliveryId);
      claimed.delete(a.deliveryId); // the same delivery twice in a batch is sent once
      const w = d && hooks.get(d.webhookId);
      if (d && w) return send(d, w);
      // not taken: gone, taken already, no longer due then, or a webhook that is not Active
      const current = await repo.deliveryById(ctx.db, a.deliveryId);
      if (current?.state !== 'pending') return null;
      const hook = await repo.webhookRow(ctx.db, current.webhookId);
      if (!hook) return null;
      if (hook.status !== 'Active') return (await repo.holdDue(ctx.db, a.deliveryId, a.due)) ? 'held' : null;
      const single = await repo.claimAttempt(ctx.db, a.deliveryId, a.due, now, leaseUntil);
      return single ? send(single, hook) : null;
    }),
  );

  const sent = taken.filter((t): t is Sent => typeof t === 'object' && t !== null);
  const succeeded = sent.filter((s) => s.outcome.ok);
  if (succeeded.length) {
    const rows = succeeded.map(({ d, outcome }) => ({
      id: d.id,
      statusCode: outcome.statusCode,
      durationMs: outcome.durationMs,
      responseExcerpt: outcome.responseExcerpt,
    }));
    const recovered = [...new Set(succeeded.filter(({ w }) => w.consecutiveFailures || w.failingSince).map(({ w }) => w.id))];
    if (recovered.length)
      await inTransaction(ctx, async (tx) => {
        await repo.recordSuccesses(tx.db, rows);
        await repo.clearFailures(tx.db, recovered);
      });
    else await repo.recordSuccesses(ctx.db, rows);
  }
  const failures = new Map(
    await Promise.all(sent.filter((s) => !s.outcome.ok).map(async (s) => [s, await recordFailedAttempt(ctx, s, now)] as const)),
  );
  return taken.map((t) => (typeof t === 'object' && t !== null ? (t.outcome.ok ? 'succeeded' : (failures.get(t) ?? null)) : t));
}

/** A failed attempt: the next retry scheduled (and its job), or the delivery failed and, for a reason, the webhook set to Error. */
function recordFailedAttempt(ctx: Ctx, { d, w, outcome }: Sent, now: Date): Promise<TWebhookDeliveryState> {
  const recorded = {
    statusCode: outcome.statusCode,
    durationMs: outcome.durationMs,
    responseExcerpt: outcome.responseExcerpt,
    error: outcome.error ?? `HTTP ${outcome.statusCode}`,
  };
  return inTransaction(ctx, async (tx) => {
    const after = clock.now();
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

/** Attempts taken together by the sweep. */
const SWEEP_BATCH = 25;

/**
 * Attempts every pending delivery due by `now` (a batch at a time): the safety net behind the jobs
 * (a lost job, a crashed attempt whose lease ran out), and how tests walk the schedule.
 */
export async function deliverDue(ctx: Ctx, now: Date = clock.now(), limit = 200): Promise<number> {
  const due = await repo.dueDeliveries(ctx.db, now, limit);
  let attempted = 0;
  for (let i = 0; i < due.length; i += SWEEP_BATCH) {
    const batch = due.slice(i, i + SWEEP_BATCH).flatMap((d) => (d.nextAttemptAt ? [{ deliveryId: d.id, due: d.nextAttemptAt }] : []));
    const states = await attemptDeliveries(ctx, batch);
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
    await audit(tx, 'webhook.test', w, `Sent a test event to webhook ${w.name}: ${outcome.statusCode ?? error}`, {
      after: { deliveryId: row?.id, statusCode: outcome.statusCode, durationMs: outcome.durationMs },
    });
  });
  return { statusCode: outcome.statusCode, durationMs: outcome.durationMs, ok: outcome.ok, error };
}
