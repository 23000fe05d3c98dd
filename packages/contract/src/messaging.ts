import { SegmentedMessage } from 'sms-segments-calculator';
import { z } from 'zod';
import {
  accountOwnerFields,
  customerOwnerFields,
  optional,
  ZAccountChoice,
  ZEmail,
  ZId,
  ZIsoDateTime,
  ZOptionalText,
  ZPageQuery,
  ZRequiredText,
  ZScopedPageQuery,
  ZSearch,
  ZText,
} from './common.ts';
import { ZPhone } from './phone.ts';
import { DATE_ORDER, dateOrder, ZRecordFilters, ZRecordPage } from './voice.ts';

/** Messaging: 10DLC brands and campaigns, message templates, the message log and opt-outs. */
export const BRAND_STATUSES = ['Approved', 'Pending', 'Rejected'] as const;
export const CAMPAIGN_STATUSES = ['Approved', 'Pending', 'Rejected', 'Under Review'] as const;
export const TEMPLATE_STATUSES = ['Active', 'Inactive', 'Draft'] as const;
export const MESSAGE_TYPES = ['SMS', 'MMS'] as const;
export const MESSAGE_DIRECTIONS = ['Inbound', 'Outbound'] as const;
export const MESSAGE_STATUSES = ['Delivered', 'Failed', 'Sent', 'Queued'] as const;
export const OPT_OUT_SOURCES = ['Inbound message', 'Manual', 'API'] as const;
export type TBrandStatus = (typeof BRAND_STATUSES)[number];
export type TCampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
export type TTemplateStatus = (typeof TEMPLATE_STATUSES)[number];
export type TMessageStatus = (typeof MESSAGE_STATUSES)[number];
export type TMessageType = (typeof MESSAGE_TYPES)[number];

// ---------------------------------------------------------------------------------------------
// Segments: GSM-7 160 / 153 characters a segment, UCS-2 70 / 67 (Twilio's calculator).

export interface TSegmentInfo {
  encoding: 'GSM-7' | 'UCS-2';
  /** Characters as the encoding counts them: GSM extension characters ({ } [ ] ~ € …) count twice, emoji in UCS-2 count as two. */
  characters: number;
  segments: number;
  /** Characters a segment holds at this length: 160 or 153 (GSM-7), 70 or 67 (UCS-2). */
  perSegment: number;
  /** The characters that force UCS-2. */
  nonGsm: string[];
}

export function messageSegments(body: string): TSegmentInfo {
  if (!body) return { encoding: 'GSM-7', characters: 0, segments: 0, perSegment: 160, nonGsm: [] };
  const m = new SegmentedMessage(body);
  const encoding = m.encodingName === 'UCS-2' ? 'UCS-2' : 'GSM-7';
  // the calculator's own count is of graphemes in UCS-2; the networks count UTF-16 code units
  const characters = encoding === 'UCS-2' ? body.length : m.numberOfCharacters;
  const segments = m.segmentsCount;
  const single = encoding === 'UCS-2' ? 70 : 160;
  return {
    encoding,
    characters,
    segments,
    perSegment: segments > 1 ? single - (single === 70 ? 3 : 7) : single,
    nonGsm: m.getNonGsmCharacters(),
  };
}

/** What a message costs at the account's prices: SMS by segment, MMS by message. */
export function messageCost(type: TMessageType, segments: number, prices: TMessagingPrices): number {
  return Math.round((type === 'MMS' ? prices.mmsMessagePrice : segments * prices.smsSegmentPrice) * 10_000) / 10_000;
}

/** The variables of a template body: {{first_name}} → first_name. */
export function templateVariables(body: string): string[] {
  return [...new Set([...body.matchAll(/\{\{\s*([a-zA-Z_][a-zA-Z0-9_]*)\s*\}\}/g)].map((m) => m[1] as string))];
}

