import type { TPage } from '@portal/contract/common';
import { REQUIRED_FIELDS, type TDncEntry, type TDncSummary, type TImportDncResult } from '@portal/contract/compliance';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, dncEntries } from '../src/db/schema/index.ts';
import { blockedBy } from '../src/domains/compliance/service.ts';
import { systemCtx } from '../src/lib/context.ts';
import { apiTestWorld } from './world.ts';

const { t, api, db, acme, globex } = await apiTestWorld();
const acmeId = acme?.id as string;

describe('DNC and DNO lists', () => {
  it('adds numbers in E.164 and area-code blocks, refuses duplicates and missing fields, audited', async () => {
    const missing = await api.as('staff:admin').post('/api/compliance/entries', { number: '', customerId: '', listType: 'DNC' });
    expect(missing.status).toBe(400);
    expect(missing.error().fields).toMatchObject({ number: REQUIRED_FIELDS });
    const noCustomer = await api.as('staff:admin').post('/api/compliance/entries', { number: '(212) 555-0143', listType: 'DNC' });
    expect(noCustomer.error().fields).toEqual({ customerId: REQUIRED_FIELDS });

    const added = await api.as('staff:admin').post<TDncEntry>('/api/compliance/entries', {
      number: '(212) 555-0143',
      customerId: acmeId,
      listType: 'DNC',
      reason: 'Asked not to be called',
    });
    expect(added.status, added.body).toBe(201);
    expect(added.json()).toMatchObject({ number: '+12125550143', block: false, listType: 'DNC', customerId: acmeId });
    const again = await api.as('customer:admin').post('/api/compliance/entries', { number: '+1 212 555 0143', listType: 'DNC' });
    expect(again.error().fields).toEqual({ number: 'This number is already on the DNC list for this customer' });
    // the same number may be on the other list
    expect((await api.as('customer:admin').post('/api/compliance/entries', { number: '212-555-0143', listType: 'DNO' })).status).toBe(201);

    const block = await api
      .as('customer:admin')
      .post<TDncEntry>('/api/compliance/entries', { number: '415-555', listType: 'DNO', customerId: globex?.id });
    expect(block.json()).toMatchObject({ number: '+1415555', block: true, customerId: acmeId });
    expect((await api.as('customer:admin').post('/api/compliance/entries', { number: 'call me', listType: 'DNC' })).status).toBe(400);
    expect((await api.as('customer:user').post('/api/compliance/entries', { number: '2125550144', listType: 'DNC' })).status).toBe(403);

    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'compliance.add'), eq(auditLog.entityId, added.json().id)));
    expect(audit?.summary).toBe('Added +12125550143 to the DNC list');
  });

  it('is obeyed: a number, or its area-code block, is found for its customer and list only', async () => {
    const ctx = systemCtx({ database: t.database, config: t.app.config, log: t.app.log }, 'test');
    expect((await blockedBy(ctx, acmeId, '212.555.0143', 'DNC'))?.number).toBe('+12125550143');
    expect((await blockedBy(ctx, acmeId, '+14155550199', 'DNO'))?.number).toBe('+1415555');
    expect(await blockedBy(ctx, acmeId, '+14155550199', 'DNC')).toBeUndefined();
    expect(await blockedBy(ctx, globex?.id as string, '+12125550143', 'DNC')).toBeUndefined();
  });

  it('lists by scope, list and digits; summary counts per list; removal is scoped', async () => {
    const mine = (
      await api.as('customer:user').get<TPage<TDncEntry>>('/api/compliance/entries', { query: { search: '212 555', pageSize: 100 } })
    ).json();
    expect(mine.items.every((e) => e.customerId === acmeId && e.number.includes('212555'))).toBe(true);
    expect(mine.items.length).toBeGreaterThan(0);
    const dno = (
      await api
        .as('staff:admin')
        .get<TPage<TDncEntry>>('/api/compliance/entries', { query: { listType: 'DNO', customerId: acmeId, pageSize: 10 } })
    ).json();
    expect(dno.items.every((e) => e.listType === 'DNO')).toBe(true);
    const summary = (await api.as('customer:admin').get<TDncSummary>('/api/compliance/summary')).json();
    const rows = await db.select().from(dncEntries).where(eq(dncEntries.customerId, acmeId));
    expect(summary).toEqual({ DNC: rows.filter((r) => r.listType === 'DNC').length, DNO: rows.filter((r) => r.listType === 'DNO').length });

    const theirs = (await api.as('other:customer:admin').get<TPage<TDncEntry>>('/api/compliance/entries')).json().items[0];
    expect((await api.as('customer:admin').delete(`/api/compliance/entries/${theirs?.id}`)).status).toBe(404);
    const gone = mine.items[0] as TDncEntry;
    expect((await api.as('customer:admin').delete(`/api/compliance/entries/${gone.id}`)).status).toBe(200);
    expect(await db.select().from(dncEntries).where(eq(dncEntries.id, gone.id))).toEqual([]);
  });

  it('imports a CSV: good lines added in one go, each bad line reported with its reason', async () => {
    const csv = [
      'number,type,reason',
      '(646) 555-0101,DNC,Requested',
      'not a number,DNC,',
      '646-555-0102,XYZ,',
      '(646) 555-0101,DNC,twice',
      '718,DNO,Block',
      '6465550103',
    ].join('\n');
    const res = await api.as('customer:admin').post<TImportDncResult>('/api/compliance/import', { listType: 'DNC', csv });
    expect(res.status, res.body).toBe(200);
    const result = res.json();
    expect(result.added).toBe(3);
    expect(result.rejected.map((r) => r.line)).toEqual([3, 4, 5]);
    expect(result.rejected[0]?.reason).toBe('"not a number" is not a phone number or an area code block');
    expect(result.rejected[1]?.reason).toBe('The type must be DNC or DNO, not "XYZ"');
    expect(result.rejected[2]?.reason).toBe('+16465550101 appears more than once in the file');
    const again = (
      await api.as('customer:admin').post<TImportDncResult>('/api/compliance/import', { listType: 'DNC', csv: '6465550103' })
    ).json();
    expect(again).toEqual({
      added: 0,
      rejected: [{ line: 1, text: '6465550103', reason: 'This number is already on the DNC list for this customer' }],
    });
  });
});

describe('export', () => {
  it('downloads the filtered entries of the caller scope as CSV, formulas made harmless', async () => {
    await api
      .as('customer:admin')
      .post('/api/compliance/entries', { number: '(303) 555-0188', listType: 'DNC', reason: '=HYPERLINK("x")' });
    const res = await api.as('customer:admin').get('/api/compliance/entries/export', { query: { listType: 'DNC' } });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('Number,Type,Customer,Reason,Added Date,Added By');
    const rows = await db
      .select()
      .from(dncEntries)
      .where(and(eq(dncEntries.customerId, acmeId), eq(dncEntries.listType, 'DNC')));
    expect(lines.length - 1).toBe(rows.length);
    expect(lines.every((l, i) => i === 0 || l.includes(',DNC,'))).toBe(true);
    expect(res.body).toContain(`+13035550188,DNC,${acme?.name},"'=HYPERLINK(""x"")"`);
    expect(res.body).not.toContain(globex?.name as string);
  });
});
