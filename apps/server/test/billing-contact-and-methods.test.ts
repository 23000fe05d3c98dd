import { abaRoutingValid, cardBrand, luhnValid } from '@portal/contract/billing';
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, customers, paymentMethods } from '../src/db/schema/index.ts';
import { as, signInAll } from './helpers.ts';
import { apiTestWorld } from './world.ts';

const { t, acme, globex } = await apiTestWorld();
const cookies = await signInAll(t.app, ['admin', 'support', 'customer', 'user']);
const acmeId = acme.id;
const globexId = globex.id;

const req = (who: string | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  as(t.app, who ? (cookies[who] ?? null) : null, { method, url, payload: payload as never });

const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');
const card = {
  type: 'credit_card',
  holderName: 'Linda Park',
  cardNumber: '4242 4242 4242 4242',
  expiry: `08/${nextYear}`,
  cvv: '123',
  isDefault: true,
};
const bank = {
  type: 'bank_account',
  holderName: 'Acme',
  bankName: 'First Bank',
  routingNumber: '021000021',
  accountNumber: '000123456789',
  isDefault: false,
};

describe('validators', () => {
  it('check Luhn, brands and ABA routing numbers', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(cardBrand('378282246310005')).toBe('American Express');
    expect(cardBrand('5555555555554444')).toBe('Mastercard');
    expect(abaRoutingValid('021000021')).toBe(true);
    expect(abaRoutingValid('021000022')).toBe(false);
  });
});

describe('payment methods', () => {
  it('stores a card without its number or CVV and keeps exactly one default', async () => {
    const res = await req('admin', 'POST', `/api/customers/${globexId}/payment-methods`, card);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ brand: 'Visa', last4: '4242', isDefault: true, status: 'Active' });
    expect(res.body).not.toContain('4242424242424242');
    const rows = await t.database.db
      .select()
      .from(paymentMethods)
      .where(and(eq(paymentMethods.customerId, globexId), isNull(paymentMethods.accountId), isNull(paymentMethods.deletedAt)));
    expect(rows.filter((r) => r.isDefault)).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain('4242424242424242');
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'payment_method.create'));
    expect(JSON.stringify(audit)).not.toContain('4242424242424242');
    const list = (await req('support', 'GET', `/api/customers/${globexId}/payment-methods`)).json();
    expect(list[0].id).toBe(res.json().id);
  });

  it('stores a bank account with only its last 4', async () => {
    const res = await req('customer', 'POST', `/api/customers/${acmeId}/payment-methods`, bank);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ type: 'bank_account', last4: '6789', bankName: 'First Bank', isDefault: false });
  });

  it('refuses invalid cards and banks with field errors', async () => {
    const bad = await req('admin', 'POST', `/api/customers/${globexId}/payment-methods`, {
      ...card,
      cardNumber: '4242424242424241',
      expiry: '01/20',
      cvv: '12',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toMatchObject({
      cardNumber: 'Card number is invalid',
      expiry: 'This card has expired',
      cvv: 'CVV must be 3 digits',
    });
    const amex = await req('admin', 'POST', `/api/customers/${globexId}/payment-methods`, {
      ...card,
      cardNumber: '378282246310005',
      cvv: '123',
    });
    expect(amex.json().error.fields.cvv).toBe('CVV must be 4 digits');
    const badBank = await req('admin', 'POST', `/api/customers/${globexId}/payment-methods`, {
      ...bank,
      routingNumber: '123456789',
      accountNumber: '12ab',
    });
    expect(badBank.json().error.fields).toMatchObject({ routingNumber: 'Routing number is invalid' });
    expect(badBank.json().error.fields.accountNumber).toBeDefined();
  });

  it("answers 404 for another customer's methods and 403 to roles that may not change billing", async () => {
    expect((await req('customer', 'GET', `/api/customers/${globexId}/payment-methods`)).statusCode).toBe(404);
    expect((await req('customer', 'POST', `/api/customers/${globexId}/payment-methods`, card)).statusCode).toBe(404);
    expect((await req('user', 'POST', `/api/customers/${acmeId}/payment-methods`, card)).statusCode).toBe(403);
    expect((await req('support', 'POST', `/api/customers/${acmeId}/payment-methods`, card)).statusCode).toBe(403);
  });
});

describe('billing contact and summary', () => {
  it('saves the billing contact to the customer', async () => {
    const res = await req('admin', 'PUT', `/api/customers/${globexId}/billing-contact`, {
      name: 'Angela Foster',
      title: 'AP',
      email: 'ap@globex.example',
      phone: '312-555-0101',
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(customers).where(eq(customers.id, globexId));
    expect(row?.billingContactEmail).toBe('ap@globex.example');
    const bad = await req('admin', 'PUT', `/api/customers/${globexId}/billing-contact`, { name: '', email: 'x', phone: '' });
    expect(Object.keys(bad.json().error.fields)).toEqual(expect.arrayContaining(['name', 'email', 'phone']));
    expect(
      (await req('customer', 'PUT', `/api/customers/${globexId}/billing-contact`, { name: 'a', email: 'a@b.example', phone: '5555555555' }))
        .statusCode,
    ).toBe(404);
  });

  it('computes the billing summary', async () => {
    const res = await req('admin', 'GET', `/api/customers/${acmeId}/billing-summary`);
    expect(res.statusCode).toBe(200);
    expect(res.json().currentMonthlyCost).toBeGreaterThan(0);
    expect(['Paid', 'Due', 'Overdue']).toContain(res.json().paymentStatus);
    expect(res.json().nextBillingDate).toMatch(/^\d{4}-\d{2}-01$/);
  });
});
