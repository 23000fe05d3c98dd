/** Messaging consent: the opt-out ledger (STOP/START) and the Status tab's compliance cards. */
import { z } from 'zod';
import { optional, ZAccountChoice, ZId, ZIsoDateTime, ZPageQuery, ZText } from './common.ts';
import { OPT_OUT_SOURCES } from './messaging.ts';
import { ZE164 } from './phone.ts';

export const OPT_OUT_KEYWORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT'] as const;
export const OPT_IN_KEYWORDS = ['START', 'UNSTOP', 'YES'] as const;

export const ZOptOut = z.object({
  id: ZId,
  accountId: ZId,
  accountName: z.string(),
  number: z.string(),
  keyword: z.string(),
  source: z.enum(OPT_OUT_SOURCES),
  createdAt: ZIsoDateTime,
});
export type TOptOut = z.infer<typeof ZOptOut>;

export const ZListOptOutsQuery = ZPageQuery.extend({
  customerId: optional(ZId),
  accountId: optional(ZId),
  search: optional(ZText().trim().max(40)),
});
export type TListOptOutsQuery = z.infer<typeof ZListOptOutsQuery>;

export const ZOptOutBody = z.object({
  accountId: ZAccountChoice,
  number: ZE164,
  keyword: z.enum(OPT_OUT_KEYWORDS).default('STOP'),
});

// ---------------------------------------------------------------------------------------------
// The Status tab's compliance cards, from real state.

export const COMPLIANCE_STATES = ['good', 'warning'] as const;
export const ZComplianceStatus = z.object({
  tenDlc: z.object({
    state: z.enum(COMPLIANCE_STATES),
    approvedCampaigns: z.number().int(),
    smsNumbers: z.number().int(),
    /** SMS numbers linked to no approved campaign (the first 50). */
    unlinked: z.array(z.object({ id: ZId, number: z.string(), accountName: z.string() })),
    unlinkedTotal: z.number().int(),
  }),
  tcpa: z.object({
    state: z.enum(COMPLIANCE_STATES),
    optOuts: z.number().int(),
    /** Outbound messages accepted for opted-out numbers in the last 30 days (should be none). */
    sentToOptedOut: z.number().int(),
  }),
  gdpr: z.object({ state: z.enum(COMPLIANCE_STATES), retentionDays: z.number().int() }),
});
export type TComplianceStatus = z.infer<typeof ZComplianceStatus>;
export const ZComplianceQuery = z.object({ customerId: optional(ZId), accountId: optional(ZId) });
