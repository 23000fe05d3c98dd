import {
  cardBrand,
  parseExpiry,
  type TBillingSummary,
  type TPaymentMethod,
  type ZAddPaymentMethodBody,
  type ZBillingContactBody,
} from '@portal/contract/billing';
import type { z } from 'zod';
import type { paymentMethods } from '../../db/schema/index.ts';
import { type Ctx, inTransaction, ownCustomer } from '../../lib/context.ts';
import { AppError, invalid, notFound } from '../../lib/errors.ts';
import { auditFor } from '../audit/service.ts';
import { requireFreshTwoFactor } from '../auth/service.ts';
import { updateCustomerRow } from '../customers/service.ts';
import * as repo from './repo.ts';

const audit = { customer: auditFor('customer'), paymentMethod: auditFor('payment_method') };

type MethodRow = typeof paymentMethods.$inferSelect;

/** Expired after its month ends; Expiring Soon within the next two months. */
export function methodStatus(row: Pick<MethodRow, 'expMonth' | 'expYear'>, now = new Date()): TPaymentMethod['status'] {
  if (!row.expMonth || !row.expYear) return 'Active';
  const months = (row.expYear - now.getFullYear()) * 12 + (row.expMonth - (now.getMonth() + 1));
  if (months < 0) return 'Expired';
  return months <= 2 ? 'Expiring Soon' : 'Active';
}

function toMethod(r: MethodRow): TPaymentMethod {
  return {
    id: r.id,
    type: r.type,
    holderName: r.holderName,
    brand: r.brand,
    last4: r.last4,
    expMonth: r.expMonth,
    expYear: r.expYear,
    bankName: r.bankName,
    accountType: r.accountType,
    isDefault: r.isDefault,
    status: methodStatus(r),
    createdAt: r.createdAt.toISOString(),
  };
}

/** The customer the caller may reach: staff any live customer, a customer user only their own (else 404). */
async function reachableCustomer(ctx: Ctx, customerId: string) {
  const own = ownCustomer(ctx);
  if (own && own !== customerId) throw notFound('Customer');
  const row = await repo.customerExists(ctx.db, customerId);
  if (!row) throw notFound('Customer');
  return row;
}

export async function listPaymentMethods(ctx: Ctx, customerId: string): Promise<TPaymentMethod[]> {
  await reachableCustomer(ctx, customerId);
  return (await repo.listPaymentMethods(ctx.db, customerId)).map(toMethod);
}

/**
 * Stores a card as brand, last 4 and expiry, a bank account as bank, type and last 4s: never the
 * full number, the routing number or the CVV. Exactly one default: the first method is the
 * default, and a new default clears the old one in the same transaction.
 */
export async function addPaymentMethod(
  ctx: Ctx,
  customerId: string,
  body: z.output<typeof ZAddPaymentMethodBody>,
): Promise<TPaymentMethod> {
  const customer = await reachableCustomer(ctx, customerId);
  await requireFreshTwoFactor(ctx, body.twoFactorCode);
  const row = await inTransaction(ctx, async (tx) => {
    const isDefault = body.isDefault || (await repo.countPaymentMethods(tx.db, customerId)) === 0;
    if (isDefault) await repo.clearDefault(tx.db, customerId);
    const common = { customerId, accountId: null, holderName: body.holderName, isDefault };
    const values: typeof paymentMethods.$inferInsert =
      body.type === 'credit_card'
        ? (() => {
            const [expMonth, expYear] = parseExpiry(body.expiry) ?? [null, null];
            return {
              ...common,
              type: 'credit_card' as const,
              brand: cardBrand(body.cardNumber),
              last4: body.cardNumber.slice(-4),
              expMonth,
              expYear,
            };
          })()
        : {
            ...common,
            type: 'bank_account' as const,
            bankName: body.bankName,
            accountType: body.accountType,
            last4: body.accountNumber.slice(-4),
            routingLast4: body.routingNumber.slice(-4),
          };
    const inserted = await repo.insertPaymentMethod(tx.db, values);
    if (!inserted) throw new Error('Payment method insert returned nothing');
    const label =
      inserted.type === 'credit_card' ? `${inserted.brand} •••• ${inserted.last4}` : `${inserted.bankName} •••• ${inserted.last4}`;
    await audit.paymentMethod(
      tx,
      'payment_method.create',
      { id: inserted.id, customerId },
      `Added payment method ${label} for ${customer.name}${isDefault ? ' (default)' : ''}`,
      { after: toMethod(inserted) },
    );
    return inserted;
  });
  return toMethod(row);
}

