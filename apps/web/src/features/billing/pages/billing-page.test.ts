import { describe, expect, it } from 'vitest';
import { billingBase, billingTabOf } from './billing-page.tsx';

const ALL = ['invoices', 'payment-methods', 'payment-history', 'rates'] as const;

describe('billing paths', () => {
  it('finds the billing base of every portal and of an account', () => {
    expect(billingBase('/admin/billing')).toBe('/admin/billing');
    expect(billingBase('/admin/billing/payment-history')).toBe('/admin/billing');
    expect(billingBase('/customer/billing/payment-methods')).toBe('/customer/billing');
    expect(billingBase('/customer/accounts/a1/billing/payment-history')).toBe('/customer/accounts/a1/billing');
    expect(billingBase('/admin/customers/c1/accounts/a1/billing')).toBe('/admin/customers/c1/accounts/a1/billing');
  });

  it('reads the tab from the path: the bare path and /invoices are the invoices', () => {
    expect(billingTabOf('/admin/billing', ALL)).toBe('invoices');
    expect(billingTabOf('/admin/billing/invoices', ALL)).toBe('invoices');
    expect(billingTabOf('/admin/billing/rates', ALL)).toBe('rates');
    expect(billingTabOf('/customer/billing/payment-methods/', ALL)).toBe('payment-methods');
    expect(billingTabOf('/customer/accounts/a1/billing/payment-history', ALL)).toBe('payment-history');
    // a tab the page does not offer falls back to the invoices
    expect(billingTabOf('/admin/billing/payment-methods', ['invoices', 'payment-history'])).toBe('invoices');
  });
});
