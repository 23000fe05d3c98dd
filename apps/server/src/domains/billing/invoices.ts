/**
 * Invoices: drafted from rated usage, numbers and services (by staff on demand or by the monthly
 * run), reviewed and adjusted while a draft, finalized with a gapless number, then Due → Paid, or
 * Overdue once past due. A finalized invoice is never edited: it is voided instead.
 */
import {
  INVOICE_SECTION_TITLES,
  type TAdjustmentBody,
  type TInvoice,
  type TInvoiceLineKind,
  type TInvoiceListItem,
  type ZGenerateInvoiceBody,
  type ZListInvoicesQuery,
} from '@portal/contract/billing';
import type { TPage } from '@portal/contract/common';
import type { z } from 'zod';
import type { invoiceLines } from '../../db/schema/index.ts';
import { type Ctx, inTransaction, isCustomerSide, ownCustomer } from '../../lib/context.ts';
import { AppError, invalid, notFound } from '../../lib/errors.ts';
import type { CsvExport } from '../../lib/export.ts';
import { resolveListScope } from '../../lib/list-scope.ts';
import { offsetOf, pageOf } from '../../lib/paging.ts';
import { getSettings } from '../../lib/settings.ts';
import { auditFor } from '../audit/service.ts';
import { queueEmail } from '../email/service.ts';
import { notifyUsers } from '../notifications/service.ts';
import { customerAdminIds } from '../users/service.ts';
import { type InvoicePdfData, invoicePdf } from './invoice-pdf.ts';
import * as repo from './repo.ts';

const audit = auditFor('invoice');

const iso = (v: Date | string | null) => (v == null ? null : new Date(v).toISOString());
const round2 = (n: number) => Math.round(n * 100) / 100;
const money = (n: number) => n.toLocaleString('en-US', { style: 'currency', currency: 'USD' });
export const ymd = (d: Date) => d.toISOString().slice(0, 10);

export function toListItem(r: repo.InvoiceRow): TInvoiceListItem {
  const amount = Number(r.amount);
  const amountPaid = Number(r.amount_paid);
  return {
    id: r.id,
    number: r.number,
    customerId: r.customer_id,
    customerName: r.customer_name,
    accountId: r.account_id,
    accountName: r.account_name,
    issueDate: r.issue_date,
    dueDate: r.due_date,
    periodStart: r.period_start,
    periodEnd: r.period_end,
    amount,
    amountPaid,
    balance: r.status === 'Void' ? 0 : round2(amount - amountPaid),
    status: r.status,
    lastReminderAt: iso(r.last_reminder_at),
  };
}

export async function listInvoices(ctx: Ctx, q: z.output<typeof ZListInvoicesQuery>): Promise<TPage<TInvoiceListItem>> {
  const scope = await resolveListScope(ctx, q);
  const { rows, total } = await repo.listInvoices(
    ctx.db,
    { ...scope, status: q.status, from: q.from, to: q.to, search: q.search, includeDrafts: !isCustomerSide(ctx) },
    { sort: q.sort, dir: q.dir },
    q.pageSize,
    offsetOf(q),
  );
  return pageOf(rows.map(toListItem), total, q);
}

/** An invoice the caller may see (customers: their own, never a draft), else 404. */
async function reachable(ctx: Ctx, id: string, lock = false): Promise<repo.InvoiceRow> {
  const row = await repo.findInvoice(ctx.db, id, lock);
  const own = ownCustomer(ctx);
  if (!row || (isCustomerSide(ctx) && (row.customer_id !== own || row.status === 'Draft'))) throw notFound('Invoice');
  return row;
}

export async function getInvoice(ctx: Ctx, id: string): Promise<TInvoice> {
  const row = await reachable(ctx, id);
  return detailOf(ctx, row);
}

