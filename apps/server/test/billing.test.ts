import type {
  TBillingOverview,
  TInvoice,
  TInvoiceListItem,
  TPaymentListItem,
  TPaymentMethod,
  TPayResult,
  TRateDeck,
  TRatePrefix,
} from '@portal/contract/billing';
import type { TPage } from '@portal/contract/common';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, cdrs, customers, emailOutbox, invoices, paymentMethods, payments, usageDaily } from '../src/db/schema/index.ts';
import { rerate } from '../src/domains/billing/decks.ts';
import { overdueAndReminders, runAutoPay, runInvoices, settlePayment } from '../src/domains/billing/service.ts';
import { systemCtx } from '../src/lib/context.ts';
import { auditEntries } from './helpers.ts';
import { apiTestWorld } from './world.ts';

const { t, api, db, acme, globex } = await apiTestWorld();
const acmeId = acme?.id as string;
const ctx = () => systemCtx({ database: t.database, config: t.app.config, log: t.app.log }, 'test');

/** The first day and last day of the month `back` months ago (UTC), as YYYY-MM-DD. */
function month(back: number): [string, string] {
  const now = new Date();
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back + 1, 0));
  return [start.toISOString().slice(0, 10), end.toISOString().slice(0, 10)];
}

const acmeAccounts = await db
  .select({ id: accounts.id, name: accounts.name, onCustomerBilling: accounts.useCustomerBilling })
  .from(accounts)
  .where(and(eq(accounts.customerId, acmeId), isNull(accounts.deletedAt)))
  .orderBy(asc(accounts.name));
const account = (acmeAccounts.find((a) => !a.onCustomerBilling) ?? acmeAccounts[0]) as (typeof acmeAccounts)[number];

/** A draft for a period: this month's, or a month of 2020 (no seeded invoice covers those). */
async function draft(period: number | string = 0, accountId = account.id): Promise<TInvoice> {
  const [start, end] = typeof period === 'number' ? month(period) : [`${period}-01`, `${period}-28`];
  const res = await api
    .as('staff:billing')
    .post<TInvoice>('/api/invoices', { customerId: acmeId, accountId, periodStart: start, periodEnd: end });
  expect(res.status, res.body).toBe(201);
  if (typeof period === 'number') return res.json();
  // long-past periods have no usage: a charge makes them worth finalizing
  const charged = await api
    .as('staff:billing')
    .post<TInvoice>(`/api/invoices/${res.json().id}/adjustments`, { description: 'Setup fee', amount: 100 });
  return charged.json();
}

async function addCard(number: string, isDefault = false): Promise<TPaymentMethod> {
  const res = await api.as('customer:admin').post<TPaymentMethod>(`/api/customers/${acmeId}/payment-methods`, {
    type: 'credit_card',
    holderName: 'Jane Buyer',
    cardNumber: number,
    expiry: '12/39',
    cvv: '123',
    isDefault,
  });
  expect(res.status, res.body).toBe(201);
  return res.json();
}

