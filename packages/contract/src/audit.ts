import { z } from 'zod';
import { dateRangeOrder, keysetPageShape, optional, ZCursorPage, ZId, ZIsoDate, ZIsoDateTime, ZSearch, ZText } from './common.ts';

/** The audit trail (System Settings, Logs): every change, newest first, keyset paged. */
const auditFilterShape = {
  /** Matches the summary, the action or the actor's email. */
  search: ZSearch,
  entityType: optional(ZText().trim().max(40)),
  customerId: optional(ZId),
  from: optional(ZIsoDate),
  /** Inclusive. */
  to: optional(ZIsoDate),
};
export const ZAuditFilters = z.object(auditFilterShape).refine(...dateRangeOrder('from', 'to'));

export const ZListAuditQuery = z.object({ ...auditFilterShape, ...keysetPageShape() }).refine(...dateRangeOrder('from', 'to'));
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
export const ZMyActivityQuery = z.object(keysetPageShape(20));
export type TMyActivityQuery = z.input<typeof ZMyActivityQuery>;