async function detailOf(ctx: Ctx, row: repo.InvoiceRow): Promise<TInvoice> {
  const [lines, payments, billTo] = await Promise.all([
    repo.invoiceLines(ctx.db, row.id),
    repo.invoicePayments(ctx.db, row.id),
    repo.billToOf(ctx.db, row.customer_id, row.account_id),
  ]);
  return {
    ...toListItem(row),
    lines: lines.map((l) => ({
      id: l.id,
      kind: l.kind,
      description: l.description,
      detail: l.detail,
      accountId: l.accountId,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      amount: l.amount,
    })),
    payments: payments.map((p) => ({
      id: p.id,
      amount: p.amount,
      method: p.method,
      status: p.status,
      paidAt: p.paidAt.toISOString(),
      failureReason: p.failureReason,
    })),
    finalizedAt: iso(row.finalized_at),
    voidedAt: iso(row.voided_at),
    voidReason: row.void_reason,
    billTo,
  };
}

type NewLine = Omit<typeof invoiceLines.$inferInsert, 'invoiceId' | 'position'>;

export const fmtDay = (d: string) => `${d.slice(5, 7)}/${d.slice(8, 10)}/${d.slice(0, 4)}`;
const count = (n: number) => n.toLocaleString('en-US');

/** The lines of a period's invoice: each names the records (rollups, numbers, services) behind it. */
export async function computeLines(
  ctx: Ctx,
  customerId: string,
  accountId: string | null,
  periodStart: string,
  periodEnd: string,
): Promise<NewLine[]> {
  const accounts = await repo.billedAccounts(ctx.db, customerId, accountId, periodStart);
  const ids = accounts.map((a) => a.id);
  const nameOf = new Map(accounts.map((a) => [a.id, a.name]));
  const many = accounts.length > 1;
  const suffix = (id: string) => (many ? ` (${nameOf.get(id)})` : '');
  const period = `${fmtDay(periodStart)} to ${fmtDay(periodEnd)}`;
  // one after another: this runs inside the invoice's transaction, whose one connection takes one
  // statement at a time (node-postgres queues the others, which pg 9 will refuse)
  const usage = await repo.usageTotals(ctx.db, ids, periodStart, periodEnd);
  const numbers = await repo.numberFees(ctx.db, ids, periodEnd);
  const services = await repo.activeServices(ctx.db, ids);
  const lines: NewLine[] = [];
  for (const a of accounts) {
    for (const u of usage.filter((x) => x.accountId === a.id)) {
      if (u.revenue <= 0 && u.volume === 0) continue;
      if (u.service === 'Voice') {
        const minutes = round2(u.units / 60);
        lines.push({
          kind: 'voice',
          accountId: a.id,
          description: `Voice usage${suffix(a.id)}`,
          detail: `${count(u.volume)} calls, ${count(minutes)} billed minutes, ${period}`,
          quantity: minutes,
          unitPrice: minutes > 0 ? Math.round((u.revenue / minutes) * 10_000) / 10_000 : 0,
          amount: round2(u.revenue),
        });
      } else if (u.service === 'SMS') {
        lines.push({
          kind: 'messaging',
          accountId: a.id,
          description: `Messaging usage${suffix(a.id)}`,
          detail: `${count(u.volume)} messages, ${count(u.units)} segments, ${period}`,
          quantity: u.units,
          unitPrice: u.units > 0 ? Math.round((u.revenue / u.units) * 10_000) / 10_000 : 0,
          amount: round2(u.revenue),
        });
      }
    }
    for (const n of numbers.filter((x) => x.accountId === a.id)) {
      const label = n.type === 'TFN' ? 'Toll-free number rental' : 'Local number rental';
      lines.push({
        kind: 'numbers',
        accountId: a.id,
        description: `${label}${suffix(a.id)}`,
        detail: `${count(n.count)} ${n.type === 'TFN' ? 'toll-free' : 'local'} numbers held on ${fmtDay(periodEnd)}`,
        quantity: n.count,
        unitPrice: n.fee,
        amount: round2(n.count * n.fee),
      });
    }
    for (const s of services.filter((x) => x.accountId === a.id)) {
      lines.push({
        kind: 'services',
        accountId: a.id,
        description: `${s.name} - monthly service${suffix(a.id)}`,
        detail: period,
        quantity: 1,
        unitPrice: s.monthlyCost,
        amount: round2(s.monthlyCost),
      });
    }
  }
  const order: TInvoiceLineKind[] = ['voice', 'messaging', 'numbers', 'services', 'adjustment'];
  return lines.sort((x, y) => order.indexOf(x.kind ?? 'services') - order.indexOf(y.kind ?? 'services'));
}

