import { z } from 'zod';
import {
  accountOwnerFields,
  optional,
  optionalOwnerFields,
  ZAccountChoice,
  ZId,
  ZIsoDate,
  ZIsoDateTime,
  ZPage,
  ZScopedPageQuery,
  ZSearch,
  ZText,
} from './common.ts';
import { ZE164 } from './phone.ts';

export const NUMBER_TYPES = ['DID', 'TFN'] as const;
export const NUMBER_FEATURES = ['Voice', 'SMS', 'Fax'] as const;
export const NUMBER_STATUSES = ['Active', 'Pending', 'Suspended'] as const;
export const PORTING_STATUSES = ['In Progress', 'Pending Docs', 'Scheduled', 'Completed', 'Rejected'] as const;
export const PORTING_DOCUMENT_KINDS = ['LOA', 'Bill Copy', 'Other'] as const;
export type TNumberType = (typeof NUMBER_TYPES)[number];
export type TNumberFeature = (typeof NUMBER_FEATURES)[number];
export type TNumberStatus = (typeof NUMBER_STATUSES)[number];
export type TPortingStatus = (typeof PORTING_STATUSES)[number];

/** Type filter labels of the spec: DID and Toll-Free (stored as TFN). */
export const NUMBER_TYPE_LABELS: Record<TNumberType, string> = { DID: 'DID', TFN: 'Toll-Free' };

/** Completed and Rejected requests are closed: no status change and no upload after them. */
export const PORTING_FINAL_STATUSES = ['Completed', 'Rejected'] as const satisfies readonly TPortingStatus[];
export const isPortingFinal = (status: TPortingStatus) => (PORTING_FINAL_STATUSES as readonly string[]).includes(status);
export const PORTING_FINAL_MESSAGE = 'This porting request is closed: Completed and Rejected are final';

/** A number activated by a completed port-in is billed at the inventory's standard monthly fee. */
export const PORTED_NUMBER_FEES: Record<TNumberType, number> = { DID: 1, TFN: 2.5 };

const MB = 1024 * 1024;
/**
 * Porting document limits, checked by the server (the size from Content-Length before anything is
 * read) and mirrored by the upload form. One file per upload.
 */
export const PORTING_DOCUMENT_MAX_BYTES = 10 * MB;
export const PORTING_DOCUMENTS_PER_REQUEST = 10;
export const PORTING_BYTES_PER_REQUEST = 50 * MB;
export const PORTING_BYTES_PER_CUSTOMER = 500 * MB;
export const PORTING_DOCUMENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
/**
 * Control characters (Cc) and invisible format characters (Cf), among them the bidirectional
 * overrides (e.g. U+202E RIGHT-TO-LEFT OVERRIDE makes "invoice\u202Efdp.exe" read as "invoiceexe.pdf").
 */
export const UNSAFE_FILE_NAME_CHARS = /[\p{Cc}\p{Cf}]/u;

/** A porting document as the browser and the server both see it: its declared type and its size. */
export const ZPortingDocumentFile = z
  .object({ type: z.string(), size: z.number().int() }, { message: 'Choose a file to upload' })
  .superRefine((file, ctx) => {
    if (!(PORTING_DOCUMENT_TYPES as readonly string[]).includes(file.type))
      ctx.addIssue({ code: 'custom', message: 'Only PDF, PNG or JPEG files can be uploaded' });
    else if (file.size < 1) ctx.addIssue({ code: 'custom', message: 'The file is empty' });
    else if (file.size > PORTING_DOCUMENT_MAX_BYTES) ctx.addIssue({ code: 'custom', message: 'The file is larger than 10 MB' });
  });

export { ZScopeQuery } from './common.ts';

export const ZListNumbersQuery = ZScopedPageQuery.extend({
  search: ZSearch,
  type: optional(z.enum(NUMBER_TYPES)),
  status: optional(z.enum(NUMBER_STATUSES)),
  feature: optional(z.enum(NUMBER_FEATURES)),
});
export type TListNumbersQuery = z.infer<typeof ZListNumbersQuery>;
export const ZExportNumbersQuery = ZListNumbersQuery.omit({ page: true, pageSize: true });

export const ZPhoneNumber = z.object({
  id: ZId,
  number: z.string(),
  type: z.enum(NUMBER_TYPES),
  features: z.array(z.string()),
  monthlyFee: z.number(),
  status: z.enum(NUMBER_STATUSES),
  city: z.string().nullable(),
  state: z.string().nullable(),
  assignedAt: ZIsoDateTime.nullable(),
  ...optionalOwnerFields,
});
export type TPhoneNumber = z.infer<typeof ZPhoneNumber>;
export const ZPhoneNumberPage = ZPage(ZPhoneNumber);
export type TPhoneNumberPage = z.infer<typeof ZPhoneNumberPage>;

export const ZNumberSummary = z.object({
  total: z.number().int(),
  monthlyCost: z.number(),
  did: z.number().int(),
  tfn: z.number().int(),
  voice: z.number().int(),
  sms: z.number().int(),
  fax: z.number().int(),
});
export type TNumberSummary = z.infer<typeof ZNumberSummary>;

export const ZNumberIds = z
  .array(ZId)
  .min(1, 'Select at least one number')
  .max(500, 'Select at most 500 numbers')
  .refine((ids) => new Set(ids).size === ids.length, 'A number is selected twice');