describe('invoice lifecycle', () => {
  it('drafts from the rated rollups, numbers and services; customers never see drafts', async () => {
    const inv = await draft(0);
    expect(inv).toMatchObject({ status: 'Draft', number: null, accountId: account.onCustomerBilling ? null : account.id, dueDate: null });
    const [start, end] = month(0);
    const [usage] = await db
      .select({ revenue: sql<string>`coalesce(sum(${usageDaily.revenue}), 0)` })
      .from(usageDaily)
      .where(
        and(
          inArray(
            usageDaily.accountId,
            account.onCustomerBilling ? acmeAccounts.filter((a) => a.onCustomerBilling).map((a) => a.id) : [account.id],
          ),
          eq(usageDaily.service, 'Voice'),
          sql`${usageDaily.day} BETWEEN ${start} AND ${end}`,
        ),
      );
    const voice = inv.lines.filter((l) => l.kind === 'voice').reduce((s, l) => s + l.amount, 0);
    expect(voice).toBeCloseTo(Number(usage?.revenue ?? 0), 2);
    expect(inv.amount).toBeCloseTo(
      inv.lines.reduce((s, l) => s + l.amount, 0),
      2,
    );
    expect(inv.lines.every((l) => l.detail)).toBe(true);

    expect((await api.as('customer:admin').get(`/api/invoices/${inv.id}`)).status).toBe(404);
    const mine = await api
      .as('customer:admin')
      .get<TPage<TInvoiceListItem>>('/api/invoices', { query: { pageSize: 100, status: 'Draft' } });
    expect(mine.json().items).toEqual([]);
    expect((await api.as('customer:admin').post('/api/invoices', { customerId: acmeId, periodStart: start, periodEnd: end })).status).toBe(
      403,
    );
    expect((await api.as('staff:support').post('/api/invoices', { customerId: acmeId, periodStart: start, periodEnd: end })).status).toBe(
      403,
    );
    // one invoice per account and period
    const again = await api
      .as('staff:billing')
      .post('/api/invoices', { customerId: acmeId, accountId: account.id, periodStart: start, periodEnd: end });
    expect(again.error().fields).toEqual({ periodStart: 'Already invoiced' });
    expect(again.status).toBe(409);
  });

  it('adjusts a draft, finalizes it with the next gapless number, and refuses to edit it afterwards', async () => {
    const inv = await draft('2020-02');
    const adjusted = await api
      .as('staff:admin')
      .post<TInvoice>(`/api/invoices/${inv.id}/adjustments`, { description: 'Goodwill credit', amount: -5 });
    expect(adjusted.json().amount).toBeCloseTo(inv.amount - 5, 2);
    expect((await api.as('staff:admin').post(`/api/invoices/${inv.id}/adjustments`, { description: 'x', amount: 0 })).status).toBe(400);

    const year = new Date().getUTCFullYear();
    const counted = await db.execute(sql`SELECT last FROM invoice_counters WHERE prefix = 'INV' AND year = ${year}`);
    const counter = (counted as unknown as { rows: { last: number }[] }).rows[0];
    const before = Number(counter?.last ?? 0);
    const final = await api.as('staff:billing').post<TInvoice>(`/api/invoices/${inv.id}/finalize`);
    expect(final.status, final.body).toBe(200);
    const f = final.json();
    expect(f.number).toBe(`INV-${year}-${String(before + 1).padStart(6, '0')}`);
    expect(f.status).toBe('Due');
    const due = new Date(`${f.issueDate}T00:00:00Z`);
    due.setUTCDate(due.getUTCDate() + 30);
    expect(f.dueDate).toBe(due.toISOString().slice(0, 10));
    expect((await api.as('staff:billing').post(`/api/invoices/${inv.id}/finalize`)).status).toBe(409);
    expect(
      (await api.as('staff:billing').post(`/api/invoices/${inv.id}/adjustments`, { description: 'Late fee', amount: 10 })).status,
    ).toBe(409);
    expect((await api.as('staff:billing').delete(`/api/invoices/${inv.id}`)).status).toBe(409);
    // the customer now sees it, and its Admins were told
    expect((await api.as('customer:user').get<TInvoice>(`/api/invoices/${inv.id}`)).json().number).toBe(f.number);
    const [audit] = await auditEntries(db, 'invoice.finalize', inv.id);
    expect(audit?.summary).toContain(f.number as string);
  });

  it('numbers concurrent finalizations without gaps or repeats', async () => {
    const drafts: TInvoice[] = [];
    for (let back = 1; back <= 6; back++) {
      const [start, end] = month(back);
      // a period no seeded invoice covers: a half month
      const res = await api
        .as('staff:billing')
        .post<TInvoice>('/api/invoices', { customerId: globex?.id, periodStart: start, periodEnd: end.replace(/-\d\d$/, '-14') });
      if (res.status === 201) drafts.push(res.json());
    }
    // periods already invoiced per account are refused; make sure there are enough
    while (drafts.length < 4) {
      const a = account;
      const res = await api.as('staff:billing').post<TInvoice>('/api/invoices', {
        customerId: acmeId,
        accountId: a?.id,
        periodStart: `2019-0${drafts.length + 1}-01`,
        periodEnd: `2019-0${drafts.length + 1}-28`,
      });
      expect(res.status, res.body).toBe(201);
      drafts.push(res.json());
    }
    const results = await Promise.all(drafts.map((d) => api.as('staff:billing').post<TInvoice>(`/api/invoices/${d.id}/finalize`)));
    const numbers = results.map((r) => {
      expect(r.status, r.body).toBe(200);
      return Number(r.json().number?.split('-')[2]);
    });
    numbers.sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect((numbers.at(-1) as number) - (numbers[0] as number)).toBe(numbers.length - 1);
  });

  it('voids an unpaid invoice but never a paid one; deletes only drafts', async () => {
    const inv = await draft('2020-03');
    const final = (await api.as('staff:billing').post<TInvoice>(`/api/invoices/${inv.id}/finalize`)).json();
    expect((await api.as('staff:billing').post(`/api/invoices/${final.id}/void`, { reason: '' })).status).toBe(400);
    const voided = await api.as('staff:billing').post<TInvoice>(`/api/invoices/${final.id}/void`, { reason: 'Billed in error' });
    expect(voided.json()).toMatchObject({ status: 'Void', voidReason: 'Billed in error', balance: 0 });
    expect((await api.as('staff:billing').post(`/api/invoices/${final.id}/void`, { reason: 'again' })).status).toBe(409);

    const [paid] = await db
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.customerId, acmeId), eq(invoices.status, 'Paid')))
      .limit(1);
    expect((await api.as('staff:billing').post(`/api/invoices/${paid?.id}/void`, { reason: 'no' })).status).toBe(409);

    const d = await draft('2020-04');
    expect((await api.as('staff:billing').delete(`/api/invoices/${d.id}`)).status).toBe(200);
    expect((await api.as('staff:billing').get(`/api/invoices/${d.id}`)).status).toBe(404);
  });

  it('serves the invoice as a PDF to whoever may see it', async () => {
    const [due] = await db
      .select({ id: invoices.id, number: invoices.invoiceNumber })
      .from(invoices)
      .where(and(eq(invoices.customerId, acmeId), eq(invoices.status, 'Due')))
      .limit(1);
    const res = await api.as('customer:user').get(`/api/invoices/${due?.id}/pdf`);
    expect(res.status).toBe(200);
    expect(res.raw.headers['content-type']).toBe('application/pdf');
    expect(String(res.raw.headers['content-disposition'])).toContain(`${due?.number}.pdf`);
    expect(res.raw.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await api.as('other:customer:admin').get(`/api/invoices/${due?.id}/pdf`)).status).toBe(404);
  });
});

