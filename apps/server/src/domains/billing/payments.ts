/**
 * Payments: Pay Now and auto-pay charge through the payment gateway (the built-in sandbox unless a
 * processor is configured); every attempt is recorded (Successful, Failed, Pending) and an invoice
 * is Paid once paid in full. Auto-pay retries a failed charge three times over two weeks, then
 * flags the customer for staff (dunning); it never suspends anyone silently.
 */
import type { TPaymentListItem, TPayResult, ZListPaymentsQuery } from '@portal/contract/billing';
import type { TPage } from '@portal/contract/common';
import type { z } from 'zod';
import type { paymentMethods } from '../../db/schema/index.ts';
import { enqueue } from '../../jobs/queue.ts';
import { type Ctx, inTransaction, isCustomerSide, ownCustomer } from '../../lib/context.ts';
import { AppError, invalid, notFound } from '../../lib/errors.ts';
import type { CsvExport } from '../../lib/export.ts';
import { resolveListScope } from '../../lib/list-scope.ts';
import { offsetOf, pageOf } from '../../lib/paging.ts';
import { auditFor } from '../audit/service.ts';
import { notifyUsers } from '../notifications/service.ts';
import { customerAdminIds } from '../users/service.ts';
import { type PaymentGateway, sandboxGateway } from './gateway.ts';
import { toListItem } from './invoices.ts';
import { settlePaymentJob } from './jobs.ts';
import * as repo from './repo.ts';
import { methodStatus } from './service.ts';

const audit = { customer: auditFor('customer'), invoice: auditFor('invoice'), payment: auditFor('payment') };

/** The gateway in use: the sandbox (a real processor would be chosen by configuration here). */
export const gateway: PaymentGateway = sandboxGateway;

/** Auto-pay retries after a failure, in days after the previous try: 3, 7 and 14 days after the first; then dunning. */
export const AUTO_PAY_RETRY_DAYS = [3, 4, 7] as const;

const round2 = (n: number) => Math.round(n * 100) / 100;
const money = (n: number) => n.toLocaleString('en-US', { style: 'currency', currency: 'USD' });
type MethodRow = typeof paymentMethods.$inferSelect;
const methodLabel = (m: MethodRow) =>
  m.type === 'credit_card' ? `${m.brand ?? 'Card'} •••• ${m.last4}` : `${m.bankName ?? 'Bank'} •••• ${m.last4}`;

interface ChargeOutcome {
  status: TPayResult['status'];
  message: string | null;
  paymentId: string;
}

/**
 * Charges the invoice's balance to a method, in the caller's transaction, with the invoice row
 * locked (a double click cannot pay twice), and records the attempt.
 */
async function charge(tx: Ctx, invoiceId: string, method: MethodRow, via: 'Pay Now' | 'Auto-pay'): Promise<ChargeOutcome> {
  const inv = await repo.findInvoice(tx.db, invoiceId, true);
  if (!inv) throw notFound('Invoice');
  if (inv.status !== 'Due' && inv.status !== 'Overdue') throw new AppError(409, 'CONFLICT', 'Only a due or overdue invoice can be paid');
  if (await repo.hasPendingPayment(tx.db, invoiceId))
    throw new AppError(409, 'CONFLICT', 'A payment for this invoice is still being processed');
  const balance = round2(Number(inv.amount) - Number(inv.amount_paid));
  const result = await gateway.charge({
    amount: balance,
    method: { type: method.type, last4: method.last4, brand: method.brand },
    description: inv.number ?? inv.id,
  });
  const now = new Date();
  const payment = await repo.insertPayment(tx.db, {
    customerId: inv.customer_id,
    accountId: inv.account_id,
    invoiceId,
    paymentMethodId: method.id,
    amount: balance,
    method: methodLabel(method),
    status: result.status,
    gatewayReference: result.reference,
    failureReason: result.failureReason,
    paidAt: now,
  });
  if (result.status === 'Successful') {
    await repo.updateInvoice(tx.db, invoiceId, { status: 'Paid', amountPaid: Number(inv.amount), paidAt: now, nextAutoPayAt: null });
  }
  const admins = await customerAdminIds(tx, inv.customer_id);
  await notifyUsers(
    tx,
    admins,
    result.status === 'Failed'
      ? {
          event: 'paymentFailed',
          title: 'Payment failed',
          message: `${via} of ${money(balance)} for invoice ${inv.number} with ${methodLabel(method)} failed: ${result.failureReason}`,
          link: `/customer/billing?invoice=${invoiceId}`,
        }
      : {
          event: 'paymentReceived',
          title: result.status === 'Pending' ? 'Payment pending' : 'Payment received',
          message: `${via} of ${money(balance)} for invoice ${inv.number} with ${methodLabel(method)} ${result.status === 'Pending' ? 'is being processed' : 'was received'}.`,
          link: `/customer/billing/payment-history`,
        },
  );
  await audit.invoice(
    tx,
    `payment.${result.status.toLowerCase()}`,
    { id: invoiceId, customerId: inv.customer_id },
    `${via}: ${money(balance)} for invoice ${inv.number} with ${methodLabel(method)}: ${result.status}${result.failureReason ? ` (${result.failureReason})` : ''}`,
  );
  if (result.status === 'Pending') await enqueue(tx, settlePaymentJob, { paymentId: payment.id }, { delaySeconds: 20 });
  return {
    status: result.status,
    message:
      result.status === 'Failed' ? result.failureReason : result.status === 'Pending' ? 'The bank is still processing this payment.' : null,
    paymentId: payment.id,
  };
}

