import { z } from 'zod';
import {
  customerOwnerFields,
  dateRangeOrder,
  optional,
  optionalOwnerFields,
  ZEmail,
  ZId,
  ZIsoDate,
  ZIsoDateTime,
  ZOptionalText,
  ZPage,
  ZPageQuery,
  ZRequiredText,
  ZScopedPageQuery,
  ZScopeQuery,
  ZSearch,
  ZSortDir,
  ZStepUpCode,
  ZText,
} from './common.ts';
import { ZPhone } from './phone.ts';

export const PAYMENT_METHOD_TYPES = ['credit_card', 'bank_account'] as const;
export const PAYMENT_METHOD_STATUSES = ['Active', 'Expiring Soon', 'Expired'] as const;
/** What lists and filters show (the spec's statuses); staff also see drafts and voided invoices. */
export const INVOICE_STATUSES = ['Paid', 'Due', 'Overdue'] as const;
/** The whole lifecycle: Draft → Due (finalized, numbered) → Paid, or Overdue once past due; Void ends a finalized unpaid invoice. */
export const INVOICE_LIFECYCLE = ['Draft', 'Due', 'Overdue', 'Paid', 'Void'] as const;
export type TInvoiceLifecycle = (typeof INVOICE_LIFECYCLE)[number];
export const INVOICE_LINE_KINDS = ['voice', 'messaging', 'numbers', 'services', 'adjustment'] as const;
export type TInvoiceLineKind = (typeof INVOICE_LINE_KINDS)[number];
export const INVOICE_SECTION_TITLES: Record<TInvoiceLineKind, string> = {
  voice: 'Voice usage',
  messaging: 'Messaging usage',
  numbers: 'Number fees',
  services: 'Services',
  adjustment: 'Adjustments',
};
export const PAYMENT_STATUSES = ['Successful', 'Failed', 'Pending'] as const;
export type TInvoiceStatus = TInvoiceLifecycle;
export type TPaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const ZPaymentMethod = z.object({
  id: z.uuid(),
  type: z.enum(PAYMENT_METHOD_TYPES),
  holderName: z.string(),
  brand: z.string().nullable(),
  last4: z.string(),
  expMonth: z.number().int().nullable(),
  expYear: z.number().int().nullable(),
  bankName: z.string().nullable(),
  accountType: z.string().nullable(),
  isDefault: z.boolean(),
  status: z.enum(PAYMENT_METHOD_STATUSES),
  createdAt: ZIsoDateTime,
});
export type TPaymentMethod = z.infer<typeof ZPaymentMethod>;

/** Luhn checksum of a card number (digits only). */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** The card brand from the number's prefix (IIN ranges). */
export function cardBrand(digits: string): 'Visa' | 'Mastercard' | 'American Express' | 'Discover' | 'Card' {
  if (/^4/.test(digits)) return 'Visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'Mastercard';
  if (/^3[47]/.test(digits)) return 'American Express';
  if (/^(6011|65|64[4-9]|622)/.test(digits)) return 'Discover';
  return 'Card';
}

/** ABA routing number checksum: 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) ≡ 0 mod 10. */
export function abaRoutingValid(routing: string): boolean {
  if (!/^\d{9}$/.test(routing)) return false;
  const weights = [3, 7, 1];
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += (weights[i % 3] ?? 0) * Number(routing[i]);
  return sum % 10 === 0;
}

/** 'MM/YY' → [month, full year], or null when unreadable. */
export function parseExpiry(value: string): [number, number] | null {
  const m = /^(\d{2})\s*\/\s*(\d{2})$/.exec(value.trim());
  if (!m) return null;
  const month = Number(m[1]);
  if (month < 1 || month > 12) return null;
  return [month, 2000 + Number(m[2])];
}

const digitsOnly = (v: string) => v.replace(/[\s-]/g, '');