describe('payments', () => {
  it('Pay Now: a declined card leaves the invoice Due; an approved one pays it; both are in the history', async () => {
    const [due] = await db
      .select({ id: invoices.id, amount: invoices.amount })
      .from(invoices)
      .where(and(eq(invoices.customerId, acmeId), inArray(invoices.status, ['Due', 'Overdue'])))
      .orderBy(asc(invoices.invoiceNumber))
      .limit(1);
    const id = due?.id as string;
    const started = new Date().toISOString();
    const declined = await addCard('4000 0000 0000 0002');
    const approved = await addCard('4242 4242 4242 4242');

    const fail = await api.as('customer:admin').post<TPayResult>(`/api/invoices/${id}/pay`, { paymentMethodId: declined.id });
    expect(fail.status, fail.body).toBe(200);
    expect(fail.json()).toMatchObject({ status: 'Failed', message: 'Your card was declined.' });
    expect(fail.json().invoice.status).not.toBe('Paid');

    expect((await api.as('customer:user').post(`/api/invoices/${id}/pay`, { paymentMethodId: approved.id })).status).toBe(403);
    expect((await api.as('other:customer:admin').post(`/api/invoices/${id}/pay`, { paymentMethodId: approved.id })).status).toBe(404);

    const ok = await api.as('customer:admin').post<TPayResult>(`/api/invoices/${id}/pay`, { paymentMethodId: approved.id });
    expect(ok.json()).toMatchObject({ status: 'Successful', message: null, invoice: { status: 'Paid', balance: 0 } });
    expect((await api.as('customer:admin').post(`/api/invoices/${id}/pay`, { paymentMethodId: approved.id })).status).toBe(409);

    const history = (await api.as('customer:admin').get<TPage<TPaymentListItem>>('/api/payments', { query: { pageSize: 100 } })).json();
    const mine = history.items.filter((p) => p.invoiceId === id && p.paidAt >= started);
    expect(mine.map((p) => p.status).sort()).toEqual(['Failed', 'Successful']);
    expect(mine.find((p) => p.status === 'Failed')?.failureReason).toBe('Your card was declined.');
    expect(mine.every((p) => p.amount === Number(due?.amount))).toBe(true);
    const csv = await api.as('customer:admin').get('/api/payments/export', { query: { status: 'Failed' } });
    expect(csv.status).toBe(200);
    expect(csv.body.split('\r\n')[0]).toBe('Date,Invoice,Customer,Account,Method,Amount,Status,Reference,Failure reason');
  });

  it('a pending payment settles later and pays the invoice', async () => {
    const [due] = await db
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.customerId, acmeId), inArray(invoices.status, ['Due', 'Overdue'])))
      .orderBy(asc(invoices.invoiceNumber))
      .limit(1);
    const pendingCard = await addCard('4000 0000 0000 0077');
    const res = await api.as('customer:admin').post<TPayResult>(`/api/invoices/${due?.id}/pay`, { paymentMethodId: pendingCard.id });
    expect(res.json().status).toBe('Pending');
    // a second payment while one is pending is refused
    expect((await api.as('customer:admin').post(`/api/invoices/${due?.id}/pay`, { paymentMethodId: pendingCard.id })).status).toBe(409);
    const [p] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.invoiceId, due?.id as string), eq(payments.status, 'Pending')));
    await settlePayment(ctx(), p?.id as string);
    expect((await api.as('customer:admin').get<TInvoice>(`/api/invoices/${due?.id}`)).json().status).toBe('Paid');
  });

  it('Make Default keeps exactly one default; the default cannot be removed while others exist', async () => {
    const list = (await api.as('customer:admin').get<TPaymentMethod[]>(`/api/customers/${acmeId}/payment-methods`)).json();
    const other = list.find((m) => !m.isDefault && m.status !== 'Expired') as TPaymentMethod;
    const made = await api.as('customer:admin').put<TPaymentMethod>(`/api/customers/${acmeId}/payment-methods/${other.id}/default`);
    expect(made.json().isDefault).toBe(true);
    const after = (await api.as('customer:admin').get<TPaymentMethod[]>(`/api/customers/${acmeId}/payment-methods`)).json();
    expect(after.filter((m) => m.isDefault).map((m) => m.id)).toEqual([other.id]);
    expect((await api.as('customer:admin').delete(`/api/customers/${acmeId}/payment-methods/${other.id}`)).status).toBe(409);
    const removable = after.find((m) => !m.isDefault) as TPaymentMethod;
    expect((await api.as('customer:admin').delete(`/api/customers/${acmeId}/payment-methods/${removable.id}`)).status).toBe(200);
    expect(
      (await api.as('customer:admin').get<TPaymentMethod[]>(`/api/customers/${acmeId}/payment-methods`)).json().map((m) => m.id),
    ).not.toContain(removable.id);
    expect((await api.as('customer:user').put(`/api/customers/${acmeId}/payment-methods/${other.id}/default`)).status).toBe(403);
  });
});

