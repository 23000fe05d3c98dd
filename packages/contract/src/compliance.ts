import { z } from 'zod';
import { ZIsoDateTime, ZOptionalText, ZPageQuery, ZText } from './common.ts';
import { toE164 } from './phone.ts';

/** Compliance: a customer's Do Not Call (DNC) and Do Not Originate (DNO) lists. */
export const DNC_LIST_TYPES = ['DNC', 'DNO'] as const;
export type TDncListType = (typeof DNC_LIST_TYPES)[number];
export const DNC_LIST_LABELS: Record<TDncListType, string> = { DNC: 'DNC (Do Not Call)', DNO: 'DNO (Do Not Originate)' };
export const REQUIRED_FIELDS = 'Please fill in all required fields';
export const INVALID_ENTRY = 'Enter a phone number, or an area code (212) or area code and exchange (212-555) for a block';

/**
 * An entry is a whole number in E.164 (+12125550143) or a block of North American numbers: an
 * area code ('+1212') or an area code and exchange ('+1212555'). Null when it is neither.
 */
export function normaliseDncEntry(text: string): string | null {
  const digits = text.replace(/[\s().-]/g, '');
  const block = /^(?:\+?1)?([2-9]\d{2})([2-9]\d{2})?$/.exec(digits);
  if (block) return `+1${block[1]}${block[2] ?? ''}`;
  return toE164(text);
}
/** A block entry (area code, or area code and exchange) rather than one number. */
export const isDncBlock = (entry: string) => /^\+1\d{3}(\d{3})?$/.test(entry);

export const ZDncEntryNumber = ZText()
  .trim()
  .min(1, REQUIRED_FIELDS)
  .max(30)
  .transform((value, ctx) => {
    const entry = normaliseDncEntry(value);
    if (!entry) ctx.addIssue({ code: 'custom', message: INVALID_ENTRY });
    return entry ?? value;
  });

export const ZListDncQuery = ZPageQuery.extend({
  /** Digits of the number (any way they are typed). */
  search: ZText().trim().max(40).optional(),
  listType: z.enum(DNC_LIST_TYPES).optional(),
  /** Staff: one customer's entries. */
  customerId: z.uuid().optional(),
});
export type TListDncQuery = z.infer<typeof ZListDncQuery>;
/** The export takes the list's filters, without paging. */
export const ZExportDncQuery = ZListDncQuery.omit({ page: true, pageSize: true });
export type TExportDncQuery = z.infer<typeof ZExportDncQuery>;
export const DNC_CSV_HEADER = ['Number', 'Type', 'Customer', 'Reason', 'Added Date', 'Added By'] as const;

export const ZDncEntry = z.object({
  id: z.uuid(),
  customerId: z.uuid(),
  customerName: z.string(),
  number: z.string(),
  block: z.boolean(),
  listType: z.enum(DNC_LIST_TYPES),
  reason: z.string().nullable(),
  addedBy: z.string().nullable(),
  addedAt: ZIsoDateTime,
});
export type TDncEntry = z.infer<typeof ZDncEntry>;

/** How many days back the summary counts what the lists stopped. */
export const BLOCKS_SUMMARY_DAYS = 30;
export const ZDncSummary = z.object({
  /** Entries on each list. */
  DNC: z.number().int(),
  DNO: z.number().int(),
  /** What each list stopped in the last 30 days (UTC days, today included): messages refused by the public API (DNC), calls refused at ingestion (DNO). */
  stopped: z.object({ DNC: z.number().int(), DNO: z.number().int() }),
});
export type TDncSummary = z.infer<typeof ZDncSummary>;

export const ZCreateDncBody = z.object({
  number: ZDncEntryNumber,
  /** Staff must choose the customer; a customer's entries are its own. */
  customerId: z.preprocess((v) => (v === '' ? null : v), z.uuid({ message: REQUIRED_FIELDS }).nullish()),
  listType: z.enum(DNC_LIST_TYPES),
  reason: ZOptionalText(200),
});
export type TCreateDncBody = z.input<typeof ZCreateDncBody>;

/** Bulk import: CSV lines of number,type,reason (type DNC or DNO, default the chosen list). */
export const ZImportDncBody = z.object({
  customerId: z.preprocess((v) => (v === '' ? null : v), z.uuid({ message: REQUIRED_FIELDS }).nullish()),
  listType: z.enum(DNC_LIST_TYPES),
  csv: ZText().min(1, 'Paste or choose a CSV file').max(1_000_000),
});
export type TImportDncBody = z.input<typeof ZImportDncBody>;
export const ZImportDncResult = z.object({
  added: z.number().int(),
  rejected: z.array(z.object({ line: z.number().int(), text: z.string(), reason: z.string() })),
});
export type TImportDncResult = z.infer<typeof ZImportDncResult>;
