/** Sending through the public API (and the sandbox that delivers when no carrier is configured). */
import { z } from 'zod';
import { ZIsoDateTime, ZText } from './common.ts';
import { MESSAGE_DIRECTIONS, MESSAGE_STATUSES, MESSAGE_TYPES } from './messaging.ts';
import { ZE164 } from './phone.ts';

/** Sandbox recipients that fail on purpose (documented): +1 500 555 0001 to 0009. */
export const SANDBOX_FAILING_NUMBERS = /^\+1500555000[1-9]$/;

export const ZSendMessageBody = z.object({
  from: ZE164,
  to: ZE164,
  body: ZText().max(1600, 'At most 1,600 characters (10 segments)').default(''),
  /** Media to send as MMS (https URLs). */
  mediaUrls: z
    .array(z.url({ protocol: /^https$/ }))
    .max(10)
    .default([]),
});
export type TSendMessageBody = z.input<typeof ZSendMessageBody>;

export const ZMessageEvent = z.object({ status: z.enum(MESSAGE_STATUSES), detail: z.string().nullable(), at: ZIsoDateTime });

/** A message as the public API answers it, with its trace (request id, delivery events). */
export const ZApiMessage = z.object({
  id: z.string(),
  from: z.string(),
  to: z.string(),
  body: z.string().nullable(),
  type: z.enum(MESSAGE_TYPES),
  direction: z.enum(MESSAGE_DIRECTIONS),
  status: z.enum(MESSAGE_STATUSES),
  segments: z.number().int(),
  encoding: z.enum(['GSM-7', 'UCS-2']).nullable(),
  cost: z.number(),
  currency: z.literal('USD'),
  campaignId: z.string().nullable(),
  requestId: z.string().nullable(),
  createdAt: ZIsoDateTime,
  events: z.array(ZMessageEvent),
});
export type TApiMessage = z.infer<typeof ZApiMessage>;
