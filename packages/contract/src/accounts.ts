import { z } from 'zod';
import { ZEmail, ZIsoDateTime, ZOptionalText, ZPageQuery, ZRequiredText, ZSortDir, ZText } from './common.ts';
import { ZContact, ZPerson } from './customers.ts';

export const ACCOUNT_STATUSES = ['active', 'inactive', 'pending', 'suspended', 'cancelled'] as const;
export const ZAccountStatus = z.enum(ACCOUNT_STATUSES);
export type TAccountStatus = z.infer<typeof ZAccountStatus>;
/** What the customer portal's Add Account modal offers (active is the default). */
export const SUB_ACCOUNT_STATUSES = ['active', 'pending', 'inactive'] as const;
/** The kinds of service an account takes (also the services of the daily usage rollups). */
export const SERVICE_TYPES = ['SMS', 'Voice', 'Numbers'] as const;
export const ACCOUNT_SERVICE_STATUSES = ['active', 'pending', 'inactive'] as const;
/**
 * A customer Admin may switch an account between these two only; pending, suspended and
 * cancelled are the provider's to set or lift (staff).
 */
export const CUSTOMER_SETTABLE_STATUSES = ['active', 'inactive'] as const;
export const STAFF_ONLY_STATUS = 'Only the provider can set or lift this status';

/** The statuses a role may choose for an account now in `current` (undefined: a new account). */
export function allowedAccountStatuses(kind: 'staff' | 'customer', current?: TAccountStatus): readonly TAccountStatus[] {
  if (kind === 'staff') return ACCOUNT_STATUSES;
  if (current === undefined) return SUB_ACCOUNT_STATUSES;
  if (!(CUSTOMER_SETTABLE_STATUSES as readonly string[]).includes(current)) return [current];
  return CUSTOMER_SETTABLE_STATUSES;
}

/** Spec 9: an account without its own figure is shown with 100; a sub-account made in the customer portal gets 30. */
export const DEFAULT_MAX_VOICE_CHANNELS = 100;
export const SUB_ACCOUNT_MAX_VOICE_CHANNELS = 30;
/** The most channels one account may be allocated (the spec gives no per-role bound). */
export const MAX_VOICE_CHANNELS_LIMIT = 10_000;
export const INVALID_CHANNELS = 'Please enter a valid number of channels';

/**
 * The one channel-allocation rule, for the accounts routes, the voice route and their forms: a
 * whole number from 1 to the limit, as a JSON number or a plain digit string (never "1.5",
 * "1e3" or "").
 */
export const ZMaxVoiceChannels = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
  z.number({ message: INVALID_CHANNELS }).int(INVALID_CHANNELS).min(1, INVALID_CHANNELS).max(MAX_VOICE_CHANNELS_LIMIT, INVALID_CHANNELS),
);

export const ACCOUNT_SORTS = ['name', 'accountId', 'status', 'createdAt'] as const;

export const ZListAccountsQuery = ZPageQuery.extend({
  /** Staff: the customer whose accounts to list (all customers when absent). Ignored for customer users. */
  customerId: z.uuid().optional(),
  search: ZText().trim().max(100).optional(),
  status: ZAccountStatus.optional(),
  sort: z.enum(ACCOUNT_SORTS).default('createdAt'),
  dir: ZSortDir,
});
export type TListAccountsQuery = z.infer<typeof ZListAccountsQuery>;

/** What every view of an account begins with. */
const accountHead = {
  id: z.uuid(),
  accountId: z.string(),
  customerId: z.uuid(),
  customerName: z.string(),
  name: z.string(),
  status: ZAccountStatus,
};

export const ZAccountListItem = z.object({
  ...accountHead,
  accountManagerName: z.string().nullable(),
  useCustomerBilling: z.boolean(),
  smsNumbers: z.number().int(),
  voiceNumbers: z.number().int(),
  maxVoiceChannels: z.number().int(),
  createdAt: ZIsoDateTime,
  lastAccessedAt: ZIsoDateTime.nullable(),
});
export type TAccountListItem = z.infer<typeof ZAccountListItem>;