export const ZCardBody = z
  .object({
    type: z.literal('credit_card'),
    holderName: ZRequiredText('Cardholder name', 120),
    cardNumber: ZText().transform(digitsOnly),
    expiry: ZText().trim(),
    cvv: ZText().trim(),
    isDefault: z.boolean().default(false),
    twoFactorCode: ZStepUpCode,
  })
  .superRefine((v, ctx) => {
    if (!/^\d{12,19}$/.test(v.cardNumber) || !luhnValid(v.cardNumber)) {
      ctx.addIssue({ code: 'custom', path: ['cardNumber'], message: 'Card number is invalid' });
    }
    const expiry = parseExpiry(v.expiry);
    const now = new Date();
    if (!expiry) ctx.addIssue({ code: 'custom', path: ['expiry'], message: 'Use MM/YY' });
    else if (expiry[1] < now.getFullYear() || (expiry[1] === now.getFullYear() && expiry[0] < now.getMonth() + 1)) {
      ctx.addIssue({ code: 'custom', path: ['expiry'], message: 'This card has expired' });
    }
    const amex = cardBrand(v.cardNumber) === 'American Express';
    if (!(amex ? /^\d{4}$/ : /^\d{3}$/).test(v.cvv)) {
      ctx.addIssue({ code: 'custom', path: ['cvv'], message: amex ? 'CVV must be 4 digits' : 'CVV must be 3 digits' });
    }
  });

export const ZBankBody = z
  .object({
    type: z.literal('bank_account'),
    holderName: ZRequiredText('Account holder name', 120),
    bankName: ZRequiredText('Bank name', 120),
    routingNumber: ZText().trim(),
    accountNumber: ZText().transform(digitsOnly),
    accountType: z.enum(['Checking', 'Savings']).default('Checking'),
    isDefault: z.boolean().default(false),
    twoFactorCode: ZStepUpCode,
  })
  .superRefine((v, ctx) => {
    if (!abaRoutingValid(v.routingNumber)) ctx.addIssue({ code: 'custom', path: ['routingNumber'], message: 'Routing number is invalid' });
    if (!/^\d{4,17}$/.test(v.accountNumber)) {
      ctx.addIssue({ code: 'custom', path: ['accountNumber'], message: 'Account number must be 4 to 17 digits' });
    }
  });

/** Add Method: a card or a bank account; never stored whole (brand, last 4 and expiry only). */
export const ZAddPaymentMethodBody = z.discriminatedUnion('type', [ZCardBody, ZBankBody]);
export type TAddPaymentMethodBody = z.input<typeof ZAddPaymentMethodBody>;

export const ZBillingContactBody = z.object({
  name: ZRequiredText('Name', 120),
  title: ZOptionalText(120),
  email: ZEmail,
  phone: ZPhone,
});
export type TBillingContactBody = z.input<typeof ZBillingContactBody>;

export const ZBillingSummary = z.object({
  currentMonthlyCost: z.number(),
  lastInvoiceAmount: z.number().nullable(),
  lastInvoiceDate: z.string().nullable(),
  /** The last invoice's status (Paid, Due, Overdue), or 'No invoices'. */
  paymentStatus: z.string(),
  nextBillingDate: z.string(),
});
export type TBillingSummary = z.infer<typeof ZBillingSummary>;

// ---- Invoices ----------------------------------------------------------------------------------

export const INVOICE_SORTS = ['issueDate', 'dueDate', 'amount', 'number', 'customer'] as const;

export const ZListInvoicesQuery = ZScopedPageQuery.extend({
  status: optional(z.enum(INVOICE_LIFECYCLE)),
  /** Issued on or after / on or before (inclusive). */
  from: optional(ZIsoDate),
  to: optional(ZIsoDate),
  /** Matches the invoice number, the customer's or the account's name. */
  search: ZSearch,
  sort: z.enum(INVOICE_SORTS).default('issueDate'),
  dir: ZSortDir.default('desc'),
}).refine(...dateRangeOrder('from', 'to'));
export type TListInvoicesQuery = z.input<typeof ZListInvoicesQuery>;

export const ZInvoiceListItem = z.object({
  id: z.uuid(),
  /** null while a draft. */
  number: z.string().nullable(),
  customerId: z.uuid(),
  customerName: z.string(),
  /** null: the customer's invoice covering its accounts on the customer's billing. */
  accountId: z.uuid().nullable(),
  accountName: z.string().nullable(),
  issueDate: ZIsoDate,
  dueDate: ZIsoDate.nullable(),
  periodStart: ZIsoDate.nullable(),
  periodEnd: ZIsoDate.nullable(),
  amount: z.number(),
  amountPaid: z.number(),
  balance: z.number(),
  status: z.enum(INVOICE_LIFECYCLE),
  lastReminderAt: ZIsoDateTime.nullable(),
});
export type TInvoiceListItem = z.infer<typeof ZInvoiceListItem>;
export const ZInvoicePage = ZPage(ZInvoiceListItem);