export const ZMoveNumbersBody = z.object({ numberIds: ZNumberIds, accountId: ZAccountChoice });
export type TMoveNumbersBody = z.infer<typeof ZMoveNumbersBody>;
export const ZRemoveNumbersBody = z.object({ numberIds: ZNumberIds });
export type TRemoveNumbersBody = z.infer<typeof ZRemoveNumbersBody>;
export const ZAssignNumbersBody = z.object({ numberIds: ZNumberIds, accountId: ZAccountChoice });
export type TAssignNumbersBody = z.infer<typeof ZAssignNumbersBody>;
export const ZNumbersChanged = z.object({ count: z.number().int() });
export type TNumbersChanged = z.infer<typeof ZNumbersChanged>;

/** Inventory search: an area code or any leading digits after the country code, a type and features. */
export const ZInventoryQuery = z.object({
  prefix: optional(
    ZText()
      .trim()
      .regex(/^\+?\d{1,10}$/, 'Enter an area code or leading digits'),
  ),
  type: optional(z.enum(NUMBER_TYPES)),
  features: optional(
    z.preprocess((v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v), z.array(z.enum(NUMBER_FEATURES)).max(3)),
  ),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type TInventoryQuery = z.infer<typeof ZInventoryQuery>;
export const ZInventoryList = z.object({ items: z.array(ZPhoneNumber), total: z.number().int() });
export type TInventoryList = z.infer<typeof ZInventoryList>;

export const ZPortabilityBody = z.object({ number: ZE164 });
export const ZPortability = z.object({
  number: z.string(),
  portable: z.boolean(),
  /** Why it can or cannot be ported in, in a sentence a user understands. */
  reason: z.string(),
  type: z.enum(NUMBER_TYPES).nullable(),
});
export type TPortability = z.infer<typeof ZPortability>;

// ---------------------------------------------------------------------------------------------
// Porting

export const ZListPortingQuery = ZScopedPageQuery.extend({
  search: ZSearch,
  status: optional(z.enum(PORTING_STATUSES)),
});
export type TListPortingQuery = z.infer<typeof ZListPortingQuery>;

export const ZPortingRequest = z.object({
  id: ZId,
  requestCode: z.string(),
  number: z.string(),
  requestDate: ZIsoDateTime,
  status: z.enum(PORTING_STATUSES),
  currentCarrier: z.string().nullable(),
  /** The FOC date (a calendar day). */
  scheduledFor: ZIsoDate.nullable(),
  ...accountOwnerFields,
  documentCount: z.number().int(),
});
export type TPortingRequest = z.infer<typeof ZPortingRequest>;
export const ZPortingPage = ZPage(ZPortingRequest);
export type TPortingPage = z.infer<typeof ZPortingPage>;

export const ZPortingEvent = z.object({
  id: ZId,
  status: z.enum(PORTING_STATUSES),
  note: z.string().nullable(),
  actorName: z.string().nullable(),
  createdAt: ZIsoDateTime,
});
export type TPortingEvent = z.infer<typeof ZPortingEvent>;

/** An uploaded file as lists show it (porting documents, ticket attachments). */
export const storedFileFields = { fileName: z.string(), contentType: z.string(), sizeBytes: z.number().int() };

export const ZPortingDocument = z.object({
  id: ZId,
  kind: z.enum(PORTING_DOCUMENT_KINDS),
  ...storedFileFields,
  uploadedByName: z.string().nullable(),
  createdAt: ZIsoDateTime,
});
export type TPortingDocument = z.infer<typeof ZPortingDocument>;

export const ZPortingDetail = ZPortingRequest.extend({
  events: z.array(ZPortingEvent),
  documents: z.array(ZPortingDocument),
});
export type TPortingDetail = z.infer<typeof ZPortingDetail>;

export const ZCreatePortingBody = z.object({
  accountId: ZAccountChoice,
  number: ZE164,
  currentCarrier: optional(ZText().trim().max(100)),
});
export type TCreatePortingBody = z.infer<typeof ZCreatePortingBody>;

export const FOC_DATE_REQUIRED = 'Choose the FOC date: the day the number moves to us';
/** Scheduled needs the FOC (firm order commitment) date, a calendar day. */
export const ZChangePortingStatusBody = z
  .object({
    status: z.enum(PORTING_STATUSES, { message: 'Choose a status' }),
    note: optional(ZText().trim().max(500)),
    scheduledFor: optional(ZIsoDate),
  })
  .refine((v) => v.status !== 'Scheduled' || Boolean(v.scheduledFor), { message: FOC_DATE_REQUIRED, path: ['scheduledFor'] });
export type TChangePortingStatusBody = z.infer<typeof ZChangePortingStatusBody>;

/** Upload: the file is the raw request body (its Content-Type), these travel in the query string. */
export const ZUploadPortingDocumentQuery = z.object({
  kind: z.enum(PORTING_DOCUMENT_KINDS, { message: 'Choose LOA, Bill Copy or Other' }),
  fileName: ZText()
    .trim()
    .min(1, 'A file name is required')
    .max(200)
    .refine((n) => !/[\\/\0]/.test(n), 'The file name may not contain slashes')
    .refine((n) => !UNSAFE_FILE_NAME_CHARS.test(n), 'The file name may not contain control or text-direction characters'),
});
export type TUploadPortingDocumentQuery = z.infer<typeof ZUploadPortingDocumentQuery>;
