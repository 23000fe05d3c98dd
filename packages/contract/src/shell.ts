import { z } from 'zod';

/** Figures the shell shows on every page, for the signed-in scope. */
export const ZShellSummary = z.object({
  billingBadge: z.number().int(),
  unreadNotifications: z.number().int(),
});
export type TShellSummary = z.infer<typeof ZShellSummary>;

/** Record names for breadcrumbs. */
export const ZRecordName = z.object({ id: z.uuid(), name: z.string() });
export type TRecordName = z.infer<typeof ZRecordName>;