/** Pay Now: the caller's chosen method (the customer's, or the invoice's account's own), not expired. */
export async function payInvoice(ctx: Ctx, invoiceId: string, paymentMethodId: string): Promise<TPayResult> {
  const outcome = await inTransaction(ctx, async (tx) => {
    const inv = await repo.findInvoice(tx.db, invoiceId);
    const own = ownCustomer(tx);
    if (!inv || (isCustomerSide(tx) && (inv.customer_id !== own || inv.status === 'Draft'))) throw notFound('Invoice');
    const method = await repo.findPaymentMethod(tx.db, inv.customer_id, paymentMethodId);
    if (!method || (method.accountId && method.accountId !== inv.account_id))
      throw invalid({ paymentMethodId: 'Choose one of your payment methods' });
    if (methodStatus(method) === 'Expired') throw invalid({ paymentMethodId: 'This card has expired' });
    return charge(tx, invoiceId, method, 'Pay Now');
  });
  const row = await repo.findInvoice(ctx.db, invoiceId);
  return { status: outcome.status, message: outcome.message, invoice: toListItem(row as repo.InvoiceRow) };
}

/** A pending payment's outcome from the gateway (the job queued by the charge). */
export async function settlePayment(ctx: Ctx, paymentId: string): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const p = await repo.findPayment(tx.db, paymentId, true);
    if (p?.status !== 'Pending') return;
    const result = await gateway.settle(p.gatewayReference ?? '', p.method.slice(-4));
    await repo.updatePayment(tx.db, paymentId, { status: result.status, failureReason: result.failureReason });
    if (result.status === 'Successful' && p.invoiceId) {
      const inv = await repo.findInvoice(tx.db, p.invoiceId, true);
      if (inv && (inv.status === 'Due' || inv.status === 'Overdue')) {
        const paid = round2(Number(inv.amount_paid) + p.amount);
        await repo.updateInvoice(tx.db, p.invoiceId, {
          amountPaid: paid,
          ...(paid >= Number(inv.amount) ? { status: 'Paid' as const, paidAt: new Date(), nextAutoPayAt: null } : {}),
        });
      }
    }
    await audit.payment(
      tx,
      `payment.${result.status.toLowerCase()}`,
      { id: paymentId, customerId: p.customerId },
      `Pending payment of ${money(p.amount)} settled: ${result.status}`,
    );
  });
}

