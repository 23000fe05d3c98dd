import { and, desc, eq, gte, like, lt } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, cdrs } from '../src/db/schema/index.ts';
import { cdrExportStatement } from '../src/domains/voice/repo.ts';
import { decodeCursor, encodeCursor } from '../src/lib/cursor.ts';
import { runStatement } from '../src/lib/sql-statement.ts';
import { as, signInAll } from './helpers.ts';
import { apiTestWorld } from './world.ts';

const world = await apiTestWorld();
const { t } = world;
const cookies = await signInAll(t.app, ['admin', 'customer', 'user', 'other']);
const acme = world.acme.id;

const get = (who: string | null, url: string) => as(t.app, who ? (cookies[who] ?? null) : null, { method: 'GET', url });

/** The same rows straight from the database, newest first. */
async function expected(customerId: string, since?: Date, until?: Date, toPart?: string) {
  return t.database.db
    .select()
    .from(cdrs)
    .where(
      and(
        eq(cdrs.customerId, customerId),
        since ? gte(cdrs.startedAt, since) : undefined,
        until ? lt(cdrs.startedAt, until) : undefined,
        toPart ? like(cdrs.toNumber, `%${toPart}%`) : undefined,
      ),
    )
    .orderBy(desc(cdrs.startedAt), desc(cdrs.id));
}

