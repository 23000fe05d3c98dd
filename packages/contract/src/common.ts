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
      'RATE_LIMITED',
      'MAINTENANCE',
      'INTERNAL',
    ]),
    message: z.string(),
    /** Field-level messages keyed by the dotted path of the field (e.g. "email", "billing.phone"). */
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type TApiError = z.infer<typeof ZApiError>;
export type TApiErrorCode = TApiError['error']['code'];

export const ZId = z.uuid();
export const ZIdParams = z.object({ id: ZId });

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

export const ZIsoDateTime = z.iso.datetime({ offset: true });
export const ZIsoDate = z.iso.date();

export const ZOk = z.object({ ok: z.literal(true) });

export const ZEmail = z.string().trim().min(1, 'Email is required').max(254).email('Email address is invalid');

export const ZSortDir = z.enum(['asc', 'desc']).default('asc');

/** A phone number as people type it: digits with optional +, spaces, dots, dashes and brackets. */
export const ZPhone = z
  .string()
  .trim()
  .min(1, 'Phone is required')
  .max(30)
  .regex(/^\+?[0-9().\s-]{7,}$/, 'Phone number is invalid');

/** Optional text: blank becomes null. */
export const ZOptionalText = (max = 200) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

export const ZRequiredText = (label: string, max = 200) => z.string().trim().min(1, `${label} is required`).max(max);
