import type { TCompanyProfile, ZUpdateCompanyProfileBody } from '@portal/contract/company';
import type { z } from 'zod';
import type { customers } from '../../db/schema/index.ts';
import { type Ctx, inTransaction, userOf } from '../../lib/context.ts';
import { notFound } from '../../lib/errors.ts';
import { auditFor } from '../audit/service.ts';
import { updateCustomerRow } from '../customers/service.ts';
import * as repo from './repo.ts';

const audit = auditFor('customer');

type CustomerRow = typeof customers.$inferSelect;

function toProfile(c: CustomerRow, managerName: string | null): TCompanyProfile {
  const same = c.billingSameAsCompany;
  return {
    name: c.name,
    website: c.website,
    industry: c.industry,
    founded: c.founded,
    contactName: c.primaryContactName ?? '',
    contactTitle: c.primaryContactTitle,
    address: c.address,
    city: c.city,
    state: c.state,
    zipCode: c.zipCode,
    country: c.country,
    phone: c.phone,
    email: c.email,
    billingContactName: c.billingContactName ?? '',
    billingContactTitle: c.billingContactTitle,
    billingContactPhone: c.billingContactPhone,
    billingEmail: c.billingContactEmail ?? '',
    billingSameAsCompany: same,
    billingAddress: (same ? c.address : c.billingAddress) ?? '',
    billingCity: (same ? c.city : c.billingCity) ?? '',
    billingState: (same ? c.state : c.billingState) ?? '',
    billingZipCode: (same ? c.zipCode : c.billingZipCode) ?? '',
    billingCountry: (same ? c.country : c.billingCountry) ?? '',
    taxID: c.taxId,
    accountNumber: c.customerCode,
    accountType: c.accountType,
    activationDate: c.createdAt.toISOString(),
    accountManager: managerName,
    status: c.status,
  };
}

function ownCompanyId(ctx: Ctx): string {
  const auth = userOf(ctx);
  if (!auth.customerId) throw notFound('Company');
  return auth.customerId;
}

export async function getCompanyProfile(ctx: Ctx): Promise<TCompanyProfile> {
  const row = await repo.findCompany(ctx.db, ownCompanyId(ctx));
  if (!row) throw notFound('Company');
  return toProfile(row.customer, row.managerName);
}

export async function updateCompanyProfile(ctx: Ctx, body: z.output<typeof ZUpdateCompanyProfileBody>): Promise<TCompanyProfile> {
  const customerId = ownCompanyId(ctx);
  const before = await getCompanyProfile(ctx);
  const same = body.billingSameAsCompany;
  await inTransaction(ctx, async (tx) => {
    const row = await updateCustomerRow(tx, customerId, {
      name: body.name,
      website: body.website,
      industry: body.industry,
      founded: body.founded,
      primaryContactName: body.contactName,
      primaryContactTitle: body.contactTitle,
      address: body.address,
      city: body.city,
      state: body.state,
      zipCode: body.zipCode,
      country: body.country,
      phone: body.phone,
      email: body.email,
      billingContactName: body.billingContactName,
      billingContactTitle: body.billingContactTitle,
      billingContactPhone: body.billingContactPhone,
      billingContactEmail: body.billingEmail,
      billingSameAsCompany: same,
      // 'Same as company address' copies the company address, so the billing address is always complete.
      billingAddress: same ? body.address : body.billingAddress,
      billingCity: same ? body.city : body.billingCity,
      billingState: same ? body.state : body.billingState,
      billingZipCode: same ? body.zipCode : body.billingZipCode,
      billingCountry: same ? body.country : body.billingCountry,
      taxId: body.taxID,
    });
    if (!row) throw notFound('Company');
    const after = toProfile(row, before.accountManager);
    await audit(tx, 'company.update', { id: customerId, customerId }, `Updated the company profile of ${row.name}`, { before, after });
  });
  return getCompanyProfile(ctx);
}