describe('CDR list (keyset paging)', () => {
  it('walks every page newest first with the cursor, without gaps or repeats', async () => {
    const all = await expected(acme);
    expect(all.length).toBeGreaterThan(200);
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 100; i++) {
      const res = await get('customer', `/api/voice/cdrs?limit=100${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      seen.push(...body.items.map((r: { id: string }) => r.id));
      cursor = body.nextCursor;
      if (!cursor) break;
    }
    expect(seen).toEqual(all.map((r) => String(r.id)));
  });

  it('filters by number substrings and by dates, the end date inclusive through that day', async () => {
    const all = await expected(acme);
    const middle = all[Math.floor(all.length / 2)];
    if (!middle) throw new Error('no CDRs');
    const day = middle.startedAt.toISOString().slice(0, 10);
    const since = new Date(`${day}T00:00:00Z`);
    const until = new Date(since.getTime() + 86_400_000);
    const want = await expected(acme, since, until);
    expect(want.length).toBeGreaterThan(0);
    const res = (await get('customer', `/api/voice/cdrs?startDate=${day}&endDate=${day}&limit=100`)).json();
    expect(res.items.map((r: { id: string }) => r.id)).toEqual(want.slice(0, 100).map((r) => String(r.id)));
    const part = all[0]?.toNumber.slice(4, 8) as string;
    const byTo = (await get('customer', `/api/voice/cdrs?to=${encodeURIComponent(part)}&limit=100`)).json();
    expect(byTo.items.map((r: { id: string }) => r.id)).toEqual(
      (await expected(acme, undefined, undefined, part)).slice(0, 100).map((r) => String(r.id)),
    );
    // in New York the same calendar day starts five (or four) hours later
    const ny = (await get('customer', `/api/voice/cdrs?startDate=${day}&endDate=${day}&tz=America/New_York&limit=100`)).json();
    expect(ny.items.every((r: { startedAt: string }) => new Date(r.startedAt) >= new Date(since.getTime() + 4 * 3600_000))).toBe(true);
  });

  it('keeps customers to their own CDRs and refuses bad input', async () => {
    const res = (await get('other', '/api/voice/cdrs?limit=100')).json();
    expect(res.items.every((r: { accountId: string }) => r.accountId)).toBe(true);
    const acmeIds = new Set((await expected(acme)).map((r) => String(r.id)));
    expect(res.items.some((r: { id: string }) => acmeIds.has(r.id))).toBe(false);
    expect((await get('other', `/api/voice/cdrs?customerId=${acme}`)).statusCode).toBe(404);
    const bad = await get('customer', '/api/voice/cdrs?cursor=bm9wZQ&limit=7&startDate=2025-02-30');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(expect.arrayContaining(['limit', 'startDate']));
    const cursor = await get('customer', '/api/voice/cdrs?cursor=bm9wZQ');
    expect(cursor.statusCode).toBe(400);
    expect(cursor.json().error.fields.cursor).toBeDefined();
    const order = await get('customer', '/api/voice/cdrs?startDate=2025-03-02&endDate=2025-03-01');
    expect(order.json().error.fields.endDate).toBeDefined();
    expect((await get(null, '/api/voice/cdrs')).statusCode).toBe(401);
  });

  it('round-trips cursors', () => {
    const key = { at: new Date('2025-01-02T03:04:05.678Z'), id: 123456789 };
    expect(decodeCursor(encodeCursor(key))).toEqual(key);
  });
});

describe('CDR export', () => {
  it('requires both dates', async () => {
    const res = await get('customer', '/api/voice/cdrs/export?startDate=2025-01-01');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.startDate).toBe('Please select a start and end date for the CDR export');
  });

  it('streams every matching row with the header, matching the database', async () => {
    const all = await expected(acme);
    const newest = all[0]?.startedAt as Date;
    const endDay = newest.toISOString().slice(0, 10);
    const startDay = new Date(newest.getTime() - 60 * 86_400_000).toISOString().slice(0, 10);
    const since = new Date(`${startDay}T00:00:00Z`);
    const until = new Date(new Date(`${endDay}T00:00:00Z`).getTime() + 86_400_000);
    const want = await expected(acme, since, until);
    expect(want.length).toBeGreaterThan(100);
    const res = await get('user', `/api/voice/cdrs/export?startDate=${startDay}&endDate=${endDay}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain(`cdrs-${startDay}-to-${endDay}.csv`);
    const lines = res.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe('Call Date/Time,Call ID,Account,Source,Destination,Duration,Status,Direction,Cost (USD)');
    expect(lines).toHaveLength(want.length + 1);
    const first = want[0];
    if (!first) throw new Error('no CDRs');
    const [account] = await t.database.db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, first.accountId));
    const hh = (s: number) => [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60].map((n) => String(n).padStart(2, '0')).join(':');
    expect(lines[1]).toBe(
      [
        first.startedAt.toISOString().slice(0, 19).replace('T', ' '),
        first.callId,
        account?.name,
        first?.fromNumber,
        first?.toNumber,
        hh(first?.durationSeconds ?? 0),
        first?.status,
        first?.direction,
        Number(first?.cost).toFixed(4),
      ].join(','),
    );
  });

  it("404s another customer's account", async () => {
    const [theirs] = await t.database.db.select().from(cdrs).where(eq(cdrs.customerId, acme)).limit(1);
    const res = await get('other', `/api/voice/cdrs/export?startDate=2025-01-01&endDate=2025-12-31&accountId=${theirs?.accountId}`);
    expect(res.statusCode).toBe(404);
  });

  it('has the Call ID and Account columns, with a formula in a call id made text on both paths (COPY on PostgreSQL, rows on PGlite)', async () => {
    const [sample] = await t.database.db.select().from(cdrs).where(eq(cdrs.customerId, acme)).limit(1);
    if (!sample) throw new Error('no CDRs');
    const [account] = await t.database.db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, sample.accountId));
    const callId = '=HYPERLINK("http://evil.example","x")';
    await t.database.db.insert(cdrs).values({
      ...sample,
      id: undefined,
      callId,
      startedAt: new Date('2020-01-15T12:00:00Z'),
    } as typeof cdrs.$inferInsert);
    // the statement PostgreSQL's COPY writes: the database itself escapes the cell
    const criteria = {
      customerId: acme,
      accountId: null,
      since: new Date('2020-01-15T00:00:00Z'),
      until: new Date('2020-01-16T00:00:00Z'),
    };
    const [row] = await runStatement<Record<string, string>>(t.database, cdrExportStatement(criteria, 'UTC'));
    expect(row?.['Call ID']).toBe(`'${callId}`);
    expect(row?.Account).toBe(account?.name);
    // the PGlite path through the API
    const res = await get('customer', '/api/voice/cdrs/export?startDate=2020-01-15&endDate=2020-01-15');
    expect(res.statusCode).toBe(200);
    const [header, line] = res.body.trim().split(/\r?\n/);
    expect(header?.split(',').slice(1, 3)).toEqual(['Call ID', 'Account']);
    expect(line).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(line).toContain(`,${account?.name},`);
  });
});