describe('reminders, overdue and auto-pay (with a controllable clock)', () => {
  it('Send Reminder emails the billing contact; not for paid invoices', async () => {
    const [due] = await db
      .select({ id: invoices.id, number: invoices.invoiceNumber })
      .from(invoices)
      .where(and(eq(invoices.customerId, acmeId), inArray(invoices.status, ['Due', 'Overdue'])))
      .limit(1);
    const res = await api.as('staff:billing').post<TInvoiceListItem>(`/api/invoices/${due?.id}/reminders`);
    expect(res.status, res.body).toBe(200);
    expect(res.json().lastReminderAt).not.toBeNull();
    const [mail] = await db
      .select()
      .from(emailOutbox)
      .where(sql`${emailOutbox.subject} LIKE ${`%${due?.number}%`}`);
    expect(mail?.body).toContain(due?.number as string);
    const [paid] = await db
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.customerId, acmeId), eq(invoices.status, 'Paid')))
      .limit(1);
    expect((await api.as('staff:billing').post(`/api/invoices/${paid?.id}/reminders`)).status).toBe(409);
    expect((await api.as('customer:admin').post(`/api/invoices/${due?.id}/reminders`)).status).toBe(403);
  });

  it('turns Due into Overdue after the due date and reminds', async () => {
    const inv = await draft('2020-05');
    const f = (await api.as('staff:billing').post<TInvoice>(`/api/invoices/${inv.id}/finalize`)).json();
    const later = new Date(`${f.dueDate}T00:00:00Z`);
    later.setUTCDate(later.getUTCDate() + 1);
    const result = await overdueAndReminders(ctx(), later);
    expect(result.overdue).toBeGreaterThan(0);
    const after = (await api.as('staff:billing').get<TInvoice>(`/api/invoices/${f.id}`)).json();
    expect(after.status).toBe('Overdue');
    expect(after.lastReminderAt).not.toBeNull();
  });

  it('auto-pay charges on the due date, retries after failures and flags dunning after the last', async () => {
    // Globex: auto-pay on, its only method a declining card
    const gid = globex?.id as string;
    await db.update(paymentMethods).set({ deletedAt: new Date(), isDefault: false }).where(eq(paymentMethods.customerId, gid));
    const card = await api.as('other:customer:admin').post<TPaymentMethod>(`/api/customers/${gid}/payment-methods`, {
      type: 'credit_card',
      holderName: 'Globex AP',
      cardNumber: '4000000000000002',
      expiry: '12/39',
      cvv: '123',
      isDefault: true,
    });
    expect(card.status, card.body).toBe(201);
    expect((await api.as('other:customer:admin').put(`/api/customers/${gid}/auto-pay`, { autoPay: true })).status).toBe(200);
    // an invoice with a payment still being processed is left alone
    const open = await db
      .select({ id: invoices.id })
      .from(invoices)
      .where(
        and(
          eq(invoices.customerId, gid),
          inArray(invoices.status, ['Due', 'Overdue']),
          sql`NOT EXISTS (SELECT 1 FROM payments p WHERE p.invoice_id = ${invoices.id} AND p.status = 'Pending')`,
        ),
      );
    expect(open.length).toBeGreaterThan(0);

    // every open invoice is due within the payment terms (30 days): the first run after that charges them all
    const day = (n: number) => new Date(Date.now() + n * 86_400_000);
    const first = await runAutoPay(ctx(), day(31));
    expect(first).toEqual({ charged: 0, failed: open.length, dunning: 0 });
    // retries 3, 7 and 14 days after the first failure, then dunning
    expect((await runAutoPay(ctx(), day(33))).failed).toBe(0);
    expect((await runAutoPay(ctx(), day(34))).failed).toBe(open.length);
    expect((await runAutoPay(ctx(), day(38))).failed).toBe(open.length);
    const last = await runAutoPay(ctx(), day(45));
    expect(last).toEqual({ charged: 0, failed: open.length, dunning: open.length });
    expect((await runAutoPay(ctx(), day(90))).failed).toBe(0);
    const [flag] = await db.select({ dunning: customers.dunningSince }).from(customers).where(eq(customers.id, gid));
    expect(flag?.dunning).not.toBeNull();
    const overview = (await api.as('other:customer:admin').get<TBillingOverview>('/api/billing/overview')).json();
    expect(overview.autoPay).toBe(true);
    expect(overview.dunningSince).not.toBeNull();
    // nothing was suspended
    const [c] = await db.select({ status: customers.status }).from(customers).where(eq(customers.id, gid));
    expect(c?.status).not.toBe('suspended');

    // a good default card is charged by the next run
    const good = await api.as('other:customer:admin').post<TPaymentMethod>(`/api/customers/${gid}/payment-methods`, {
      type: 'credit_card',
      holderName: 'Globex AP',
      cardNumber: '4242424242424242',
      expiry: '12/39',
      cvv: '123',
      isDefault: true,
    });
    expect(good.status).toBe(201);
    await api.as('other:customer:admin').put(`/api/customers/${gid}/auto-pay`, { autoPay: true });
    const charged = await runAutoPay(ctx(), day(31));
    expect(charged.charged).toBe(open.length);
    const paid = await db
      .select({ status: invoices.status })
      .from(invoices)
      .where(
        inArray(
          invoices.id,
          open.map((o) => o.id),
        ),
      );
    expect(paid.every((p) => p.status === 'Paid')).toBe(true);
  });
});