/**
 * A draft for the period, in the caller's transaction: null when the account (or the customer) is
 * already invoiced for it (one invoice per period; the run may be repeated).
 */
export async function draftInvoice(
  tx: Ctx,
  input: { customerId: string; accountId: string | null; periodStart: string; periodEnd: string },
): Promise<string | null> {
  const lines = await computeLines(tx, input.customerId, input.accountId, input.periodStart, input.periodEnd);
  if (lines.length === 0 && !input.accountId && (await repo.billedAccounts(tx.db, input.customerId, null, input.periodStart)).length === 0)
    return null;
  const amount = round2(lines.reduce((s, l) => s + l.amount, 0));
  const inserted = await repo.insertInvoice(tx.db, {
    invoiceNumber: null,
    customerId: input.customerId,
    accountId: input.accountId,
    issueDate: ymd(new Date()),
    dueDate: null,
    periodStart: input.periodStart,
    periodEnd: input.periodEnd,
    amount,
    status: 'Draft',
  });
  if (!inserted) return null;
  await repo.insertLines(
    tx.db,
    lines.map((l, position) => ({ ...l, invoiceId: inserted.id, position })),
  );
  return inserted.id;
}

/** Generate Invoice (staff): a draft for an account's or a customer's period, to review and finalize. */
export async function generateInvoice(ctx: Ctx, body: z.output<typeof ZGenerateInvoiceBody>): Promise<TInvoice> {
  const scope = await resolveListScope(ctx, { customerId: body.customerId, accountId: body.accountId });
  const customerId = scope.customerId as string;
  let accountId = scope.accountId;
  if (accountId) {
    const [a] = await repo.billedAccounts(ctx.db, customerId, accountId);
    if (!a) throw notFound('Account');
    const own = await repo.accountBilling(ctx.db, accountId);
    // an account on the customer's billing is billed on the customer's invoice
    if (own?.useCustomerBilling) accountId = null;
  }
  const id = await inTransaction(ctx, async (tx) => {
    const created = await draftInvoice(tx, { customerId, accountId, periodStart: body.periodStart, periodEnd: body.periodEnd });
    if (!created) throw new AppError(409, 'CONFLICT', 'An invoice for this period already exists', { periodStart: 'Already invoiced' });
    const row = await repo.findInvoice(tx.db, created);
    await audit(
      tx,
      'invoice.generate',
      { id: created, customerId },
      `Drafted an invoice of ${money(Number(row?.amount ?? 0))} for ${row?.account_name ?? row?.customer_name}, ${fmtDay(body.periodStart)} to ${fmtDay(body.periodEnd)}`,
    );
    return created;
  });
  return getInvoice(ctx, id);
}

async function draftOnly(tx: Ctx, id: string) {
  const row = await reachable(tx, id, true);
  if (row.status !== 'Draft') throw new AppError(409, 'CONFLICT', 'Only a draft can be changed; void a finalized invoice instead');
  return row;
}

export async function addAdjustment(ctx: Ctx, id: string, body: TAdjustmentBody): Promise<TInvoice> {
  await inTransaction(ctx, async (tx) => {
    const row = await draftOnly(tx, id);
    const lines = await repo.invoiceLines(tx.db, id);
    await repo.insertLines(tx.db, [
      {
        invoiceId: id,
        kind: 'adjustment',
        description: body.description,
        detail: null,
        accountId: row.account_id,
        quantity: 1,
        unitPrice: body.amount,
        amount: round2(body.amount),
        position: lines.length,
      },
    ]);
    await repo.setInvoiceAmount(tx.db, id);
    await audit(
      tx,
      'invoice.adjust',
      { id, customerId: row.customer_id },
      `Added "${body.description}" (${money(body.amount)}) to the draft invoice of ${row.account_name ?? row.customer_name}`,
    );
  });
  return getInvoice(ctx, id);
}

