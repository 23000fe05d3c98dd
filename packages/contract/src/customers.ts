import { z } from 'zod';
import { ZEmail, ZIsoDateTime, ZOptionalText, ZPageQuery, ZRequiredText, ZSortDir, ZText } from './common.ts';
import { ZPhone } from './phone.ts';

export const CUSTOMER_STATUSES = ['active', 'pending', 'suspended', 'inactive'] as const;
export const ZCustomerStatus = z.enum(CUSTOMER_STATUSES);
export type TCustomerStatus = z.infer<typeof ZCustomerStatus>;

/** Revenue bands of the customer list filter (spec 9), in USD. */
export const REVENUE_BANDS = [
  { value: 'under-10k', label: 'Under $10,000', min: 0, max: 10_000 },
  { value: '10k-50k', label: '$10,000 – $50,000', min: 10_000, max: 50_000 },
  { value: '50k-100k', label: '$50,000 – $100,000', min: 50_000, max: 100_000 },
  { value: '100k-plus', label: '$100,000 and over', min: 100_000, max: null },
] as const;
export const ZRevenueBand = z.enum(['under-10k', '10k-50k', '50k-100k', '100k-plus']);

export const CUSTOMER_SORTS = ['name', 'customerId', 'revenue', 'status', 'createdAt'] as const;

export const ZListCustomersQuery = ZPageQuery.extend({
  /** Matches the name or the customer ID. */
  search: ZText().trim().max(100).optional(),
  status: ZCustomerStatus.optional(),
  revenue: ZRevenueBand.optional(),
  sort: z.enum(CUSTOMER_SORTS).default('name'),
  dir: ZSortDir,
});
export type TListCustomersQuery = z.infer<typeof ZListCustomersQuery>;

export const ZPerson = z.object({ id: z.uuid(), name: z.string(), email: z.string(), phone: z.string().nullable() });
export type TPerson = z.infer<typeof ZPerson>;

export const ZContact = z.object({
  name: z.string().nullable(),
  title: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});
export type TContact = z.infer<typeof ZContact>;

export const ZCustomerListItem = z.object({
  id: z.uuid(),
  customerId: z.string(),
  name: z.string(),
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  revenue: z.number(),
  status: ZCustomerStatus,
  accountCount: z.number().int(),
  createdAt: ZIsoDateTime,
});
export type TCustomerListItem = z.infer<typeof ZCustomerListItem>;

export const ZCustomer = z.object({
  id: z.uuid(),
  customerId: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  website: z.string().nullable(),
  industry: z.string().nullable(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  country: z.string(),
  status: ZCustomerStatus,
  accountType: z.string(),
  revenue: z.number(),
  createdAt: ZIsoDateTime,
  accountManager: ZPerson.nullable(),
  primaryContact: ZContact,
  billingContact: ZContact,
});
export type TCustomer = z.infer<typeof ZCustomer>;

/** The Company Profile modal and the New Customer form; the customer ID is assigned by the server. */
export const ZCustomerBody = z.object({
  name: ZRequiredText('Company name'),
  email: ZEmail,
  phone: ZPhone,
  address: ZRequiredText('Address'),
  city: ZText().trim().max(100).default(''),
  state: ZText().trim().max(100).default(''),
  zipCode: ZText().trim().max(20).default(''),
  country: ZText().trim().max(100).default('United States'),
  status: ZCustomerStatus,
  accountManagerId: z.uuid('Choose an account manager').nullable(),
  website: ZOptionalText(200),
  industry: ZOptionalText(100),
});
export type TCustomerBody = z.input<typeof ZCustomerBody>;

export const ZCustomerSuggestionsQuery = z.object({
  q: ZText().trim().min(1).max(100),
  limit: z.coerce.number().int().min(1).max(20).default(8),
});
export const ZCustomerSuggestion = z.object({ id: z.uuid(), name: z.string(), customerId: z.string(), status: ZCustomerStatus });
export type TCustomerSuggestion = z.infer<typeof ZCustomerSuggestion>;

/** Staff who may be chosen as a customer's or account's account manager. */
export const ZStaffOption = z.object({ id: z.uuid(), name: z.string(), email: z.string(), role: z.string() });
export type TStaffOption = z.infer<typeof ZStaffOption>;

export const ZCustomerNote = z.object({ id: z.uuid(), body: z.string(), authorName: z.string().nullable(), createdAt: ZIsoDateTime });
export type TCustomerNote = z.infer<typeof ZCustomerNote>;
export const ZNoteBody = z.object({ body: ZRequiredText('Note', 4000) });

export const ZActivityEntry = z.object({
  id: z.number().int(),
  action: z.string(),
  summary: z.string(),
  actor: z.string().nullable(),
  createdAt: ZIsoDateTime,
});
export type TActivityEntry = z.infer<typeof ZActivityEntry>;

/** 382 Network: Inbound is shown as Call Origination, Outbound as Call Termination. */
export const ZIpAddress = z.object({
  id: z.uuid(),
  ipAddress: z.string(),
  type: z.enum(['Inbound', 'Outbound']),
  status: z.string(),
  description: z.string().nullable(),
  accountName: z.string().nullable(),
  lastUpdated: ZIsoDateTime,
});
export type TIpAddress = z.infer<typeof ZIpAddress>;

export const ZImpersonateResponse = z.object({ ok: z.literal(true), redirectTo: z.string() });
