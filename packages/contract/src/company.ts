import { z } from 'zod';
import { ZEmail, ZIsoDateTime, ZOptionalText, ZRequiredText, ZText } from './common.ts';
import { ZPhone } from './phone.ts';

/** The customer's own company profile (customer document: Company Profile, sections 3 and 5). */
export const ZCompanyProfile = z.object({
  name: z.string(),
  website: z.string().nullable(),
  industry: z.string().nullable(),
  founded: z.string().nullable(),
  contactName: z.string(),
  contactTitle: z.string().nullable(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  country: z.string(),
  phone: z.string(),
  email: z.string(),
  billingContactName: z.string(),
  billingContactTitle: z.string().nullable(),
  billingContactPhone: z.string().nullable(),
  billingEmail: z.string(),
  billingSameAsCompany: z.boolean(),
  billingAddress: z.string(),
  billingCity: z.string(),
  billingState: z.string(),
  billingZipCode: z.string(),
  billingCountry: z.string(),
  taxID: z.string().nullable(),
  // Read-only (the account tab).
  accountNumber: z.string(),
  accountType: z.string(),
  activationDate: ZIsoDateTime,
  accountManager: z.string().nullable(),
  status: z.string(),
});
export type TCompanyProfile = z.infer<typeof ZCompanyProfile>;

/**
 * Required: name, contactName, address, city, state, zipCode, country, phone, email,
 * billingContactName, billingEmail and the billing address fields (customer document, section 5);
 * with 'Same as company address' the server copies the company address into the billing address.
 */
export const ZUpdateCompanyProfileBody = z
  .object({
    name: ZRequiredText('Company name', 200),
    website: ZOptionalText(200),
    industry: ZOptionalText(100),
    founded: ZOptionalText(20),
    contactName: ZRequiredText('Contact name', 120),
    contactTitle: ZOptionalText(120),
    address: ZRequiredText('Address', 300),
    city: ZRequiredText('City', 100),
    state: ZRequiredText('State', 100),
    zipCode: ZRequiredText('ZIP code', 20),
    country: ZRequiredText('Country', 100),
    phone: ZPhone,
    email: ZEmail,
    billingContactName: ZRequiredText('Billing contact name', 120),
    billingContactTitle: ZOptionalText(120),
    billingContactPhone: ZOptionalText(30),
    billingEmail: ZEmail,
    billingSameAsCompany: z.boolean(),
    billingAddress: ZText().trim().max(300).default(''),
    billingCity: ZText().trim().max(100).default(''),
    billingState: ZText().trim().max(100).default(''),
    billingZipCode: ZText().trim().max(20).default(''),
    billingCountry: ZText().trim().max(100).default(''),
    taxID: ZOptionalText(40),
  })
  .superRefine((v, ctx) => {
    if (v.billingSameAsCompany) return;
    const labels = {
      billingAddress: 'Billing address',
      billingCity: 'Billing city',
      billingState: 'Billing state',
      billingZipCode: 'Billing ZIP code',
      billingCountry: 'Billing country',
    } as const;
    for (const [key, label] of Object.entries(labels)) {
      if (!v[key as keyof typeof labels]) ctx.addIssue({ code: 'custom', path: [key], message: `${label} is required` });
    }
  });
export type TUpdateCompanyProfileBody = z.input<typeof ZUpdateCompanyProfileBody>;