export const ZInvoiceLine = z.object({
  id: z.uuid(),
  kind: z.enum(INVOICE_LINE_KINDS),
  description: z.string(),
  /** What the line was computed from, e.g. "1,204 calls · 2026-10-01 to 2026-10-31". */
  detail: z.string().nullable(),
  /** The account whose usage, numbers or services the line bills. */
  accountId: z.uuid().nullable(),
  quantity: z.number(),
  unitPrice: z.number(),
  amount: z.number(),
});
export type TInvoiceLine = z.infer<typeof ZInvoiceLine>;

export const ZInvoicePayment = z.object({
  id: z.uuid(),
  amount: z.number(),
  method: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  paidAt: ZIsoDateTime,
  failureReason: z.string().nullable(),
});

export const ZInvoice = ZInvoiceListItem.extend({
  lines: z.array(ZInvoiceLine),
  payments: z.array(ZInvoicePayment),
  finalizedAt: ZIsoDateTime.nullable(),
  voidedAt: ZIsoDateTime.nullable(),
  voidReason: z.string().nullable(),
  billTo: z.object({ name: z.string(), contact: z.string().nullable(), email: z.string().nullable(), address: z.string().nullable() }),
});
export type TInvoice = z.infer<typeof ZInvoice>;

/** Generate Invoice (staff): a draft for one account's (or, without an account, the customer's) billing period. */
export const ZGenerateInvoiceBody = z
  .object({
    customerId: ZId,
    accountId: optional(ZId),
    periodStart: ZIsoDate,
    periodEnd: ZIsoDate,
  })
  .refine(...dateRangeOrder('periodStart', 'periodEnd'));
export type TGenerateInvoiceBody = z.input<typeof ZGenerateInvoiceBody>;

/** A staff adjustment on a draft: a credit (negative) or a charge. */
export const ZAdjustmentBody = z.object({
  description: ZRequiredText('Description', 200),
  amount: z
    .number({ error: 'Enter an amount' })
    .refine((n) => n !== 0, 'The amount must not be zero')
    .refine((n) => Math.abs(n) <= 1_000_000, 'The amount is too large')
    .refine((n) => Math.round(n * 100) === n * 100 || Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'Use at most two decimals'),
});
export type TAdjustmentBody = z.input<typeof ZAdjustmentBody>;

export const ZVoidBody = z.object({ reason: ZRequiredText('Reason', 500) });
export type TVoidBody = z.input<typeof ZVoidBody>;

export const ZPayInvoiceBody = z.object({ paymentMethodId: ZId });
export type TPayInvoiceBody = z.input<typeof ZPayInvoiceBody>;

export const ZPayResult = z.object({
  status: z.enum(PAYMENT_STATUSES),
  /** Why the gateway declined, in words a customer understands. */
  message: z.string().nullable(),
  invoice: ZInvoiceListItem,
});
export type TPayResult = z.infer<typeof ZPayResult>;

export const ZInvoiceRunBody = z.object({
  /** The month billed, as its first day (YYYY-MM-01); the previous month when absent. */
  month: optional(ZIsoDate.refine((d) => d.endsWith('-01'), 'Use the first day of the month')),
});
export const ZInvoiceRunResult = z.object({ drafted: z.number().int(), skipped: z.number().int(), month: ZIsoDate });

/** The sandbox gateway's test numbers (by their last four digits; any other valid method is approved). */
export const SANDBOX_CARDS = [
  { number: '4242 4242 4242 4242', last4: '4242', outcome: 'Successful', message: 'Approved' },
  { number: '4000 0000 0000 0002', last4: '0002', outcome: 'Failed', message: 'Your card was declined.' },
  { number: '4000 0000 0000 9995', last4: '9995', outcome: 'Failed', message: 'Your card has insufficient funds.' },
  { number: '4000 0000 0000 0077', last4: '0077', outcome: 'Pending', message: 'The bank is still processing this payment.' },
] as const;

// ---- Payments ----------------------------------------------------------------------------------

