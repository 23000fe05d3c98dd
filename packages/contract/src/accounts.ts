import { z } from 'zod';
import { ZEmail, ZIsoDateTime, ZOptionalText, ZPageQuery, ZRequiredText, ZSortDir } from './common.ts';
import { ZContact, ZPerson } from './customers.ts';

export const ACCOUNT_STATUSES = ['active', 'inactive', 'pending', 'suspended', 'cancelled'] as const;
export const ZAccountStatus = z.enum(ACCOUNT_STATUSES);
export type TAccountStatus = z.infer<typeof ZAccountStatus>;
/** What the customer portal's Add Account modal offers (active is the default). */
export const SUB_ACCOUNT_STATUSES = ['active', 'pending', 'inactive'] as const;

/** Spec 9: an account without its own figure is shown with 100; a sub-account made in the customer portal gets 30. */
export const DEFAULT_MAX_VOICE_CHANNELS = 100;
export const SUB_ACCOUNT_MAX_VOICE_CHANNELS = 30;

export const ACCOUNT_SORTS = ['name', 'accountId', 'status', 'createdAt'] as const;

export const ZListAccountsQuery = ZPageQuery.extend({
  /** Staff: the customer whose accounts to list (all customers when absent). Ignored for customer users. */
  customerId: z.uuid().optional(),
  search: z.string().trim().max(100).optional(),
  status: ZAccountStatus.optional(),
  sort: z.enum(ACCOUNT_SORTS).default('createdAt'),
  dir: ZSortDir,
});
export type TListAccountsQuery = z.infer<typeof ZListAccountsQuery>;

export const ZAccountListItem = z.object({
  id: z.uuid(),
  accountId: z.string(),
  customerId: z.uuid(),
  customerName: z.string(),
  name: z.string(),
  status: ZAccountStatus,
  accountManagerName: z.string().nullable(),
  useCustomerBilling: z.boolean(),
  smsNumbers: z.number().int(),
  voiceNumbers: z.number().int(),
  maxVoiceChannels: z.number().int(),
  createdAt: ZIsoDateTime,
  lastAccessedAt: ZIsoDateTime.nullable(),
});
export type TAccountListItem = z.infer<typeof ZAccountListItem>;

export const ZAccountOption = z.object({ id: z.uuid(), accountId: z.string(), name: z.string(), customerId: z.uuid() });
export type TAccountOption = z.infer<typeof ZAccountOption>;
export const ZAccountOptionsQuery = z.object({ customerId: z.uuid().optional() });

export const ZAccountService = z.object({
  id: z.uuid(),
  name: z.string(),
  serviceType: z.enum(['SMS', 'Voice', 'Numbers']),
  status: z.enum(['active', 'pending', 'inactive']),
  monthlyCost: z.number(),
});
export type TAccountService = z.infer<typeof ZAccountService>;

export const ZAccount = z.object({
  id: z.uuid(),
  accountId: z.string(),
  customerId: z.uuid(),
  customerName: z.string(),
  name: z.string(),
  status: ZAccountStatus,
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
    accountId: z
      .string()
      .trim()
      .max(40)
      .regex(/^[A-Za-z0-9_-]*$/, 'Use letters, digits, dashes and underscores')
      .optional(),
    status: ZAccountStatus.default('active'),
    accountManagerId: z.uuid().nullish(),
    maxVoiceChannels: z.coerce
      .number()
      .int('Please enter a valid number of channels')
      .min(1, 'Please enter a valid number of channels')
      .max(10_000)
      .optional(),
    ...billingFields,
  })
  .superRefine(requireCustomBilling);
export type TCreateAccountBody = z.input<typeof ZCreateAccountBody>;

export const ZUpdateAccountBody = z
  .object({
    name: ZRequiredText('Account name', 120),
    status: ZAccountStatus,
    accountManagerId: z.uuid().nullish(),
    maxVoiceChannels: z.coerce
      .number()
      .int('Please enter a valid number of channels')
      .min(1, 'Please enter a valid number of channels')
      .max(10_000),
    ...billingFields,
  })
  .superRefine(requireCustomBilling);
export type TUpdateAccountBody = z.input<typeof ZUpdateAccountBody>;

export const ZServiceBody = z.object({
  name: ZRequiredText('Service name', 120),
  serviceType: z.enum(['SMS', 'Voice', 'Numbers']),
  status: z.enum(['active', 'pending', 'inactive']).default('active'),
  monthlyCost: z.coerce.number().min(0, 'Monthly cost cannot be negative').max(1_000_000),
});
export type TServiceBody = z.input<typeof ZServiceBody>;
export const ZServiceParams = z.object({ id: z.uuid(), serviceId: z.uuid() });
