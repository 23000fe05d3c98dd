/** Billing: payment methods, twelve months of invoices with their lines, and payments. */
import type { TInvoiceLineKind, TInvoiceStatus } from '@portal/contract/billing';
import { DEFAULT_SETTINGS } from '@portal/contract/settings';
import type * as s from '../schema/index.ts';
import type { Row, SeedAccount, SeedContext, SeedCustomer, SeedPaymentMethod } from './context.ts';
import { BANKS, CARD_BRANDS } from './data/catalogue.ts';
import { TIER_REVENUE } from './data/companies.ts';
import { add, at, billsFor, cents, DAY, fromCents, HOUR, maxDate, minDate, monthStart, YearSequence, ymd } from './helpers.ts';
import { BASE62 } from './random.ts';

export function seedBilling(sc: SeedContext): void {
  const rng = sc.rng.fork('billing');
  const nowYear = sc.now.getUTCFullYear();
  const nowMonth = sc.now.getUTCMonth() + 1;
  const expiry = (kind: 'future' | 'soon' | 'expired'): [number, number] => {
    const offset = kind === 'future' ? rng.int(3, 40) : kind === 'soon' ? rng.int(0, 1) : -rng.int(1, 14);
    const m0 = nowYear * 12 + (nowMonth - 1) + offset;
    return [(m0 % 12) + 1, Math.floor(m0 / 12)];
  };
  const addMethod = (
    c: SeedCustomer,
    account: SeedAccount | null,
    type: 'credit_card' | 'bank_account',
    isDefault: boolean,
    exp: 'future' | 'soon' | 'expired',
    fixedLast4?: string,
    fixedBrand?: string,
  ): SeedPaymentMethod => {
    const id = sc.uuid();
    const last4 = fixedLast4 ?? rng.digits(4);
    const createdAt = sc.between(rng, account?.createdAt ?? c.createdAt, add(account?.createdAt ?? c.createdAt, 30 * DAY));
    if (type === 'credit_card') {
      const brand =
        fixedBrand ??
        rng.weighted<string>([
          [at(CARD_BRANDS, 0), 45],
          [at(CARD_BRANDS, 1), 30],
          [at(CARD_BRANDS, 2), 17],
          [at(CARD_BRANDS, 3), 8],
        ]);
      const [expMonth, expYear] = expiry(exp);
      sc.rows.paymentMethods.push({
        id,
        customerId: c.id,
        accountId: account?.id ?? null,
        type,
        holderName: account?.row.billingContactName ?? c.spec.billing[0],
        brand,
        last4,
        expMonth,
        expYear,
        isDefault,
        createdAt,
      });
      return { id, type, label: `${brand} •••• ${last4}` };
    }
    sc.rows.paymentMethods.push({
      id,
      customerId: c.id,
      accountId: account?.id ?? null,
      type,
      holderName: c.spec.name,
      bankName: rng.pick(BANKS),
      accountType: rng.chance(0.8) ? 'Checking' : 'Savings',
      last4,
      routingLast4: rng.digits(4),
      isDefault,
      createdAt,
    });
    return { id, type, label: `ACH •••• ${last4}` };
  };

  for (const c of sc.customers) {
    let methods: SeedPaymentMethod[];
    if (c.index === 0) {
      methods = [
        addMethod(c, null, 'credit_card', true, 'future', '4242', 'Visa'),
        addMethod(c, null, 'credit_card', false, 'soon', undefined, 'Amex'),
        addMethod(c, null, 'bank_account', false, 'future', '6789'),
      ];
    } else {
      const n =
        c.spec.status === 'pending'
          ? 1
          : rng.weighted<number>([
              [1, 4],
              [2, 4],
              [3, 2],
            ]);
      methods = [addMethod(c, null, rng.chance(0.7) ? 'credit_card' : 'bank_account', true, rng.chance(0.12) ? 'soon' : 'future')];
      for (let k = 1; k < n; k++)
        methods.push(
          addMethod(
            c,
            null,
            rng.chance(0.65) ? 'credit_card' : 'bank_account',
            false,
            rng.weighted<'future' | 'soon' | 'expired'>([
              ['future', 60],
              ['soon', 15],
              ['expired', 25],
            ]),
          ),
        );
    }
    c.methods = methods;
    c.defaultMethod = at(methods, 0);
    // a third of the customers (not the demo one, whose journeys pay by hand) pay by auto-pay
    c.row.autoPay = c.index % 3 === 1 && c.defaultMethod?.type === 'credit_card';
    for (const a of c.accounts)
      if (!a.useCustomerBilling && a.billable && rng.chance(0.5)) a.ownMethod = addMethod(c, a, 'credit_card', false, 'future');
  }

  // invoices: one per billable account per month for the last 12 months (issued on the 1st)
  type Plan = { account: SeedAccount; back: number; issue: Date; periodStart: Date; periodEnd: Date; paid: boolean; budget: number };
  const plans: Plan[] = [];
  const today = ymd(sc.now);
  for (const c of sc.customers) {
    const cPlans: Plan[] = [];
    for (const a of c.accounts) {
      if (!a.billable) continue;
      for (let back = 11; back >= 0; back--) {
        const issue = monthStart(sc.now, back);
        const periodStart = monthStart(sc.now, back + 1);
        const periodEnd = new Date(issue.getTime() - DAY);
        if (a.createdAt.getTime() >= issue.getTime()) continue;
        if (a.endedAt && periodStart.getTime() >= a.endedAt.getTime()) continue;
        let paid: boolean;
        if (a.status === 'inactive' || a.status === 'cancelled') paid = true;
        else if (a.status === 'suspended') paid = back > 2;
        else if (back === 0) paid = sc.now.getTime() - issue.getTime() > 10 * DAY && rng.chance(0.3);
        else if (back === 1) paid = !rng.chance(0.1);
        else if (back === 2) paid = !rng.chance(0.03);
        else paid = true;
        // the demo customer always shows a Due and an Overdue invoice
        if (c.index === 0 && a.index === 0 && back === 0) paid = false;
        if (c.index === 0 && a.index === 1 && back <= 2) paid = false;
        if (c.index === 0 && a.index === 2 && back === 1) paid = true;
        cPlans.push({ account: a, back, issue, periodStart, periodEnd, paid, budget: rng.float(0.85, 1.15) * (1 + (11 - back) * 0.015) });
      }
    }
    // scale so the paid invoices add up to the customer's target revenue (its revenue band)
    const [lo, hi] = TIER_REVENUE[c.spec.tier];
    const target = rng.float(lo, hi);
    const paidWeight = cPlans.reduce((sum, p) => sum + (p.paid ? p.budget : 0), 0);
    for (const p of cPlans) p.budget = paidWeight > 0 ? (p.budget * target) / paidWeight : p.budget * 100;
    plans.push(...cPlans);
  }
  plans.sort((p, q) => p.issue.getTime() - q.issue.getTime() || p.account.code.localeCompare(q.account.code));

  // numbering continues the year's earlier (unseeded) invoices: the first month in the window
  // starts after as many numbers as earlier months of its year would have used
  const numbers = new YearSequence();
  const first = plans[0];
  if (first && first.issue.getUTCMonth() > 0) {
    const firstMonth = plans.filter((p) => p.issue.getTime() === first.issue.getTime()).length;
    numbers.last.set(first.issue.getUTCFullYear(), first.issue.getUTCMonth() * firstMonth);
  }
  const prefix = DEFAULT_SETTINGS.invoicePrefix;
  const terms = DEFAULT_SETTINGS.defaultPaymentTerms;
  for (const p of plans) {
    const a = p.account;
    const number = numbers.code(prefix, p.issue, 6);
    const id = sc.uuid();
    const due = add(p.issue, terms * DAY);
    const lines: { kind: TInvoiceLineKind; description: string; quantity: number; unitPrice: number; amountCents: number }[] = [];
    for (const svc of a.services) {
      if (svc.status === 'pending') continue;
      lines.push({
        kind: 'services',
        description: `${svc.spec.name} - monthly service`,
        quantity: 1,
        unitPrice: svc.cost,
        amountCents: cents(svc.cost),
      });
    }
    const held = a.numbers.filter((n) => n.assignedAt.getTime() < p.issue.getTime());
    const groups = new Map<string, { type: 'DID' | 'TFN'; fee: number; count: number }>();
    for (const n of held) {
      const key = `${n.type}:${n.fee}`;
      const g = groups.get(key) ?? { type: n.type, fee: n.fee, count: 0 };
      g.count++;
      groups.set(key, g);
    }
    for (const g of [...groups.values()].sort((x, y) => x.type.localeCompare(y.type) || x.fee - y.fee))
      lines.push({
        kind: 'numbers',
        description: g.type === 'TFN' ? 'Toll-free number rental' : 'Local number rental',
        quantity: g.count,
        unitPrice: g.fee,
        amountCents: cents(g.count * g.fee),
      });
    const fixed = lines.reduce((sum, l) => sum + l.amountCents, 0);
    const usageCents = Math.max(cents(p.budget) - fixed, 0);
    const voice = billsFor(a, 'Voice');
    const sms = billsFor(a, 'SMS');
    const voiceShare = voice && sms ? rng.float(0.45, 0.65) : voice ? 1 : 0;
    const usageLine = (description: string, budgetCents: number, unit: number) => {
      const quantity = Math.round(budgetCents / 100 / unit);
      if (quantity <= 0) return;
      lines.push({
        kind: /voice/i.test(description) ? 'voice' : 'messaging',
        description,
        quantity,
        unitPrice: unit,
        amountCents: Math.round(quantity * unit * 100),
      });
    };
    if (usageCents > 0 && (voice || sms)) {
      const voiceCents = Math.round(usageCents * voiceShare);
      if (voice) {
        usageLine('Outbound voice minutes', Math.round(voiceCents * 0.8), a.ratePerMinute);
        usageLine('Inbound voice minutes', voiceCents - Math.round(voiceCents * 0.8), 0.0085);
      }
      if (sms) {
        const smsCents = usageCents - voiceCents;
        const mms = a.services.some((x) => x.spec.name === 'MMS Messaging');
        usageLine('SMS messages (segments)', mms ? Math.round(smsCents * 0.85) : smsCents, 0.0075);
        if (mms) usageLine('MMS messages', smsCents - Math.round(smsCents * 0.85), 0.02);
      }
    }
    if (lines.length === 0)
      lines.push({ kind: 'services', description: 'Account maintenance fee', quantity: 1, unitPrice: 10, amountCents: 1000 });
    const amount = fromCents(lines.reduce((sum, l) => sum + l.amountCents, 0));

    const dueDate = ymd(due);
    const status: TInvoiceStatus = p.paid ? 'Paid' : dueDate < today ? 'Overdue' : 'Due';
    const createdAt = minDate(add(p.issue, 6 * HOUR), sc.now);
    let paidAt: Date | null = null;
    if (p.paid) {
      const latest = minDate(add(p.issue, (terms - 2) * DAY), add(sc.now, -HOUR));
      paidAt = sc.between(rng, minDate(add(p.issue, 2 * DAY), latest), latest);
    }
    const row: Row<typeof s.invoices> = {
      id,
      invoiceNumber: number,
      customerId: a.customer.id,
      accountId: a.id,
      issueDate: ymd(p.issue),
      dueDate,
      periodStart: ymd(p.periodStart),
      periodEnd: ymd(p.periodEnd),
      amount,
      amountPaid: p.paid ? amount : 0,
      status,
      finalizedAt: createdAt,
      paidAt,
      lastReminderAt: status === 'Overdue' ? minDate(add(due, rng.int(1, 7) * DAY), add(sc.now, -2 * HOUR)) : null,
      createdAt,
    };
    sc.rows.invoices.push(row);
    lines.forEach((l, position) => {
      sc.rows.invoiceLines.push({
        id: sc.uuid(),
        invoiceId: id,
        kind: l.kind,
        accountId: a.id,
        description: l.description,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        amount: fromCents(l.amountCents),
        position,
      });
    });
    sc.invoices.push({ id, number, account: a, issue: p.issue, due, amount, status, paidAt, row });
  }

  // the numbering continues from the seeded invoices
  for (const [year, last] of numbers.last) sc.rows.invoiceCounters.push({ prefix, year, last });

  // payments: one Successful per Paid invoice; Failed attempts on some overdue ones; a few Pending
  const methodOf = (a: SeedAccount) => a.ownMethod ?? a.customer.defaultMethod;
  const ref = (m: SeedPaymentMethod) => (m.type === 'credit_card' ? `ch_${rng.string(24, BASE62)}` : `py_${rng.string(24, BASE62)}`);
  const payments: Row<typeof s.payments>[] = [];
  let pendingLeft = 4;
  for (const inv of sc.invoices) {
    const m = methodOf(inv.account);
    if (!m) continue;
    const base = {
      customerId: inv.account.customer.id,
      accountId: inv.account.id,
      invoiceId: inv.id,
      paymentMethodId: m.id,
      amount: inv.amount,
      method: m.label,
    };
    if (inv.status === 'Paid' && inv.paidAt) {
      if (rng.chance(0.01)) {
        payments.push({
          ...base,
          status: 'Failed',
          gatewayReference: ref(m),
          failureReason: 'Card declined: insufficient funds',
          paidAt: add(inv.paidAt, -rng.int(1, 3) * DAY),
        });
      }
      payments.push({ ...base, status: 'Successful', gatewayReference: ref(m), failureReason: null, paidAt: inv.paidAt });
    } else if (inv.status === 'Overdue' && (rng.chance(0.6) || (inv.account.customer.index === 0 && inv.account.index === 1))) {
      payments.push({
        ...base,
        status: 'Failed',
        gatewayReference: ref(m),
        failureReason:
          m.type === 'credit_card'
            ? rng.pick(['Card declined: insufficient funds', 'Card declined: do not honor'])
            : 'ACH return R01: insufficient funds',
        paidAt: minDate(add(inv.due, -rng.int(0, 2) * DAY + 9 * HOUR), add(sc.now, -3 * HOUR)),
      });
    } else if (inv.status === 'Due' && pendingLeft > 0 && inv.account.customer.index !== 0 && rng.chance(0.15)) {
      pendingLeft--;
      payments.push({
        ...base,
        status: 'Pending',
        gatewayReference: ref(m),
        failureReason: null,
        paidAt: sc.between(rng, maxDate(inv.issue, sc.ago(3)), sc.now),
      });
    }
  }
  payments.sort((p, q) => (p.paidAt as Date).getTime() - (q.paidAt as Date).getTime());
  for (const p of payments) p.id = sc.uuid();
  sc.rows.payments = payments;
}
