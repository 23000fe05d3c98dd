import { z } from 'zod';
import { optional, ZCursorPage, ZId, ZIsoDate, ZIsoDateTime, ZText } from './common.ts';

/** The audit trail (System Settings, Logs): every change, newest first, keyset paged. */
export const ZAuditFilters = z
  .object({
    /** Matches the summary, the action or the actor's email. */
    search: optional(ZText().trim().max(100)),
    entityType: optional(ZText().trim().max(40)),
    customerId: optional(ZId),
    from: optional(ZIsoDate),
    /** Inclusive. */
    to: optional(ZIsoDate),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: 'The end date must not be before the start date', path: ['to'] });

export const ZListAuditQuery = z
  .object({
    search: optional(ZText().trim().max(100)),
    entityType: optional(ZText().trim().max(40)),
    customerId: optional(ZId),
    from: optional(ZIsoDate),
    to: optional(ZIsoDate),
    cursor: optional(ZText().max(200)),
    limit: z.coerce
      .number()
      .int()
      .refine((n) => [20, 50, 100].includes(n), 'Page size must be 20, 50 or 100')
      .default(50),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: 'The end date must not be before the start date', path: ['to'] });
export type TListAuditQuery = z.input<typeof ZListAuditQuery>;

export const ZAuditEntry = z.object({
  id: z.number().int(),
  createdAt: ZIsoDateTime,
  actor: z.string().nullable(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  customerId: z.string().nullable(),
  summary: z.string(),
  ip: z.string().nullable(),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;
export const ZAuditPage = ZCursorPage(ZAuditEntry);

/** User Settings, Activity Logs: the signed-in user's own entries (they are the actor), newest first. */
export const ZMyActivityQuery = z.object({
  cursor: optional(ZText().max(200)),
  limit: z.coerce
    .number()
    .int()
    .refine((n) => [20, 50, 100].includes(n), 'Page size must be 20, 50 or 100')
    .default(20),
});
export type TMyActivityQuery = z.input<typeof ZMyActivityQuery>;