/** Daily auto-pay: charges the default method of customers with auto-pay on for invoices whose charge date came. */
export async function runAutoPay(ctx: Ctx, now = new Date()): Promise<{ charged: number; failed: number; dunning: number }> {
  let charged = 0;
  let failed = 0;
  let dunning = 0;
  for (const due of await repo.autoPayDue(ctx.db, now)) {
    // one invoice's trouble (a concurrent Pay Now) never stops the others'
    await inTransaction(ctx, async (tx) => {
      const method = await repo.defaultMethod(tx.db, due.customerId);
      let outcome: ChargeOutcome | null = null;
      if (method && methodStatus(method, now) !== 'Expired') outcome = await charge(tx, due.invoiceId, method, 'Auto-pay');
      if (outcome && outcome.status !== 'Failed') {
        charged++;
        return;
      }
      failed++;
      const attempts = due.attempts + 1;
      const retryDays = AUTO_PAY_RETRY_DAYS[attempts - 1];
      if (retryDays === undefined) {
        dunning++;
        await repo.updateInvoice(tx.db, due.invoiceId, { autoPayAttempts: attempts, nextAutoPayAt: null });
        await repo.setDunning(tx.db, due.customerId, now);
        await audit.customer(
          tx,
          'customer.dunning',
          { id: due.customerId, customerId: due.customerId },
          `Auto-pay failed ${attempts} times for invoice ${due.number}: flagged for billing follow-up`,
        );
      } else {
        await repo.updateInvoice(tx.db, due.invoiceId, {
          autoPayAttempts: attempts,
          nextAutoPayAt: new Date(now.getTime() + retryDays * 86_400_000),
        });
        if (!method) {
          await notifyUsers(tx, await customerAdminIds(tx, due.customerId), {
            event: 'paymentFailed',
            title: 'Payment failed',
            message: `Auto-pay could not charge invoice ${due.number}: there is no usable default payment method.`,
            link: '/customer/billing/payment-methods',
          });
        }
      }
    }).catch((err: unknown) => {
      if (!(err instanceof AppError)) throw err;
      ctx.log.warn({ err, invoice: due.invoiceId }, 'auto-pay skipped an invoice');
    });
  }
  return { charged, failed, dunning };
}

export async function setAutoPay(ctx: Ctx, customerId: string, autoPay: boolean): Promise<{ ok: true }> {
  const own = ownCustomer(ctx);
  if (own && own !== customerId) throw notFound('Customer');
  await inTransaction(ctx, async (tx) => {
    const c = await repo.customerExists(tx.db, customerId);
    if (!c) throw notFound('Customer');
    if (autoPay && !(await repo.defaultMethod(tx.db, customerId)))
      throw invalid({ autoPay: 'Add a payment method before turning on auto-pay' }, 'Add a payment method before turning on auto-pay');
    await repo.setAutoPay(tx.db, customerId, autoPay);
    await audit.customer(
      tx,
      'customer.auto_pay',
      { id: customerId, customerId },
      `Turned auto-pay ${autoPay ? 'on' : 'off'} for ${c.name}`,
    );
  });
  return { ok: true };
}

function toPayment(r: repo.PaymentRow): TPaymentListItem {
  return {
    id: r.id,
    customerId: r.customer_id,
    customerName: r.customer_name,
    accountId: r.account_id,
    accountName: r.account_name,
    invoiceId: r.invoice_id,
    invoiceNumber: r.invoice_number,
    amount: Number(r.amount),
    method: r.method,
    status: r.status,
    reference: r.gateway_reference,
    failureReason: r.failure_reason,
    paidAt: new Date(r.paid_at).toISOString(),
  };
}

export async function listPayments(ctx: Ctx, q: z.output<typeof ZListPaymentsQuery>): Promise<TPage<TPaymentListItem>> {
  const scope = await resolveListScope(ctx, q);
  const { rows, total } = await repo.listPayments(
    ctx.db,
    { ...scope, status: q.status, from: q.from, to: q.to, search: q.search },
    q.pageSize,
    offsetOf(q),
  );
  return pageOf(rows.map(toPayment), total, q);
}

export async function exportPayments(ctx: Ctx, q: Omit<z.output<typeof ZListPaymentsQuery>, 'page' | 'pageSize'>): Promise<CsvExport> {
  const scope = await resolveListScope(ctx, q);
  const filter = { ...scope, status: q.status, from: q.from, to: q.to, search: q.search };
  async function* rows() {
    for (let offset = 0; ; offset += 1000) {
      const page = await repo.listPayments(ctx.db, filter, 1000, offset, false);
      for (const r of page.rows.map(toPayment))
        yield [
          r.paidAt,
          r.invoiceNumber ?? '',
          r.customerName,
          r.accountName ?? '',
          r.method,
          r.amount.toFixed(2),
          r.status,
          r.reference ?? '',
          r.failureReason ?? '',
        ];
      if (page.rows.length < 1000) return;
    }
  }
  return {
    fileName: 'payment-history.csv',
    header: ['Date', 'Invoice', 'Customer', 'Account', 'Method', 'Amount', 'Status', 'Reference', 'Failure reason'],
    rows: rows(),
  };
}
