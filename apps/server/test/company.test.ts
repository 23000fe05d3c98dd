import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, customers } from '../src/db/schema/index.ts';
import { as, signInAll } from './helpers.ts';
import { apiTestWorld } from './world.ts';

const { t } = await apiTestWorld();
const cookies = await signInAll(t.app, ['admin', 'customer', 'user', 'other']);

const req = (who: string | null, method: 'GET' | 'PUT', url: string, payload?: unknown) =>
  as(t.app, who ? (cookies[who] ?? null) : null, { method, url, payload: payload as never });

describe('company profile', () => {
  it("shows the caller's own company with read-only account fields", async () => {
    const res = await req('user', 'GET', '/api/company');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Acme Communications Inc.', accountNumber: 'CUST-1001' });
    expect((await req('other', 'GET', '/api/company')).json().accountNumber).toBe('CUST-1002');
  });

  it('saves; with "Same as company address" the billing address copies the company address', async () => {
    const current = (await req('customer', 'GET', '/api/company')).json();
    const body = { ...current, contactName: 'Jane Roe', city: 'Brooklyn', billingSameAsCompany: true, billingCity: 'Elsewhere' };
    for (const k of ['accountNumber', 'accountType', 'activationDate', 'accountManager', 'status']) delete body[k];
    const res = await req('customer', 'PUT', '/api/company', body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ contactName: 'Jane Roe', city: 'Brooklyn', billingCity: 'Brooklyn', billingSameAsCompany: true });
    const [row] = await t.database.db.select().from(customers).where(eq(customers.customerCode, 'CUST-1001'));
    expect(row?.billingCity).toBe('Brooklyn');
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'company.update'));
    expect(audit).toHaveLength(1);
  });

  it('requires the fields of section 5 (and the billing address when it differs)', async () => {
    const res = await req('customer', 'PUT', '/api/company', {
      name: '',
      contactName: '',
      address: '',
      city: '',
      state: '',
      zipCode: '',
      country: '',
      phone: '',
      email: 'x',
      billingContactName: '',
      billingEmail: '',
      billingSameAsCompany: false,
    });
    expect(res.statusCode).toBe(400);
    const fields = res.json().error.fields;
    for (const f of [
      'name',
      'contactName',
      'address',
      'city',
      'state',
      'zipCode',
      'country',
      'phone',
      'email',
      'billingContactName',
      'billingEmail',
    ]) {
      expect(fields[f], f).toBeDefined();
    }
  });

  it('refuses a customer User (403), staff (403) and anonymous callers (401)', async () => {
    expect((await req('user', 'PUT', '/api/company', {})).statusCode).toBe(403);
    expect((await req('admin', 'GET', '/api/company')).statusCode).toBe(403);
    expect((await req(null, 'GET', '/api/company')).statusCode).toBe(401);
  });
});