describe('overview and the monthly run', () => {
  it('the cards add up to the invoices and payments they summarize, per scope', async () => {
    const o = (await api.as('customer:admin').get<TBillingOverview>('/api/billing/overview')).json();
    const [sum] = await db
      .select({ outstanding: sql<string>`coalesce(sum(${invoices.amount} - ${invoices.amountPaid}), 0)` })
      .from(invoices)
      .where(and(eq(invoices.customerId, acmeId), inArray(invoices.status, ['Due', 'Overdue'])));
    expect(o.totalOutstanding).toBeCloseTo(Number(sum?.outstanding), 2);
    expect(o.autoPay).toBe(false);
    const staff = (await api.as('staff:admin').get<TBillingOverview>('/api/billing/overview', { query: { customerId: acmeId } })).json();
    expect(staff.totalOutstanding).toBeCloseTo(o.totalOutstanding, 2);
    const all = (await api.as('staff:admin').get<TBillingOverview>('/api/billing/overview')).json();
    expect(all.totalOutstanding).toBeGreaterThanOrEqual(o.totalOutstanding);
    expect(all.autoPay).toBeNull();
    expect((await api.as('customer:admin').get('/api/billing/overview', { query: { customerId: globex?.id } })).status).toBe(404);
  });

  it('drafts each unbilled customer once; a second run drafts nothing', async () => {
    const [start] = month(0);
    const first = await runInvoices(ctx(), start);
    expect(first.drafted).toBeGreaterThan(0);
    const second = await runInvoices(ctx(), start);
    expect(second.drafted).toBe(0);
    // an account already billed on its own invoice is not billed again on its customer's
    const rows = await db.execute(sql`SELECT count(*)::int AS n FROM invoice_lines l JOIN invoices i ON i.id = l.invoice_id
      WHERE i.period_start = ${start}::date AND i.account_id IS NULL AND i.status <> 'Void'
        AND EXISTS (SELECT 1 FROM invoices j WHERE j.account_id = l.account_id AND j.period_start = ${start}::date AND j.status <> 'Void')`);
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });
});