export async function deleteDraft(ctx: Ctx, id: string): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const row = await draftOnly(tx, id);
    await repo.deleteInvoice(tx.db, id);
    await audit(
      tx,
      'invoice.delete',
      { id, customerId: row.customer_id },
      `Deleted the draft invoice of ${row.account_name ?? row.customer_name} (${money(Number(row.amount))})`,
    );
  });
}

/** Finalize: the next gapless number, issued today, due after defaultPaymentTerms; the customer's Admins are told. */
export async function finalizeInvoice(ctx: Ctx, id: string): Promise<TInvoice> {
  await inTransaction(ctx, async (tx) => {
    const row = await draftOnly(tx, id);
    const settings = await getSettings(tx.db);
    const today = new Date();
    const year = today.getUTCFullYear();
    const seq = await repo.nextInvoiceNumber(tx.db, settings.invoicePrefix, year);
    const number = `${settings.invoicePrefix}-${year}-${String(seq).padStart(6, '0')}`;
    const due = ymd(new Date(today.getTime() + settings.defaultPaymentTerms * 86_400_000));
    const amount = Number(row.amount);
    const autoPay = await repo.customerAutoPay(tx.db, row.customer_id);
    await repo.updateInvoice(tx.db, id, {
      invoiceNumber: number,
      issueDate: ymd(today),
      dueDate: due,
      finalizedAt: today,
      status: amount <= 0 ? 'Paid' : 'Due',
      paidAt: amount <= 0 ? today : null,
      nextAutoPayAt: autoPay && amount > 0 ? new Date(`${due}T12:00:00Z`) : null,
    });
    await audit(
      tx,
      'invoice.finalize',
      { id, customerId: row.customer_id },
      `Finalized invoice ${number} (${money(amount)}) for ${row.account_name ?? row.customer_name}, due ${fmtDay(due)}`,
    );
    await notifyUsers(tx, await customerAdminIds(tx, row.customer_id), {
      event: 'invoiceGenerated',
      title: 'New invoice',
      message: `Invoice ${number} for ${money(amount)} is due on ${fmtDay(due)}.`,
      link: `/customer/billing/invoices?invoice=${id}`,
    });
  });
  return getInvoice(ctx, id);
}

/** Void a finalized, unpaid invoice (its number stays used: the sequence has no gaps). */
export async function voidInvoice(ctx: Ctx, id: string, reason: string): Promise<TInvoice> {
  await inTransaction(ctx, async (tx) => {
    const row = await reachable(tx, id, true);
    if (row.status === 'Draft') throw new AppError(409, 'CONFLICT', 'A draft is deleted, not voided');
    if (row.status === 'Void') throw new AppError(409, 'CONFLICT', 'This invoice is already void');
    if (row.status === 'Paid' || Number(row.amount_paid) > 0) throw new AppError(409, 'CONFLICT', 'A paid invoice cannot be voided');
    await repo.updateInvoice(tx.db, id, { status: 'Void', voidedAt: new Date(), voidReason: reason, nextAutoPayAt: null });
    await audit(tx, 'invoice.void', { id, customerId: row.customer_id }, `Voided invoice ${row.number}: ${reason}`);
  });
  return getInvoice(ctx, id);
}

