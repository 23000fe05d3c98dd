import { z } from 'zod';
import { ZEmail, ZIsoDateTime, ZOptionalText, ZRequiredText, ZText } from './common.ts';
import { ZPhone } from './phone.ts';

export const PAYMENT_METHOD_TYPES = ['credit_card', 'bank_account'] as const;
export const PAYMENT_METHOD_STATUSES = ['Active', 'Expiring Soon', 'Expired'] as const;
export const INVOICE_STATUSES = ['Paid', 'Due', 'Overdue'] as const;
export const PAYMENT_STATUSES = ['Successful', 'Failed', 'Pending'] as const;
export type TInvoiceStatus = (typeof INVOICE_STATUSES)[number];
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
export const ZCustomerIdParams = z.object({ customerId: z.uuid() });
