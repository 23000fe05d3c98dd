import { z } from 'zod';
import { WEBHOOK_EVENTS, WEBHOOK_STATUSES } from './api-access.ts';
import { ZAccountChoice, ZIsoDateTime, ZPageQuery, ZRequiredText, ZText } from './common.ts';

/** Webhooks (issue 10): message events POSTed to the customer's HTTPS endpoint, signed per Standard Webhooks. */

/**
 * The delay before each retry of a failed delivery, in seconds (about 5 s, 5 min, 30 min, 2 h,
 * 5 h, 10 h, 10 h; ±10% jitter is added): eight attempts in all.
 */
export const RETRY_SCHEDULE_SECONDS = [5, 300, 1800, 7200, 18000, 36000, 36000] as const;

/** The states a user may set; Error is set by the deliveries (a 410 Gone or five days of failure). */
export const WEBHOOK_SETTABLE_STATUSES = ['Active', 'Inactive'] as const;

/** pending: an attempt is due or scheduled; held: arrived while the webhook was disabled (kept for replay). */
export const WEBHOOK_DELIVERY_STATES = ['pending', 'succeeded', 'failed', 'held'] as const;
export type TWebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

export const WEBHOOK_URL_HTTPS = 'The URL must start with https://';

export const ZWebhookUrl = ZText()
  .trim()
  .min(1, 'URL is required')
  .max(500, 'The URL may be at most 500 characters')
  .refine((v) => {
    try {
      const u = new URL(v);
      return u.protocol === 'https:' && u.hostname.length > 0;
    } catch {
      return false;
    }
  }, WEBHOOK_URL_HTTPS);

export const ZWebhookBody = z.object({
  name: ZRequiredText('Name', 100),
  url: ZWebhookUrl,
  events: z.array(z.enum(WEBHOOK_EVENTS)).min(1, 'Choose at least one event').max(WEBHOOK_EVENTS.length),
  status: z.enum(WEBHOOK_SETTABLE_STATUSES).default('Active'),
  accountId: ZAccountChoice,
});
export type TWebhookBody = z.input<typeof ZWebhookBody>;

export const ZWebhook = z.object({
  id: z.string(),
  customerId: z.string(),
  accountId: z.string(),
  accountName: z.string(),
  name: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  status: z.enum(WEBHOOK_STATUSES),
  createdAt: z.string(),
  lastDeliveryAt: z.string().nullable(),
  /** When the current run of failed deliveries began (five days of it sets Error). */
  failingSince: z.string().nullable(),
});
export type TWebhook = z.infer<typeof ZWebhook>;

/** The answer to a creation: the only time the signing secret is shown. */
export const ZWebhookCreated = ZWebhook.extend({ secret: z.string() });
export type TWebhookCreated = z.infer<typeof ZWebhookCreated>;

export const ZWebhookSecret = z.object({ secret: z.string() });
export type TWebhookSecret = z.infer<typeof ZWebhookSecret>;

export const ZListWebhooksQuery = ZPageQuery.extend({
  customerId: z.uuid().optional(),
  accountId: z.uuid().optional(),
  status: z.enum(WEBHOOK_STATUSES).optional(),
  search: ZText().trim().max(200).optional(),
});
export type TListWebhooksQuery = z.infer<typeof ZListWebhooksQuery>;

export const ZWebhookDelivery = z.object({
  id: z.string(),
  event: z.string(),
  /** The Standard Webhooks message id (webhook-id header), the same on every attempt. */
  eventId: z.string().nullable(),
  /** Attempts made so far. */
  attempt: z.number().int(),
  state: z.enum(WEBHOOK_DELIVERY_STATES),
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  responseExcerpt: z.string().nullable(),
  error: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  requestId: z.string().nullable(),
});
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;

export const ZListDeliveriesQuery = ZPageQuery.extend({
  state: z.enum(WEBHOOK_DELIVERY_STATES).optional(),
});
export type TListDeliveriesQuery = z.infer<typeof ZListDeliveriesQuery>;

export const ZReplayBody = z.object({ since: ZIsoDateTime });
export type TReplayBody = z.infer<typeof ZReplayBody>;

export const ZReplayResult = z.object({ queued: z.number().int() });
export type TReplayResult = z.infer<typeof ZReplayResult>;

export const ZTestResult = z.object({
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int(),
  ok: z.boolean(),
  error: z.string().nullable(),
});
export type TTestResult = z.infer<typeof ZTestResult>;