/** An account in the caller's scope, for pickers (numbers, voice) and the account switcher. */
export const ZAccountOption = z.object({
  id: z.uuid(),
  accountId: z.string(),
  name: z.string(),
  customerId: z.uuid(),
  customerName: z.string(),
});
export type TAccountOption = z.infer<typeof ZAccountOption>;
export const ACCOUNT_OPTIONS_LIMIT = 500;
/**
 * The one "accounts in my scope" query: customer users always get their own company's accounts;
 * staff any customer's (all customers when customerId is absent). q matches the account's name,
 * its ID or its customer's name, every word; accountId narrows to that one account.
 */
export const ZAccountOptionsQuery = z.object({
  customerId: z.uuid().optional(),
  accountId: z.uuid().optional(),
  q: ZText().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(ACCOUNT_OPTIONS_LIMIT).default(ACCOUNT_OPTIONS_LIMIT),
});
export type TAccountOptionsQuery = z.infer<typeof ZAccountOptionsQuery>;

export const ZAccountService = z.object({
  id: z.uuid(),
  name: z.string(),
  serviceType: z.enum(SERVICE_TYPES),
  status: z.enum(ACCOUNT_SERVICE_STATUSES),
  monthlyCost: z.number(),
});
export type TAccountService = z.infer<typeof ZAccountService>;

export const ZAccount = z.object({
  ...accountHead,
  createdAt: ZIsoDateTime,
  accountManager: ZPerson.nullable(),
  billingInfo: z.object({ useCustomerBilling: z.boolean(), contact: ZContact, address: z.string().nullable() }),
  maxVoiceChannels: z.number().int(),
  smsNumbers: z.number().int(),
  voiceNumbers: z.number().int(),
  services: z.array(ZAccountService),
});
export type TAccount = z.infer<typeof ZAccount>;

const billingFields = {
  useCustomerBilling: z.boolean().default(true),
  billingContactName: ZOptionalText(120),
  billingContactTitle: ZOptionalText(120),
  billingContactEmail: z
    .union([z.literal(''), ZEmail])
    .nullish()
    .transform((v) => v || null),
  billingContactPhone: ZOptionalText(30),
  billingAddress: ZOptionalText(300),
};

/** Custom billing needs at least a contact name and email. */
function requireCustomBilling(
  v: { useCustomerBilling: boolean; billingContactName: string | null; billingContactEmail: string | null },
  ctx: z.RefinementCtx,
) {
  if (v.useCustomerBilling) return;
  if (!v.billingContactName) ctx.addIssue({ code: 'custom', path: ['billingContactName'], message: 'Billing contact name is required' });
  if (!v.billingContactEmail) ctx.addIssue({ code: 'custom', path: ['billingContactEmail'], message: 'Billing contact email is required' });
}

/** New account (admin New Account page and the customer Add Account modal). */
export const ZCreateAccountBody = z
  .object({
    /** Staff must name the customer; a customer user's own company is used whatever is sent. */
    customerId: z.uuid('Choose a customer').optional(),
    name: ZRequiredText('Account name', 120),
    /** The human account ID (e.g. ACC-1001-07); generated when left blank by staff. */
    accountId: ZText()
      .trim()
      .max(40)
      .regex(/^[A-Za-z0-9_-]*$/, 'Use letters, digits, dashes and underscores')
      .optional(),
    status: ZAccountStatus.default('active'),
    accountManagerId: z.uuid().nullish(),
    maxVoiceChannels: ZMaxVoiceChannels.optional(),
    ...billingFields,
  })
  .superRefine(requireCustomBilling);
export type TCreateAccountBody = z.input<typeof ZCreateAccountBody>;

export const ZUpdateAccountBody = z
  .object({
    name: ZRequiredText('Account name', 120),
    status: ZAccountStatus,
    accountManagerId: z.uuid().nullish(),
    maxVoiceChannels: ZMaxVoiceChannels,
    ...billingFields,
  })
  .superRefine(requireCustomBilling);
export type TUpdateAccountBody = z.input<typeof ZUpdateAccountBody>;

export const ZServiceBody = z.object({
  name: ZRequiredText('Service name', 120),
  serviceType: z.enum(SERVICE_TYPES),
  status: z.enum(ACCOUNT_SERVICE_STATUSES).default('active'),
  monthlyCost: z.coerce.number().min(0, 'Monthly cost cannot be negative').max(1_000_000),
});
export type TServiceBody = z.input<typeof ZServiceBody>;
