import type { TPage } from '@portal/contract/common';
import { BRAND_FIELD_LABELS, type TBrand, type TListBrandsQuery, type ZBrandBody, type ZReviewBrandBody } from '@portal/contract/messaging';
import type { z } from 'zod';
import { type Ctx, inTransaction, ownCustomer } from '../../lib/context.ts';
import { invalid, notFound } from '../../lib/errors.ts';
import { resolveListScope } from '../../lib/list-scope.ts';
import { pageOf } from '../../lib/paging.ts';
import { auditFor } from '../audit/service.ts';
import * as repo from './repo.ts';
import { iso, newCode, notifyCompany, targetCustomer } from './shared.ts';

const audit = auditFor('brand');

// Brands

type BrandRow = NonNullable<Awaited<ReturnType<typeof repo.brandById>>>;
const toBrand = (r: BrandRow): TBrand => ({
  ...r,
  rejectionField: (r.rejectionField as TBrand['rejectionField']) ?? null,
  createdAt: iso(r.createdAt),
  updatedAt: iso(r.updatedAt),
});

export async function listBrands(ctx: Ctx, q: TListBrandsQuery): Promise<TPage<TBrand>> {
  const scope = await resolveListScope(ctx, { customerId: q.customerId });
  const { rows, total } = await repo.listBrands(ctx.db, scope, q);
  return pageOf(rows.map(toBrand), total, q);
}

export async function getBrand(ctx: Ctx, id: string): Promise<TBrand> {
  const row = await repo.brandById(ctx.db, id, ownCustomer(ctx));
  if (!row) throw notFound('Brand');
  return toBrand(row);
}

const brandValues = (b: z.output<typeof ZBrandBody>) => ({
  name: b.name,
  legalName: b.legalName,
  taxId: b.taxId,
  entityType: b.entityType,
  vertical: b.vertical,
  website: b.website,
  supportEmail: b.supportEmail,
  supportPhone: b.supportPhone,
  street: b.street,
  city: b.city,
  state: b.state,
  postalCode: b.postalCode,
  description: b.description,
});

/** Registers a brand: it waits (Pending) for the provider's review. */
export async function createBrand(ctx: Ctx, body: z.output<typeof ZBrandBody>): Promise<TBrand> {
  const customerId = await targetCustomer(ctx, body.customerId);
  const id = await inTransaction(ctx, async (tx) => {
    const brandCode = await newCode(tx.db, 'B', repo.brandCodeTaken);
    const { id } = await repo.insertBrand(tx.db, { customerId, brandCode, status: 'Pending', ...brandValues(body) });
    await audit(tx, 'messaging.brand.create', { id, customerId }, `Registered brand ${body.name} (${brandCode})`, {
      after: { ...brandValues(body), brandCode },
    });
    return id;
  });
  return getBrand(ctx, id);
}

/** Corrects a pending or rejected brand; a rejected one goes back to Pending for review. */
export async function updateBrand(ctx: Ctx, id: string, body: z.output<typeof ZBrandBody>): Promise<TBrand> {
  const before = await getBrand(ctx, id);
  if (before.status === 'Approved') throw invalid({ name: 'An approved brand cannot be changed; register a new one' });
  await inTransaction(ctx, async (tx) => {
    await repo.updateBrand(tx.db, id, {
      ...brandValues(body),
      status: 'Pending',
      rejectionReason: null,
      rejectionField: null,
      updatedAt: new Date(),
    });
    await audit(
      tx,
      'messaging.brand.update',
      before,
      `${before.status === 'Rejected' ? 'Corrected and resubmitted' : 'Edited'} brand ${body.name}`,
      { before, after: brandValues(body) },
    );
  });
  return getBrand(ctx, id);
}

/** The provider's review: approve, or reject with a reason naming the field at fault. */
export async function reviewBrand(ctx: Ctx, id: string, body: z.output<typeof ZReviewBrandBody>): Promise<TBrand> {
  const before = await getBrand(ctx, id);
  if (before.status !== 'Pending') throw invalid({ decision: `The brand is ${before.status}: only a pending brand is reviewed` });
  await inTransaction(ctx, async (tx) => {
    const rejected = body.decision === 'Rejected';
    await repo.updateBrand(tx.db, id, {
      status: body.decision,
      rejectionReason: rejected ? body.reason : null,
      rejectionField: rejected ? (body.field ?? null) : null,
      updatedAt: new Date(),
    });
    const field = rejected && body.field ? ` (${BRAND_FIELD_LABELS[body.field]})` : '';
    await audit(
      tx,
      `messaging.brand.${rejected ? 'reject' : 'approve'}`,
      before,
      `${rejected ? 'Rejected' : 'Approved'} brand ${before.name}${field}`,
      { before: { status: before.status }, after: { status: body.decision, reason: body.reason, field: body.field } },
    );
    await notifyCompany(
      tx,
      before.customerId,
      `Brand ${body.decision.toLowerCase()}`,
      rejected ? `${before.name} was rejected${field}: ${body.reason}` : `${before.name} is approved: you can register campaigns for it.`,
      '/customer/messaging?tab=brands',
    );
  });
  return getBrand(ctx, id);
}
