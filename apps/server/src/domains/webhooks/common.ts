/** Webhooks: the deliveries' clock and limits, and the views the routes answer with. */
import { randomBytes } from 'node:crypto';
import type { TWebhookEvent } from '@portal/contract/api-access';
import { RETRY_SCHEDULE_SECONDS, type TWebhook, type TWebhookDelivery, type TWebhookDeliveryState } from '@portal/contract/webhooks';
import { type Ctx, ownCustomer } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { checkWebhookTarget, TargetRefused } from '../../lib/ssrf-guard.ts';
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
export const ATTEMPT_LEASE_MS = 2 * 60_000;
/** A webhook failing without a success for this long is set to Error. */
export const FAILING_LIMIT_MS = 5 * 24 * 3600_000;
/** The old secret keeps signing this long after a rotation. */
export const ROTATION_OVERLAP_MS = 24 * 3600_000;
export const EXCERPT_CHARS = 500;
export const READ_LIMIT_BYTES = 4096;
export const USER_AGENT = 'Portal-Webhooks/1.0';

export const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** The delay before the retry after `attemptsMade` failed attempts (±10% jitter), or null when none is left. */
export function retryDelaySeconds(attemptsMade: number, random: () => number = Math.random): number | null {
  const base = RETRY_SCHEDULE_SECONDS[attemptsMade - 1];
  if (base === undefined) return null;
  return base * (0.9 + 0.2 * random());
}

export const newEventId = () => `msg_${randomBytes(18).toString('base64url')}`;

// ---------------------------------------------------------------------------------------------
// Views

export type ViewRow = NonNullable<repo.WebhookViewRow>;
export const toWebhook = (r: ViewRow): TWebhook => ({
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

export const toDelivery = (r: repo.DeliveryRow): TWebhookDelivery => ({
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
export const auditView = (w: { name: string; url: string; events: string[]; status: string; accountId: string }) => ({
  name: w.name,
  url: w.url,
  events: w.events,
  status: w.status,
  accountId: w.accountId,
});

export async function viewOf(ctx: Ctx, id: string): Promise<TWebhook> {
  const row = await repo.webhookView(ctx.db, id, ownCustomer(ctx));
  if (!row) throw notFound('Webhook');
  return toWebhook(row);
}

export async function rowInScope(ctx: Ctx, id: string) {
  const row = await repo.webhookRow(ctx.db, id, ownCustomer(ctx));
  if (!row) throw notFound('Webhook');
  return row;
}

/**
 * Refuses a target that resolves to a non-public address (or is not https). A name that does not
 * resolve yet is accepted: the receiver may not be deployed; each delivery checks again.
 */
export async function checkTargetForSave(ctx: Ctx, url: string): Promise<void> {
  try {
    await checkWebhookTarget(url, { allowPrivate: ctx.config.WEBHOOK_ALLOW_PRIVATE_TARGETS });
  } catch (err) {
    if (err instanceof TargetRefused && err.reason === 'dns') return;
    throw err;
  }
}