export const ZMessagingPrices = z.object({ smsSegmentPrice: z.number(), mmsMessagePrice: z.number() });
export type TMessagingPrices = z.infer<typeof ZMessagingPrices>;
export const DEFAULT_MESSAGING_PRICES: TMessagingPrices = { smsSegmentPrice: 0.0075, mmsMessagePrice: 0.02 };

// ---------------------------------------------------------------------------------------------
// Brands (10DLC): what the campaign registry asks of a company.

export const BRAND_ENTITY_TYPES = [
  'Private Company',
  'Publicly Traded Company',
  'Non-Profit Organization',
  'Government',
  'Sole Proprietor',
] as const;
export const BRAND_VERTICALS = [
  'Agriculture',
  'Communication',
  'Construction',
  'Education',
  'Energy',
  'Entertainment',
  'Financial',
  'Government',
  'Healthcare',
  'Hospitality',
  'Human Resources',
  'Insurance',
  'Legal',
  'Manufacturing',
  'Non-Profit',
  'Professional Services',
  'Real Estate',
  'Retail',
  'Technology',
  'Transportation',
] as const;

/** The fields a reviewer can name when rejecting a brand, with their labels. */
export const BRAND_FIELD_LABELS = {
  legalName: 'Legal Company Name',
  taxId: 'Tax ID (EIN)',
  entityType: 'Entity Type',
  vertical: 'Vertical',
  website: 'Website',
  supportEmail: 'Support Email',
  supportPhone: 'Support Phone',
  street: 'Street Address',
  city: 'City',
  state: 'State',
  postalCode: 'ZIP Code',
} as const;
export type TBrandField = keyof typeof BRAND_FIELD_LABELS;
const BRAND_FIELDS = Object.keys(BRAND_FIELD_LABELS) as [TBrandField, ...TBrandField[]];

