import type { TPage } from '@portal/contract/common';
import { REQUIRED_FIELDS, type TDncEntry, type TDncSummary, type TImportDncResult } from '@portal/contract/compliance';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { complianceBlocksDaily, dncEntries } from '../src/db/schema/index.ts';
import { blockedAmong, blockedBy } from '../src/domains/compliance/service.ts';
import { systemCtx } from '../src/lib/context.ts';
import { auditEntries } from './helpers.ts';
import { sendingAccount } from './messaging-world.ts';
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

    const [audit] = await auditEntries(db, 'compliance.add', added.json().id);
    expect(audit?.summary).toBe('Added +12125550143 to the DNC list');
  });

  it('is obeyed: a number, or its area-code block, is found for its customer and list only', async () => {
    const ctx = systemCtx({ database: t.database, config: t.app.config, log: t.app.log }, 'test');
    expect((await blockedBy(ctx, acmeId, '212.555.0143', 'DNC'))?.number).toBe('+12125550143');
    expect((await blockedBy(ctx, acmeId, '+14155550199', 'DNO'))?.number).toBe('+1415555');
    expect(await blockedBy(ctx, acmeId, '+14155550199', 'DNC')).toBeUndefined();
    expect(await blockedBy(ctx, globex?.id as string, '+12125550143', 'DNC')).toBeUndefined();
  });

  it('checks a batch in one go: each number against its own customer, the most specific entry first', async () => {
    const ctx = systemCtx({ database: t.database, config: t.app.config, log: t.app.log }, 'test');
    const globexId = globex?.id as string;
    // Acme's DNO list: +1415555 (block, added above) and now the exchange block's number itself and an area code
    await api.as('customer:admin').post('/api/compliance/entries', { number: '+14155550111', listType: 'DNO' });
    await api.as('customer:admin').post('/api/compliance/entries', { number: '917', listType: 'DNO' });
    const found = await blockedAmong(ctx, 'DNO', [
      { customerId: acmeId, number: '+14155550111' },
      { customerId: acmeId, number: '+14155550112' },
      { customerId: acmeId, number: '+19175550100' },
      { customerId: acmeId, number: '+12125550143' },
      { customerId: globexId, number: '+14155550111' },
      { customerId: acmeId, number: 'not a number' },
    ]);
    expect(Object.fromEntries([...found].map(([k, v]) => [k, v.number]))).toEqual({
      [`${acmeId} +14155550111`]: '+14155550111',
      [`${acmeId} +14155550112`]: '+1415555',
      [`${acmeId} +19175550100`]: '+1917',
      // +12125550143 is on Acme's DNO list too (added above)
      [`${acmeId} +12125550143`]: '+12125550143',
    });
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
    expect(summary).toEqual({
      DNC: rows.filter((r) => r.listType === 'DNC').length,
      DNO: rows.filter((r) => r.listType === 'DNO').length,
      // nothing stopped yet in this database
      stopped: { DNC: 0, DNO: 0 },
    });

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

describe('what the lists stopped', () => {
  const dayBefore = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

  /** An Acme account with a toll-free SMS number of its own, and an API key of it that may send. */
  async function sender() {
    const { accountId, tfn } = await sendingAccount(db, acmeId);
    const key = await api
      .as('customer:admin')
      .post<{ key: string }>('/api/api-keys', { accountId, name: 'DNC probe', environment: 'Development', scopes: ['messages:send'] });
    expect(key.status, key.body).toBe(201);
    return { from: tfn, key: key.json().key };
  }

  it('counts the public API refusals (DNC) per UTC day; the summary adds up the last 30 days of each list', async () => {
    const globexId = globex?.id as string;
    await db.insert(complianceBlocksDaily).values([
      { day: dayBefore(29), customerId: acmeId, listType: 'DNO', blocked: 3 },
      // a day too old for the summary
      { day: dayBefore(30), customerId: acmeId, listType: 'DNO', blocked: 5 },
      { day: dayBefore(0), customerId: acmeId, listType: 'DNC', blocked: 2 },
      { day: dayBefore(0), customerId: globexId, listType: 'DNC', blocked: 7 },
    ]);
    const { from, key } = await sender();
    await api.as('customer:admin').post('/api/compliance/entries', { number: '(415) 555-0126', listType: 'DNC' });
    const send = (headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/messages',
        headers: { authorization: `Bearer ${key}`, ...headers },
        payload: { from, to: '+14155550126', body: 'hi' },
      });
    const plain = await send();
    expect(plain.statusCode, plain.body).toBe(422);
    expect(plain.json().error.code).toBe('DNC_LISTED');
    // with an Idempotency-Key the send runs in a transaction that rolls back: still counted
    const idem = await send({ 'idempotency-key': 'dnc-1' });
    expect(idem.json().error.code).toBe('DNC_LISTED');
    // a message the list does not stop is not counted
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/v1/messages',
          headers: { authorization: `Bearer ${key}` },
          payload: { from, to: '+14155550177', body: 'hi' },
        })
      ).statusCode,
    ).toBe(201);

    const [today] = await db
      .select()
      .from(complianceBlocksDaily)
      .where(
        and(
          eq(complianceBlocksDaily.customerId, acmeId),
          eq(complianceBlocksDaily.listType, 'DNC'),
          eq(complianceBlocksDaily.day, dayBefore(0)),
        ),
      );
    expect(today?.blocked).toBe(4);

    const mine = (await api.as('customer:user').get<TDncSummary>('/api/compliance/summary')).json();
    expect(mine.stopped).toEqual({ DNC: 4, DNO: 3 });
    const oneCustomer = (await api.as('staff:admin').get<TDncSummary>('/api/compliance/summary', { query: { customerId: acmeId } })).json();
    expect(oneCustomer.stopped).toEqual({ DNC: 4, DNO: 3 });
    const everyone = (await api.as('staff:admin').get<TDncSummary>('/api/compliance/summary')).json();
    expect(everyone.stopped).toEqual({ DNC: 11, DNO: 3 });
    expect((await api.as('other:customer:admin').get<TDncSummary>('/api/compliance/summary')).json().stopped).toEqual({ DNC: 7, DNO: 0 });
    expect((await api.as('other:customer:admin').get('/api/compliance/summary', { query: { customerId: acmeId } })).status).toBe(404);
  });
});