/** Send Reminder: emails the billing contact (not for paid, void or draft invoices). */
export async function sendReminder(ctx: Ctx, id: string, opts: { automatic?: boolean } = {}): Promise<TInvoiceListItem> {
  await inTransaction(ctx, async (tx) => {
    const row = await reachable(tx, id, true);
    if (row.status !== 'Due' && row.status !== 'Overdue')
      throw new AppError(409, 'CONFLICT', 'Only a due or overdue invoice can be reminded');
    const billTo = await repo.billToOf(tx.db, row.customer_id, row.account_id);
    if (!billTo.email) throw invalid({ email: 'The customer has no billing email' }, 'The customer has no billing email');
    const settings = await getSettings(tx.db);
    const balance = round2(Number(row.amount) - Number(row.amount_paid));
    const overdue = row.status === 'Overdue';
    await queueEmail(tx, {
      to: billTo.email,
      subject: `${overdue ? 'Overdue' : 'Payment reminder'}: invoice ${row.number} (${money(balance)})`,
      body: [
        `Hello ${billTo.contact ?? billTo.name},`,
        '',
        overdue
          ? `Invoice ${row.number} for ${money(balance)} was due on ${fmtDay(row.due_date ?? row.issue_date)} and is now overdue.`
          : `This is a reminder that invoice ${row.number} for ${money(balance)} is due on ${fmtDay(row.due_date ?? row.issue_date)}.`,
        'You can view and pay it in the customer portal under Billing.',
        '',
        `${settings.companyName} billing (${settings.supportEmail})`,
      ].join('\n'),
    });
    await repo.updateInvoice(tx.db, id, { lastReminderAt: new Date() });
    await audit(
      tx,
      'invoice.remind',
      { id, customerId: row.customer_id },
      `${opts.automatic ? 'Automatic reminder' : 'Sent a payment reminder'} for invoice ${row.number} to ${billTo.email}`,
    );
  });
  return toListItem((await repo.findInvoice(ctx.db, id)) as repo.InvoiceRow);
}

/** The invoice as a PDF stream, with its file name. */
export async function invoicePdfOf(ctx: Ctx, id: string): Promise<{ filename: string; stream: NodeJS.ReadableStream }> {
  const invoice = await getInvoice(ctx, id);
  const settings = await getSettings(ctx.db);
  const sections = (Object.keys(INVOICE_SECTION_TITLES) as TInvoiceLineKind[])
    .map((kind) => ({
      title: INVOICE_SECTION_TITLES[kind],
      lines: invoice.lines
        .filter((l) => l.kind === kind)
        .map((l) => ({ description: l.description, quantity: l.quantity, unitPrice: l.unitPrice, amount: l.amount })),
    }))
    .filter((s) => s.lines.length > 0);
  const data: InvoicePdfData = {
    brand: settings.companyName,
    invoiceNumber: invoice.number,
    status: invoice.status,
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    periodStart: invoice.periodStart,
    periodEnd: invoice.periodEnd,
    billTo: {
      name: invoice.billTo.name,
      contact: invoice.billTo.contact,
      email: invoice.billTo.email,
      addressLines: invoice.billTo.address ? invoice.billTo.address.split(/\n|, /) : [],
    },
    accountName: invoice.accountName,
    sections,
    subtotal: invoice.amount,
    total: invoice.amount,
    amountPaid: invoice.amountPaid,
    balanceDue: invoice.balance,
    paymentTerms: `Net ${settings.defaultPaymentTerms}`,
    currency: 'USD',
  };
  return { filename: `${invoice.number ?? `draft-${invoice.id.slice(0, 8)}`}.pdf`, stream: invoicePdf(data) };
}

/** The invoices of the current filters as CSV. */
export async function exportInvoices(ctx: Ctx, q: z.output<typeof ZListInvoicesQuery>): Promise<CsvExport> {
  const scope = await resolveListScope(ctx, q);
  const filter = { ...scope, status: q.status, from: q.from, to: q.to, search: q.search, includeDrafts: !isCustomerSide(ctx) };
  async function* rows() {
    for (let offset = 0; ; offset += 1000) {
      const page = await repo.listInvoices(ctx.db, filter, { sort: q.sort, dir: q.dir }, 1000, offset);
      for (const r of page.rows.map(toListItem))
        yield [
          r.number ?? 'Draft',
          r.customerName,
          r.accountName ?? '',
          r.issueDate,
          r.dueDate ?? '',
          r.periodStart ?? '',
          r.periodEnd ?? '',
          r.amount.toFixed(2),
          r.amountPaid.toFixed(2),
          r.balance.toFixed(2),
          r.status,
        ];
      if (page.rows.length < 1000) return;
    }
  }
  return {
    fileName: 'invoices.csv',
    header: [
      'Invoice',
      'Customer',
      'Account',
      'Issue date',
      'Due date',
      'Period start',
      'Period end',
      'Amount',
      'Paid',
      'Balance',
      'Status',
    ],
    rows: rows(),
  };
}
