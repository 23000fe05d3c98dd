import type { TReport } from '@portal/contract/reports';
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts } from '../src/db/schema/index.ts';
import { resolveReportScope } from '../src/domains/reports/service.ts';
import { reportsTestWorld, WEEK } from './reports-world.ts';

/** Reports: whose figures a caller gets, and the input the report refuses. */

const { api, db, acme, globex, rc, a1, a2, a3, nyUser, ctxOf, staffCtx, asNy, report } = await reportsTestWorld();

describe('scope', () => {
  it("ignores a customer's customerId: always its own company", async () => {
    const own = await report(WEEK);
    const other = await report({ ...WEEK, customerId: acme.id });
    expect(other.scope).toBe('Reports Test Co');
    expect(other).toEqual(own);
  });

  it("answers 404 for another company's account, a deleted one or an unknown one", async () => {
    const [globexAccount] = await db
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.customerId, globex.id), isNull(accounts.deletedAt)))
      .limit(1);
    for (const accountId of [globexAccount?.id as string, a3, '00000000-0000-4000-8000-000000000000']) {
      const res = await asNy({ ...WEEK, accountId });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('NOT_FOUND');
    }
  });

  it("never shows another company's figures to a customer", async () => {
    const res = await api.as('customer:admin').get<TReport>('/api/reports', { query: { ...WEEK, customerId: rc.id } });
    expect(res.status).toBe(200);
    expect(res.json().scope).toBe(acme.name);
    expect(res.json().numbers.activeNumbers).not.toBe(4);
    expect(res.json().analytics).toBeNull();
    expect((await api.as('customer:user').get('/api/reports', { query: { accountId: a1 } })).status).toBe(404);
  });

  it('gives staff any customer, the same figures, and the analytics', async () => {
    const res = await api.as('staff:support').get<TReport>('/api/reports', { query: { ...WEEK, customerId: rc.id } });
    expect(res.status).toBe(200);
    const staff = res.json();
    const own = await report(WEEK);
    expect(staff.scope).toBe('Reports Test Co');
    expect({ ...staff, analytics: null, period: { ...staff.period, timeZone: own.period.timeZone } }).toEqual(own);
    expect(staff.analytics).not.toBeNull();
    const unknown = await api.as('staff:admin').get('/api/reports', { query: { customerId: '00000000-0000-4000-8000-000000000000' } });
    expect(unknown.status).toBe(404);
    expect(unknown.error().code).toBe('NOT_FOUND');
  });

  it('resolves the scope the exports use', async () => {
    expect(await resolveReportScope(staffCtx, {})).toEqual({ customerId: null, accountId: null, name: 'All customers' });
    expect(await resolveReportScope(staffCtx, { accountId: a2 })).toEqual({
      customerId: rc.id,
      accountId: a2,
      name: 'Reports Test Co — Second',
    });
    const customer = ctxOf({ ...nyUser, kind: 'customer' });
    expect(await resolveReportScope(customer, { customerId: acme.id })).toEqual({
      customerId: rc.id,
      accountId: null,
      name: 'Reports Test Co',
    });
    await expect(resolveReportScope(customer, { accountId: a3 })).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe('input', () => {
  it('needs both dates of a custom range', async () => {
    const missing = await asNy({ period: 'custom', startDate: '2026-03-01' });
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields).toEqual({ endDate: 'End date is required' });
    const none = await asNy({ period: 'custom' });
    expect(none.status).toBe(400);
    expect(Object.keys(none.body.error.fields).sort()).toEqual(['endDate', 'startDate']);
  });

  it('refuses an end before the start, and bad values', async () => {
    const backwards = await asNy({ period: 'custom', startDate: '2026-03-07', endDate: '2026-03-01' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.error.fields).toEqual({ endDate: 'The end date must not be before the start date' });
    expect((await asNy({ period: 'fortnight' })).status).toBe(400);
    expect((await asNy({ service: 'fax' })).status).toBe(400);
    expect((await asNy({ ...WEEK, accountId: 'nope' })).status).toBe(400);
  });

  it('answers the default period (last 30 days) to every role', async () => {
    for (const who of ['staff:admin', 'staff:support', 'customer:admin', 'customer:user'] as const) {
      const res = await api.as(who).get<TReport>('/api/reports');
      expect(res.status).toBe(200);
      expect(res.json().period.days).toBe(30);
      expect(res.json().series).toHaveLength(30);
      expect(res.json().analytics === null).toBe(who.startsWith('customer'));
    }
    expect((await api.anonymous.get('/api/reports')).status).toBe(401);
  });
});