export async function updateBillingContact(
  ctx: Ctx,
  customerId: string,
  body: z.output<typeof ZBillingContactBody>,
): Promise<{ ok: true }> {
  const customer = await reachableCustomer(ctx, customerId);
  await inTransaction(ctx, async (tx) => {
    const row = await updateCustomerRow(tx, customerId, {
      billingContactName: body.name,
      billingContactTitle: body.title,
      billingContactEmail: body.email,
      billingContactPhone: body.phone,
    });
    if (!row) throw notFound('Customer');
    await audit.customer(
      tx,
      'customer.billing_contact_update',
      { id: customerId, customerId },
      `Updated the billing contact of ${customer.name}`,
      { after: body },
    );
  });
  return { ok: true };
}

export async function billingSummary(ctx: Ctx, customerId: string): Promise<TBillingSummary> {
  await reachableCustomer(ctx, customerId);
  const [cost, last] = await Promise.all([repo.monthlyCost(ctx.db, customerId), repo.lastInvoice(ctx.db, customerId)]);
  const now = new Date();
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return {
    currentMonthlyCost: cost,
    lastInvoiceAmount: last?.amount ?? null,
    lastInvoiceDate: last?.issueDate ?? null,
    paymentStatus: last?.status ?? 'No invoices',
    nextBillingDate: next.toISOString().slice(0, 10),
  };
}

/** Make Default: exactly one default; the old one is cleared in the same transaction. */
export async function makeDefaultMethod(ctx: Ctx, customerId: string, methodId: string, twoFactorCode?: string): Promise<TPaymentMethod> {
  const customer = await reachableCustomer(ctx, customerId);
  await requireFreshTwoFactor(ctx, twoFactorCode);
  const row = await inTransaction(ctx, async (tx) => {
    const method = await repo.findPaymentMethod(tx.db, customerId, methodId);
    if (!method || method.accountId) throw notFound('Payment method');
    if (methodStatus(method) === 'Expired')
      throw invalid({ paymentMethodId: 'An expired card cannot be the default' }, 'An expired card cannot be the default');
    const updated = await repo.setDefaultMethod(tx.db, customerId, methodId);
    if (!updated) throw notFound('Payment method');
    await audit.paymentMethod(
      tx,
      'payment_method.default',
      { id: methodId, customerId },
      `Made ${updated.brand ?? updated.bankName ?? 'the method'} •••• ${updated.last4} the default payment method of ${customer.name}`,
    );
    return updated;
  });
  return toMethod(row);
}

/** Remove: the default cannot be removed while others exist (make another the default first); auto-pay needs one. */
export async function removePaymentMethod(ctx: Ctx, customerId: string, methodId: string, twoFactorCode?: string): Promise<void> {
  const customer = await reachableCustomer(ctx, customerId);
  await requireFreshTwoFactor(ctx, twoFactorCode);
  await inTransaction(ctx, async (tx) => {
    const method = await repo.findPaymentMethod(tx.db, customerId, methodId);
    if (!method) throw notFound('Payment method');
    const others = (await repo.countPaymentMethods(tx.db, customerId)) - (method.accountId ? 0 : 1);
    if (method.isDefault && others > 0) throw new AppError(409, 'CONFLICT', 'Make another method the default before removing this one');
    if (method.isDefault && (await repo.customerAutoPay(tx.db, customerId)))
      throw new AppError(409, 'CONFLICT', 'Turn off auto-pay before removing the last payment method');
    await repo.softDeleteMethod(tx.db, methodId);
    await audit.paymentMethod(
      tx,
      'payment_method.delete',
      { id: methodId, customerId },
      `Removed payment method ${method.brand ?? method.bankName ?? ''} •••• ${method.last4} of ${customer.name}`,
    );
  });
}

export { deckIdForAccount, deckIdsForAccounts } from './deck-repo.ts';
export { createDeck, deleteDeck, importRates, listDecks, listRates, rateCall, raterOf, rerate } from './decks.ts';
export { overdueAndReminders, runInvoices } from './invoice-runs.ts';
export {
  addAdjustment,
  deleteDraft,
  exportInvoices,
  finalizeInvoice,
  generateInvoice,
  getInvoice,
  invoicePdfOf,
  listInvoices,
  sendReminder,
  voidInvoice,
} from './invoices.ts';
export { billingOverview, checkBudgets, setBudget } from './overview.ts';
export { exportPayments, listPayments, payInvoice, runAutoPay, setAutoPay, settlePayment } from './payments.ts';