describe('rate decks', () => {
  it('imports a CSV only when every line is good, and re-rates a period with the new deck', async () => {
    const [start, end] = month(1);
    const [busiest] = await db
      .select({ id: cdrs.accountId })
      .from(cdrs)
      .where(and(eq(cdrs.customerId, acmeId), sql`${cdrs.startedAt} >= ${start}::date AND ${cdrs.startedAt} < ${end}::date + 1`))
      .groupBy(cdrs.accountId)
      .orderBy(sql`count(*) DESC`)
      .limit(1);
    const target = busiest?.id as string;
    const created = await api
      .as('staff:billing')
      .post<TRateDeck>('/api/rate-decks', { name: 'Acme test deck', accountId: target, inboundRatePerMinute: 0.001 });
    expect(created.status, created.body).toBe(201);
    const deck = created.json();
    expect(deck).toMatchObject({ customerId: acmeId, accountId: target, prefixCount: 0 });
    expect(
      (await api.as('staff:billing').post('/api/rate-decks', { name: 'Twice', accountId: target, inboundRatePerMinute: 0 })).status,
    ).toBe(409);
    expect((await api.as('customer:admin').get('/api/rate-decks')).status).toBe(403);

    const bad = await api.as('staff:billing').post<{ imported: number; errors: { line: number }[] }>(`/api/rate-decks/${deck.id}/import`, {
      csv: 'prefix,description,rate_per_minute,increments,effective_date\n1,US,0.02,6/6,2020-01-01\nabc,Bad,x,6/6,2020-01-01\n',
    });
    expect(bad.json().imported).toBe(0);
    expect(bad.json().errors.map((e) => e.line)).toEqual([3]);
    const good = await api.as('staff:billing').post<{ imported: number }>(`/api/rate-decks/${deck.id}/import`, {
      csv: 'prefix,description,rate_per_minute,increments,effective_date\n1,US,0.06,60/60,2020-01-01\n44,UK,0.5,60/60,2020-01-01\n',
    });
    expect(good.json().imported).toBe(2);
    const rates = (await api.as('staff:billing').get<TPage<TRatePrefix>>(`/api/rate-decks/${deck.id}/rates`)).json();
    expect(rates.items.map((r) => [r.prefix, r.ratePerMinute, r.increments])).toEqual([
      ['1', 0.06, '60/60'],
      ['44', 0.5, '60/60'],
    ]);

    await rerate(ctx(), { accountId: target, from: start, to: end });
    const calls = await db
      .select({ cost: cdrs.cost, duration: cdrs.durationSeconds, direction: cdrs.direction, to: cdrs.toNumber })
      .from(cdrs)
      .where(and(eq(cdrs.accountId, target), sql`${cdrs.startedAt} >= ${start}::date AND ${cdrs.startedAt} < ${end}::date + 1`));
    expect(calls.length).toBeGreaterThan(0);
    for (const c of calls) {
      const minutes = Math.ceil(c.duration / 60);
      if (c.direction === 'Outbound' && c.to.startsWith('+1')) expect(c.cost).toBeCloseTo(minutes * 0.06, 4);
    }
    const [roll] = await db
      .select({ revenue: sql<string>`sum(${usageDaily.revenue})` })
      .from(usageDaily)
      .where(and(eq(usageDaily.accountId, target), eq(usageDaily.service, 'Voice'), sql`${usageDaily.day} BETWEEN ${start} AND ${end}`));
    const total = calls.reduce((s, c) => s + c.cost, 0);
    expect(Number(roll?.revenue)).toBeCloseTo(total, 0);
  });
});
