import { z } from 'zod';
import { ZIsoDateTime, ZPage, ZPageQuery, ZText } from './common.ts';

/** An email the portal sent or, with no SMTP server configured, kept in its outbox. */
export const ZOutboxEmail = z.object({
  id: z.uuid(),
  /** email, or sms (a notification text) */
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  state: z.string(),
  createdAt: ZIsoDateTime,
});
export type TOutboxEmail = z.infer<typeof ZOutboxEmail>;

export const ZListOutboxQuery = ZPageQuery.extend({
  /** Part of the recipient's address. */
  to: ZText().trim().max(254).optional(),
});
export type TListOutboxQuery = z.infer<typeof ZListOutboxQuery>;

export const ZOutboxPage = ZPage(ZOutboxEmail);
export type TOutboxPage = z.infer<typeof ZOutboxPage>;
