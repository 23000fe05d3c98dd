import { z } from 'zod';
import { ZId, ZIsoDateTime, ZOptionalText, ZRequiredText, ZText } from './common.ts';
import { MESSAGE_TYPES } from './messaging.ts';
import { CDR_DIRECTIONS, CDR_STATUSES } from './voice.ts';

/**
 * Platform ingestion (issue 10): the provider's own switch and SMS gateway post call records,
 * message status events and inbound messages to /ingest/v1 with a staff-level platform token.
 */

// ---------------------------------------------------------------------------------------------
// Platform tokens (staff Admin: /admin/api, Platform tab)

/** A recognisable prefix: secret scanners and people can tell a platform token from an API key. */
export const PLATFORM_TOKEN_PREFIX = 'plt_';
/** A token as presented: the prefix and 40 base62 characters. */
export const PLATFORM_TOKEN_PATTERN = /^plt_[A-Za-z0-9]{40}$/;
/** How many characters of a token the lists show (the prefix and 8 more). */
export const PLATFORM_TOKEN_DISPLAY_CHARS = 12;

export const ZPlatformTokenBody = z.object({ name: ZRequiredText('Token name', 100) });
export type TPlatformTokenBody = z.input<typeof ZPlatformTokenBody>;

export const ZPlatformToken = z.object({
  id: ZId,
  name: z.string(),
  /** The token's first characters (plt_ and 8 more), to tell tokens apart. */
  displayPrefix: z.string(),
  createdAt: ZIsoDateTime,
  /** Written at most once a minute. */
  lastUsedAt: ZIsoDateTime.nullable(),
  revokedAt: ZIsoDateTime.nullable(),
});
export type TPlatformToken = z.infer<typeof ZPlatformToken>;
export const ZPlatformTokenList = z.array(ZPlatformToken);
/** The whole token, in the answer that creates it and never again. */
export const ZPlatformTokenCreated = ZPlatformToken.extend({ token: z.string() });
export type TPlatformTokenCreated = z.infer<typeof ZPlatformTokenCreated>;

// ---------------------------------------------------------------------------------------------
// Ingestion (/ingest/v1)

/** Records a batch may carry. */
export const INGEST_BATCH_LIMIT = 10_000;
const batch = <T extends z.ZodType>(item: T) =>
  z
    .array(item)
    .min(1, 'Send at least one record')
    .max(INGEST_BATCH_LIMIT, `At most ${INGEST_BATCH_LIMIT.toLocaleString('en-US')} records a batch`);

/** The platform sends numbers normalised: E.164, a plus and 8 to 15 digits. */
const ZE164Strict = ZText().regex(/^\+[1-9][0-9]{7,14}$/, 'An E.164 number, e.g. +12125550123');
const ZRecordId = (label: string) => ZText().trim().min(1, `${label} is required`).max(128);

export const ZIngestCdr = z.object({
  /** The switch's call id: a call already ingested is a duplicate, never a second record. */
  callId: ZRecordId('Call id'),
  from: ZE164Strict,
  to: ZE164Strict,
  startedAt: ZIsoDateTime,
  durationSeconds: z.number().int().min(0).max(86_400),
  status: z.enum(CDR_STATUSES),
  /** The customer's side is `from` on an outbound call and `to` on an inbound one. */
  direction: z.enum(CDR_DIRECTIONS),
});
export type TIngestCdr = z.infer<typeof ZIngestCdr>;
export const ZIngestCdrsBody = z.object({ records: batch(ZIngestCdr) });
export type TIngestCdrsBody = z.input<typeof ZIngestCdrsBody>;

/** The stable codes of calls a rule refused. */
export const INGEST_CDR_REFUSALS = ['DNO_LISTED'] as const;
export const ZIngestCdrsResult = z.object({
  accepted: z.number().int(),
  duplicates: z.number().int(),
  /**
   * Records left out, by their index in the batch; the rest went in. Without a code: the number is
   * no customer's. DNO_LISTED: the calling number is on the customer's Do Not Originate list (the
   * number itself or its area-code block), so the call is refused and not stored.
   */
  rejected: z.array(
    z.object({ index: z.number().int(), callId: z.string(), message: z.string(), code: z.enum(INGEST_CDR_REFUSALS).optional() }),
  ),
});
export type TIngestCdrsResult = z.infer<typeof ZIngestCdrsResult>;

/** The statuses a gateway reports; a message only moves forward: Queued → Sent → Delivered or Failed. */
export const INGEST_MESSAGE_STATUSES = ['Sent', 'Delivered', 'Failed'] as const;
export const ZIngestMessageEvent = z.object({
  messageId: ZRecordId('Message id'),
  status: z.enum(INGEST_MESSAGE_STATUSES),
  at: ZIsoDateTime,
  detail: ZOptionalText(300).optional(),
});
export type TIngestMessageEvent = z.infer<typeof ZIngestMessageEvent>;
export const ZIngestMessageEventsBody = z.object({ events: batch(ZIngestMessageEvent) });
export type TIngestMessageEventsBody = z.input<typeof ZIngestMessageEventsBody>;

const ZMessageRejection = z.object({ index: z.number().int(), messageId: z.string(), message: z.string() });
export const ZIngestMessageEventsResult = z.object({
  applied: z.number().int(),
  /** Repeated or backward events (a Sent after Delivered): counted and left out. */
  ignored: z.number().int(),
  rejected: z.array(ZMessageRejection),
});
export type TIngestMessageEventsResult = z.infer<typeof ZIngestMessageEventsResult>;

export const ZIngestInboundMessage = z.object({
  /** The gateway's message id: a message already ingested is a duplicate. */
  messageId: ZRecordId('Message id'),
  from: ZE164Strict,
  /** The customer's number: the message belongs to the account holding it. */
  to: ZE164Strict,
  body: ZText().max(1600, 'At most 1,600 characters').default(''),
  receivedAt: ZIsoDateTime,
  type: z.enum(MESSAGE_TYPES).default('SMS'),
});
export type TIngestInboundMessage = z.infer<typeof ZIngestInboundMessage>;
export const ZIngestInboundMessagesBody = z.object({ messages: batch(ZIngestInboundMessage) });
export type TIngestInboundMessagesBody = z.input<typeof ZIngestInboundMessagesBody>;

export const ZIngestInboundMessagesResult = z.object({
  accepted: z.number().int(),
  duplicates: z.number().int(),
  rejected: z.array(ZMessageRejection),
  /** Senders added to the opt-out ledger by STOP (and its synonyms), removed by START. */
  optedOut: z.number().int(),
  optedIn: z.number().int(),
});
export type TIngestInboundMessagesResult = z.infer<typeof ZIngestInboundMessagesResult>;