export const ZListPaymentsQuery = ZScopedPageQuery.extend({
  status: optional(z.enum(PAYMENT_STATUSES)),
  from: optional(ZIsoDate),
  to: optional(ZIsoDate),
  /** Matches the invoice number, the method or the customer's name. */
  search: ZSearch,
});
export type TListPaymentsQuery = z.input<typeof ZListPaymentsQuery>;

export const ZPaymentListItem = z.object({
  id: z.uuid(),
  ...customerOwnerFields,
  invoiceId: z.uuid().nullable(),
  invoiceNumber: z.string().nullable(),
  amount: z.number(),
  method: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  reference: z.string().nullable(),
  failureReason: z.string().nullable(),
  paidAt: ZIsoDateTime,
});
export type TPaymentListItem = z.infer<typeof ZPaymentListItem>;
export const ZPaymentPage = ZPage(ZPaymentListItem);

// ---- Billing overview cards -------------------------------------------------------------------

export const ZBillingOverviewQuery = ZScopeQuery;
export const ZBillingOverview = z.object({
  totalOutstanding: z.number(),
  overdueCount: z.number().int(),
  overdueAmount: z.number(),
  revenueThisMonth: z.number(),
  revenueLastMonth: z.number(),
  /** The current period's rated usage and fixed fees so far (Next Invoice). */
  nextInvoiceEstimate: z.number(),
  nextInvoiceDate: ZIsoDate,
  lastPayment: z.object({ amount: z.number(), paidAt: ZIsoDateTime, method: z.string() }).nullable(),
  autoPay: z.boolean().nullable(),
  /** Set when auto-pay failed every retry: staff follow up (never a silent suspension). */
  dunningSince: ZIsoDateTime.nullable(),
  /** Due and overdue invoices in the scope (the sidebar badge). */
  openInvoices: z.number().int(),
  /** The account's monthly budget (an account's scope only; null: none). */
  monthlyBudget: z.number().nullable(),
});
export type TBillingOverview = z.infer<typeof ZBillingOverview>;

export const ZAutoPayBody = z.object({ autoPay: z.boolean() });

// ---- Rate decks ----------------------------------------------------------------------------------

export const ZRateDeck = z.object({
  id: z.uuid(),
  name: z.string(),
  isDefault: z.boolean(),
  ...optionalOwnerFields,
  inboundRatePerMinute: z.number(),
  prefixCount: z.number().int(),
  updatedAt: ZIsoDateTime,
});
export type TRateDeck = z.infer<typeof ZRateDeck>;

export const ZRateDeckBody = z.object({
  name: ZRequiredText('Name', 120),
  customerId: optional(ZId.nullable()),
  accountId: optional(ZId.nullable()),
  inboundRatePerMinute: z.number({ error: 'Enter a rate' }).min(0, 'The rate must not be negative').max(100, 'The rate is too large'),
});
export type TRateDeckBody = z.input<typeof ZRateDeckBody>;

export const ZRatePrefix = z.object({
  prefix: z.string(),
  description: z.string(),
  ratePerMinute: z.number(),
  increments: z.string(),
  effectiveFrom: ZIsoDate,
});
export type TRatePrefix = z.infer<typeof ZRatePrefix>;
export const ZListRatesQuery = ZPageQuery.extend({ search: ZSearch });
export const ZRatePage = ZPage(ZRatePrefix);

export const ZRateImportBody = z.object({
  /** The CSV text: prefix,description,rate_per_minute,increments,effective_date. */
  csv: ZText().min(1, 'Choose a CSV file').max(20_000_000, 'The file is too large'),
  /** Replace every prefix of the deck, or add to (and override) them. */
  mode: z.enum(['replace', 'merge']).default('merge'),
});
export const ZRateImportResult = z.object({
  imported: z.number().int(),
  errors: z.array(z.object({ line: z.number().int(), message: z.string() })),
});
export const ZRerateBody = z.object({ accountId: optional(ZId), from: ZIsoDate, to: ZIsoDate }).refine(...dateRangeOrder('from', 'to'));
export const ZJobQueued = z.object({ queued: z.literal(true) });

export const ZBudgetBody = z.object({
  /** The account's monthly budget in dollars; null removes it. */
  monthlyBudget: z.number().min(1, 'The budget must be at least $1').max(10_000_000, 'The budget is too large').nullable(),
});
