import { z } from 'zod';

/** The one error shape every API answer uses when it is not a success. */
export const ZApiError = z.object({
  error: z.object({
    code: z.enum([
      'BAD_REQUEST',
      'VALIDATION_FAILED',
      'UNAUTHORIZED',
      'FORBIDDEN',
      'NOT_FOUND',
      'CONFLICT',
      'INVALID_CREDENTIALS',
      'ACCOUNT_LOCKED',
      // two-factor sign-in: a wrong code at the second step, its ticket gone, a fresh code needed
      'INVALID_CODE',
      'CHALLENGE_EXPIRED',
      'TWO_FACTOR_REQUIRED',
      'RATE_LIMITED',
      'MAINTENANCE',
      // a self-registered user's sign-in before the address is verified, or before staff approve
      'EMAIL_NOT_VERIFIED',
      'REGISTRATION_PENDING',
      'INTERNAL',
      // the public API's send refusals
      'OPTED_OUT',
      'DNC_LISTED',
      'SENDER_NOT_ALLOWED',
      'IDEMPOTENCY_CONFLICT',
      'SMTP_FAILED',
    ]),
    message: z.string(),
    /** Field-level messages keyed by the dotted path of the field (e.g. "email", "billing.phone"). */
    fields: z.record(z.string(), z.string()).optional(),
    /** The request's id (the public API's answers carry it; the x-request-id header always does). */
    requestId: z.string().optional(),
  }),
});
export type TApiError = z.infer<typeof ZApiError>;
export type TApiErrorCode = TApiError['error']['code'];

/** A NUL byte or a UTF-16 surrogate without its pair: PostgreSQL can store neither (text or JSON). */
const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const UNSTORABLE_TEXT_MESSAGE = 'Remove the invalid characters from this text';
export const isStorableText = (value: string) => !UNSTORABLE.test(value);

/**
 * Every text input starts here, never at a bare `z.string()`: it refuses what the database
 * cannot store (a 400 on the field instead of a 500 from the query or the audit entry).
 * Chain as usual: `ZText().trim().max(100)`.
 */
export const ZText = () => z.string().refine(isStorableText, { message: UNSTORABLE_TEXT_MESSAGE, abort: true });

export const ZId = z.uuid();
/** An account chosen in a form (a picker left empty reads as a prompt, not as a bad id). */
export const ZAccountChoice = z.uuid({ message: 'Choose an account' });

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;

/** Bounded (offset) paging for lists whose size is bounded by one customer's data. */
export const ZPageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), 'Page size must be 10, 20, 50 or 100')
    .default(DEFAULT_PAGE_SIZE),
});
export type TPageQuery = z.infer<typeof ZPageQuery>;

export function ZPage<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}
export type TPage<T> = { items: T[]; total: number; page: number; pageSize: number };

/** Keyset paging for the big tables (CDRs, messages): an opaque cursor, never an offset. */
export function ZCursorPage<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}

/** Keyset page sizes (CDRs, messages, the API request log, the audit trail). */
export const KEYSET_PAGE_SIZES = [20, 50, 100] as const;
/** The query of a keyset page: the cursor and 20, 50 or 100 rows. Spread into the list's query object. */
export const keysetPageShape = (defaultLimit: (typeof KEYSET_PAGE_SIZES)[number] = 50) => ({
  cursor: optional(ZText().max(200)),
  limit: z.coerce
    .number()
    .int()
    .refine((n) => (KEYSET_PAGE_SIZES as readonly number[]).includes(n), 'Page size must be 20, 50 or 100')
    .default(defaultLimit),
});

/**
 * Dates the portal works with: years 1900 to 2999. Beyond them day arithmetic leaves JavaScript's
 * or PostgreSQL's range (9999-12-31 has no next day), so they are a 400, never a 500.
 */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 2999;
const inYearRange = (value: string) => {
  const year = Number(value.slice(0, 4));
  return year >= MIN_YEAR && year <= MAX_YEAR;
};
const YEAR_RANGE_MESSAGE = `Enter a date between ${MIN_YEAR} and ${MAX_YEAR}`;
export const ZIsoDateTime = z.iso.datetime({ offset: true }).refine(inYearRange, YEAR_RANGE_MESSAGE);
export const ZIsoDate = z.iso.date().refine(inYearRange, YEAR_RANGE_MESSAGE);

export const ZOk = z.object({ ok: z.literal(true) });

export const ZEmail = ZText().trim().min(1, 'Email is required').max(254).email('Email address is invalid');

export const ZSortDir = z.enum(['asc', 'desc']).default('asc');

/** Optional text: blank becomes null. */
export const ZOptionalText = (max = 200) =>
  ZText()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

export const ZRequiredText = (label: string, max = 200) => ZText().trim().min(1, `${label} is required`).max(max);

/** A list filter: empty strings mean "no filter" (what an emptied form field sends). */
export const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/** A list's search box: trimmed, at most 100 characters; empty means no search. */
export const ZSearch = optional(ZText().trim().max(100));

/** Where a list is scoped: staff may narrow to a customer or an account; customers only to their own accounts. */
export const ZScopeQuery = z.object({
  customerId: optional(ZId),
  accountId: optional(ZId),
});
/** An offset list narrowed by customer and account: the page, then the scope, then the list's own filters (`.extend`). */
export const ZScopedPageQuery = ZPageQuery.extend(ZScopeQuery.shape);

/** A record's owner as lists show it: the customer and its sub-account, by id and name. */
export const accountOwnerFields = { customerId: ZId, customerName: z.string(), accountId: ZId, accountName: z.string() };
/** The same for records that may be customer-wide (no sub-account). */
export const customerOwnerFields = { ...accountOwnerFields, accountId: ZId.nullable(), accountName: z.string().nullable() };
/** The same for records that may be nobody's (a number in the inventory, the default rate deck). */
export const optionalOwnerFields = { ...customerOwnerFields, customerId: ZId.nullable(), customerName: z.string().nullable() };

export const END_BEFORE_START = 'The end date must not be before the start date';
/**
 * A date range's refinement, for `.refine(...dateRangeOrder('from', 'to'))`: the end is not before
 * the start (either may be absent), else the issue is on the end's field.
 */
export function dateRangeOrder<S extends string, E extends string>(
  start: S,
  end: E,
): [(v: { [K in S | E]?: string | undefined }) => boolean, { message: string; path: string[] }] {
  return [(v) => !v[start] || !v[end] || (v[start] as string) <= (v[end] as string), { message: END_BEFORE_START, path: [end] }];
}

/** A sensitive change's step-up (API keys, payment methods): a fresh code from the caller's authenticator app, asked when they have two-factor sign-in on. */
export const ZStepUpCode = ZText().trim().max(20).optional();