const ZWebsite = ZText()
  .trim()
  .min(1, 'Website is required')
  .max(200)
  .transform((v) => (/^https?:\/\//i.test(v) ? v : `https://${v}`))
  .refine((v) => {
    try {
      const u = new URL(v);
      return u.hostname.includes('.') && !u.hostname.endsWith('.');
    } catch {
      return false;
    }
  }, 'Enter the company website, e.g. https://example.com');

export const ZBrandBody = z.object({
  /** Staff register a brand for a customer; a customer user's company is their own. */
  customerId: optional(ZId),
  name: ZRequiredText('Brand name', 100),
  legalName: ZRequiredText('Legal company name', 200),
  taxId: ZText()
    .trim()
    .min(1, 'Tax ID is required')
    .transform((v) => v.replace(/\D/g, ''))
    .refine((v) => v.length === 9, 'The EIN has 9 digits, e.g. 12-3456789')
    .transform((v) => `${v.slice(0, 2)}-${v.slice(2)}`),
  entityType: z.enum(BRAND_ENTITY_TYPES, { message: 'Choose the entity type' }),
  vertical: z.enum(BRAND_VERTICALS, { message: 'Choose the vertical' }),
  website: ZWebsite,
  supportEmail: ZEmail,
  supportPhone: ZPhone,
  street: ZRequiredText('Street address', 200),
  city: ZRequiredText('City', 100),
  state: ZRequiredText('State', 50),
  postalCode: ZText()
    .trim()
    .min(1, 'ZIP code is required')
    .regex(/^\d{5}(-\d{4})?$/, 'Enter a 5-digit ZIP code'),
  description: ZOptionalText(500),
});
export type TBrandBody = z.input<typeof ZBrandBody>;

export const ZBrand = z.object({
  id: ZId,
  customerId: ZId,
  customerName: z.string(),
  name: z.string(),
  brandCode: z.string(),
  legalName: z.string().nullable(),
  taxId: z.string().nullable(),
  entityType: z.string().nullable(),
  vertical: z.string().nullable(),
  website: z.string().nullable(),
  supportEmail: z.string().nullable(),
  supportPhone: z.string().nullable(),
  street: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  postalCode: z.string().nullable(),
  description: z.string().nullable(),
  status: z.enum(BRAND_STATUSES),
  rejectionReason: z.string().nullable(),
  rejectionField: z.enum(BRAND_FIELDS).nullable(),
  campaigns: z.number().int(),
  createdAt: ZIsoDateTime,
  updatedAt: ZIsoDateTime,
});
export type TBrand = z.infer<typeof ZBrand>;

export const ZListBrandsQuery = ZPageQuery.extend({
  customerId: optional(ZId),
  status: optional(z.enum(BRAND_STATUSES)),
  search: ZSearch,
});
export type TListBrandsQuery = z.infer<typeof ZListBrandsQuery>;

export const REASON_REQUIRED = 'Give the reason, so the customer knows what to correct';
export const ZReviewBrandBody = z
  .object({
    decision: z.enum(['Approved', 'Rejected']),
    reason: ZOptionalText(500),
    field: optional(z.enum(BRAND_FIELDS).nullable()),
  })
  .refine((v) => v.decision === 'Approved' || Boolean(v.reason), { message: REASON_REQUIRED, path: ['reason'] });

// ---------------------------------------------------------------------------------------------
// Campaigns (10DLC): registration, the registry's use cases and the review lifecycle.

export const CAMPAIGN_USE_CASES = [
  '2FA',
  'Account Notification',
  'Customer Care',
  'Delivery Notification',
  'Fraud Alert',
  'Higher Education',
  'Low Volume Mixed',
  'Marketing',
  'Mixed',
  'Polling and Voting',
  'Public Service Announcement',
  'Security Alert',
] as const;
export type TCampaignUseCase = (typeof CAMPAIGN_USE_CASES)[number];

/** Staff move a campaign along these edges; a customer resubmits a rejected one (back to Pending). */
export const CAMPAIGN_TRANSITIONS: Record<TCampaignStatus, readonly TCampaignStatus[]> = {
  Pending: ['Under Review', 'Rejected'],
  'Under Review': ['Approved', 'Rejected'],
  Approved: ['Rejected'],
  Rejected: [],
};

const ZSample = ZText().trim().max(1024);
const ZKeywords = (fallback: string) =>
  ZText()
    .trim()
    .max(100)
    .nullish()
    .transform((v) =>
      (v || fallback)
        .split(/[\s,]+/)
        .filter(Boolean)
        .map((k) => k.toUpperCase())
        .join(', '),
    );

export const ZCampaignBody = z.object({
  accountId: ZAccountChoice,
  brandId: z.uuid({ message: 'Choose a brand' }),
  name: ZRequiredText('Campaign name', 100),
  useCase: z.enum(CAMPAIGN_USE_CASES, { message: 'Choose a use case' }),
  description: ZText().trim().min(1, 'Description is required').max(1000),
  /** How people opt in (the registry's "message flow"). */
  messageFlow: ZOptionalText(1000),
  sampleMessages: z
    .array(ZSample)
    .transform((list) => list.filter(Boolean))
    .refine((list) => list.length >= 1, 'Add at least one sample message')
    .refine((list) => list.length <= 5, 'At most five sample messages'),
  optInKeywords: ZKeywords('START'),
  optInMessage: ZOptionalText(320),
  optOutKeywords: ZKeywords('STOP'),
  optOutMessage: ZOptionalText(320),
  helpKeywords: ZKeywords('HELP'),
  helpMessage: ZOptionalText(320),
  embeddedLinks: z.boolean().default(false),
  embeddedPhone: z.boolean().default(false),
  numberPooling: z.boolean().default(false),
  ageGated: z.boolean().default(false),
  directLending: z.boolean().default(false),
});
export type TCampaignBody = z.input<typeof ZCampaignBody>;

export interface TCampaignWarning {
  field: string;
  message: string;
}

const LINK = /\b(?:https?:\/\/|www\.)\S+|\b[a-z0-9-]+\.(?:com|net|org|io|co|us|ly)\/\S*/i;
const PHONE = /(?:\+?1[\s.-]?)?\(?\b\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}\b/;
const OPT_OUT = /\b(?:stop|unsubscribe|opt[\s-]?out|cancel|end|quit)\b/i;
const NO_LINK_USE_CASES: readonly string[] = ['2FA', 'Security Alert', 'Fraud Alert'];

/**
 * What the registry commonly rejects, checked before anything is sent: samples that do not name
 * the brand, no opt-out language, samples at odds with the use case or the flags, no opt-in
 * description.
 */
export function campaignWarnings(
  body: {
    useCase?: string | null | undefined;
    messageFlow?: string | null | undefined;
    sampleMessages?: string[] | undefined;
    embeddedLinks?: boolean | undefined;
    embeddedPhone?: boolean | undefined;
  },
  brandName: string | null,
): TCampaignWarning[] {
  const warnings: TCampaignWarning[] = [];
  const samples = (body.sampleMessages ?? []).map((s) => s.trim());
  const brand = brandName?.trim().toLowerCase();
  samples.forEach((s, i) => {
    if (!s) return;
    if (brand && !s.toLowerCase().includes(brand))
      warnings.push({ field: `sampleMessages.${i}`, message: `Sample ${i + 1} does not name the brand (${brandName})` });
    if (NO_LINK_USE_CASES.includes(body.useCase ?? '') && LINK.test(s))
      warnings.push({
        field: `sampleMessages.${i}`,
        message: `Sample ${i + 1} has a link, which ${body.useCase} campaigns should not contain`,
      });
    else if (LINK.test(s) && !body.embeddedLinks)
      warnings.push({ field: 'embeddedLinks', message: `Sample ${i + 1} has a link: tick Embedded links` });
    if (PHONE.test(s) && !body.embeddedPhone)
      warnings.push({ field: 'embeddedPhone', message: `Sample ${i + 1} has a phone number: tick Embedded phone numbers` });
  });
  if (samples.some(Boolean) && !samples.some((s) => OPT_OUT.test(s)))
    warnings.push({ field: 'sampleMessages.0', message: 'No sample says how to opt out: add "Reply STOP to opt out" to at least one' });
  if ((body.messageFlow ?? '').trim().length < 40)
    warnings.push({
      field: 'messageFlow',
      message: 'Describe how people opt in (where they give their number and what they agree to), in at least 40 characters',
    });
  return warnings;
}

export const ZCampaignEvent = z.object({
  id: ZId,
  status: z.enum(CAMPAIGN_STATUSES),
  reason: z.string().nullable(),
  by: z.string().nullable(),
  at: ZIsoDateTime,
});

export const ZCampaign = z.object({
  id: ZId,
  campaignCode: z.string(),
  ...accountOwnerFields,
  brandId: ZId,
  brandName: z.string(),
  name: z.string(),
  useCase: z.string().nullable(),
  description: z.string().nullable(),
  status: z.enum(CAMPAIGN_STATUSES),
  rejectionReason: z.string().nullable(),
  numbers: z.number().int(),
  sent: z.number().int(),
  delivered: z.number().int(),
  createdAt: ZIsoDateTime,
  updatedAt: ZIsoDateTime,
});
export type TCampaign = z.infer<typeof ZCampaign>;

export const ZCampaignDetail = ZCampaign.extend({
  messageFlow: z.string().nullable(),
  sampleMessages: z.array(z.string()),
  optInKeywords: z.string().nullable(),
  optInMessage: z.string().nullable(),
  optOutKeywords: z.string().nullable(),
  optOutMessage: z.string().nullable(),
  helpKeywords: z.string().nullable(),
  helpMessage: z.string().nullable(),
  embeddedLinks: z.boolean(),
  embeddedPhone: z.boolean(),
  numberPooling: z.boolean(),
  ageGated: z.boolean(),
  directLending: z.boolean(),
  timeline: z.array(ZCampaignEvent),
  linkedNumbers: z.array(z.object({ id: ZId, number: z.string() })),
  /** The account's local SMS numbers no other campaign holds (what Link Numbers offers). */
  linkableNumbers: z.array(z.object({ id: ZId, number: z.string() })),
});
export type TCampaignDetail = z.infer<typeof ZCampaignDetail>;

export const ZListCampaignsQuery = ZScopedPageQuery.extend({
  status: optional(z.enum(CAMPAIGN_STATUSES)),
  search: ZSearch,
});
export type TListCampaignsQuery = z.infer<typeof ZListCampaignsQuery>;

export const ZCampaignStatusBody = z
  .object({ status: z.enum(CAMPAIGN_STATUSES), reason: ZOptionalText(500) })
  .refine((v) => v.status !== 'Rejected' || Boolean(v.reason), { message: REASON_REQUIRED, path: ['reason'] });

export const ZCampaignNumbersBody = z.object({ numberIds: z.array(ZId).max(500) });

// ---------------------------------------------------------------------------------------------
// Templates

export const ZTemplateBody = z.object({
  customerId: optional(ZId),
  /** Empty: the template serves every sub-account of the company. */
  accountId: optional(ZId.nullable()),
  name: ZRequiredText('Template name', 100),
  type: z.enum(MESSAGE_TYPES),
  body: ZText().trim().min(1, 'Message is required').max(1600, 'At most 1,600 characters (10 segments)'),
  status: z.enum(TEMPLATE_STATUSES).default('Draft'),
});
export type TTemplateBody = z.input<typeof ZTemplateBody>;

export const ZTemplate = z.object({
  id: ZId,
  ...customerOwnerFields,
  name: z.string(),
  type: z.enum(MESSAGE_TYPES),
  body: z.string(),
  status: z.enum(TEMPLATE_STATUSES),
  encoding: z.enum(['GSM-7', 'UCS-2']),
  segments: z.number().int(),
  createdAt: ZIsoDateTime,
  lastModified: ZIsoDateTime,
});
export type TTemplate = z.infer<typeof ZTemplate>;

export const ZListTemplatesQuery = ZScopedPageQuery.extend({
  status: optional(z.enum(TEMPLATE_STATUSES)),
  type: optional(z.enum(MESSAGE_TYPES)),
  search: ZSearch,
});
export type TListTemplatesQuery = z.infer<typeof ZListTemplatesQuery>;

export const ZPricesQuery = z.object({ accountId: optional(ZId) });

// ---------------------------------------------------------------------------------------------
// Messages (delivery reports, message logs): keyset paged like CDRs.

export const ZMessageFilters = ZRecordFilters.extend({
  status: optional(z.enum(MESSAGE_STATUSES)),
  type: optional(z.enum(MESSAGE_TYPES)),
  direction: optional(z.enum(MESSAGE_DIRECTIONS)),
});
export type TMessageFilters = z.infer<typeof ZMessageFilters>;

export const ZListMessagesQuery = ZMessageFilters.extend(ZRecordPage).refine(dateOrder, DATE_ORDER);
export type TListMessagesQuery = z.infer<typeof ZListMessagesQuery>;
export const ZExportMessagesQuery = ZMessageFilters.refine(dateOrder, DATE_ORDER);
export type TExportMessagesQuery = z.infer<typeof ZExportMessagesQuery>;

export const MESSAGE_CSV_HEADER = [
  'Date/Time',
  'Message ID',
  'Account',
  'From',
  'To',
  'Type',
  'Direction',
  'Status',
  'Segments',
  'Cost (USD)',
] as const;

export const ZMessage = z.object({
  id: z.string(),
  messageId: z.string(),
  accountId: ZId,
  accountName: z.string(),
  fromNumber: z.string(),
  toNumber: z.string(),
  type: z.enum(MESSAGE_TYPES),
  direction: z.enum(MESSAGE_DIRECTIONS),
  status: z.enum(MESSAGE_STATUSES),
  segments: z.number().int(),
  cost: z.number(),
  sentAt: ZIsoDateTime,
});
export type TMessage = z.infer<typeof ZMessage>;
