import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, auditLog, phoneNumbers } from '../src/db/schema/index.ts';
import { auditEntries } from './helpers.ts';
import { numbersTestWorld } from './numbers-world.ts';

const { t, acme, otherCo, acmeAccounts, otherAccount, req } = await numbersTestWorld();

async function numbersOf(customerId: string) {
  return t.database.db.select().from(phoneNumbers).where(eq(phoneNumbers.customerId, customerId)).orderBy(phoneNumbers.number);
}

describe('numbers list', () => {
  it("gives a customer only its own assigned numbers, with the filters' totals", async () => {
    const mine = await numbersOf(acme);
    const res = await req('customer', 'GET', '/api/numbers?pageSize=100');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(mine.length);
    expect(body.items.every((n: { customerId: string }) => n.customerId === acme)).toBe(true);
    const tfn = await req('customer', 'GET', '/api/numbers?type=TFN&feature=SMS&status=Active');
    expect(tfn.json().total).toBe(mine.filter((n) => n.type === 'TFN' && n.features.includes('SMS') && n.status === 'Active').length);
  });

  it('lets staff see the whole book and narrow to an account', async () => {
    const all = (await req('admin', 'GET', '/api/numbers')).json();
    const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(phoneNumbers).where(sql`account_id is not null`);
    expect(all.total).toBe(row?.n);
    const account = acmeAccounts[0]?.id as string;
    const one = (await req('support', 'GET', `/api/numbers?accountId=${account}&pageSize=100`)).json();
    expect(one.items.every((n: { accountId: string }) => n.accountId === account)).toBe(true);
  });

  it('computes the summary cards from the rows', async () => {
    const mine = await numbersOf(acme);
    const s = (await req('customer', 'GET', '/api/numbers/summary')).json();
    expect(s.total).toBe(mine.length);
    expect(s.did + s.tfn).toBe(mine.length);
    expect(s.voice).toBe(mine.filter((n) => n.features.includes('Voice')).length);
    expect(s.monthlyCost).toBeCloseTo(
      mine.reduce((x, n) => x + Number(n.monthlyFee), 0),
      2,
    );
  });

  it("answers 404 for another customer's account and 400 for bad filters", async () => {
    expect((await req('customer', 'GET', `/api/numbers?accountId=${otherAccount}`)).statusCode).toBe(404);
    expect((await req('customer', 'GET', `/api/numbers/summary?customerId=${otherCo}`)).statusCode).toBe(404);
    const bad = await req('customer', 'GET', '/api/numbers?type=Mobile&pageSize=7');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(expect.arrayContaining(['type', 'pageSize']));
    expect((await req(null, 'GET', '/api/numbers')).statusCode).toBe(401);
  });

  it('exports the filtered list as CSV', async () => {
    const res = await req('customer', 'GET', '/api/numbers/export?type=DID');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('Number,Type,Features,Status,Monthly Fee (USD),Account,City,State,Assigned');
    expect(lines.length - 1).toBe((await numbersOf(acme)).filter((n) => n.type === 'DID').length);
    const staff = await req('admin', 'GET', `/api/numbers/export?accountId=${acmeAccounts[0]?.id}`);
    expect(staff.body.split('\r\n')[0]).toContain('Customer,Account');
  });
});

describe('move, remove and assign', () => {
  it('moves two numbers to another account of the same customer, with one audit entry', async () => {
    const [from, to] = acmeAccounts;
    const two = (await numbersOf(acme)).filter((n) => n.accountId === from?.id).slice(0, 2);
    const before = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
    const res = await req('customer', 'POST', '/api/numbers/move', { numberIds: two.map((n) => n.id), accountId: to?.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().count).toBe(2);
    const after = await numbersOf(acme);
    for (const n of two) expect(after.find((x) => x.id === n.id)?.accountId).toBe(to?.id);
    const audits = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
    expect(audits[0]?.n).toBe((before[0]?.n ?? 0) + 1);
  });

  it("refuses a move to another customer's account, a User, and another customer's numbers", async () => {
    const [n] = await numbersOf(acme);
    const cross = await req('admin', 'POST', '/api/numbers/move', { numberIds: [n?.id], accountId: otherAccount });
    expect(cross.statusCode).toBe(400);
    expect(cross.json().error.fields.accountId).toBeDefined();
    expect((await req('user', 'POST', '/api/numbers/move', { numberIds: [n?.id], accountId: acmeAccounts[1]?.id })).statusCode).toBe(403);
    expect((await req('support', 'POST', '/api/numbers/remove', { numberIds: [n?.id] })).statusCode).toBe(403);
    const theirs = await req('other', 'POST', '/api/numbers/remove', { numberIds: [n?.id] });
    expect(theirs.statusCode).toBe(404);
    expect((await numbersOf(acme)).find((x) => x.id === n?.id)?.accountId).toBe(n?.accountId);
    const empty = await req('customer', 'POST', '/api/numbers/move', { numberIds: [], accountId: 'nope' });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().error.fields)).toEqual(expect.arrayContaining(['numberIds', 'accountId']));
  });

  it('removes numbers back to the inventory and adds them again from it', async () => {
    const [n] = await numbersOf(acme);
    expect((await req('customer', 'POST', '/api/numbers/remove', { numberIds: [n?.id] })).statusCode).toBe(200);
    const [released] = await t.database.db
      .select()
      .from(phoneNumbers)
      .where(eq(phoneNumbers.id, n?.id as string));
    expect(released?.customerId).toBeNull();
    expect(released?.accountId).toBeNull();

    // a customer User may not buy numbers; a customer Admin may (Buy Number), checked below
    expect((await req('user', 'GET', '/api/numbers/inventory')).statusCode).toBe(403);
    const prefix = n?.number.slice(2, 5);
    const found = (await req('admin', 'GET', `/api/numbers/inventory?prefix=${prefix}&limit=100`)).json();
    expect(found.items.map((x: { id: string }) => x.id)).toContain(n?.id);
    expect(found.items.every((x: { number: string }) => x.number.startsWith(`+1${prefix}`))).toBe(true);
    const badSearch = await req('admin', 'GET', '/api/numbers/inventory?prefix=abc&features=Voice,Telex');
    expect(badSearch.statusCode).toBe(400);

    const target = acmeAccounts[1]?.id as string;
    const assign = await req('admin', 'POST', '/api/numbers/assign', { numberIds: [n?.id], accountId: target });
    expect(assign.statusCode, assign.body).toBe(200);
    const [back] = await t.database.db
      .select()
      .from(phoneNumbers)
      .where(eq(phoneNumbers.id, n?.id as string));
    expect(back?.accountId).toBe(target);
    expect(back?.customerId).toBe(acme);
    // assigning it again: no longer in the inventory
    expect((await req('admin', 'POST', '/api/numbers/assign', { numberIds: [n?.id], accountId: target })).statusCode).toBe(409);
  });

  it('lets a customer Admin buy inventory numbers for their own sub-accounts only, audited with the monthly fee', async () => {
    const found = (await req('customer', 'GET', '/api/numbers/inventory?type=DID&limit=5')).json();
    expect(found.items.length).toBeGreaterThan(1);
    const [first, second] = found.items as { id: string; number: string; monthlyFee: string }[];
    // not into another customer's account, and a customer User may not buy
    const foreign = await req('customer', 'POST', '/api/numbers/assign', { numberIds: [first?.id], accountId: otherAccount });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.fields.accountId).toBe('Choose an account');
    expect((await req('user', 'POST', '/api/numbers/assign', { numberIds: [first?.id], accountId: acmeAccounts[0]?.id })).statusCode).toBe(
      403,
    );

    const target = acmeAccounts[0]?.id as string;
    const before = Date.now();
    const bought = await req('customer', 'POST', '/api/numbers/assign', { numberIds: [first?.id, second?.id], accountId: target });
    expect(bought.statusCode, bought.body).toBe(200);
    expect(bought.json().count).toBe(2);
    const rows = await t.database.db
      .select()
      .from(phoneNumbers)
      .where(inArray(phoneNumbers.id, [first?.id as string, second?.id as string]));
    expect(rows.every((r) => r.accountId === target && r.customerId === acme && r.status === 'Active')).toBe(true);
    // billed from the day of purchase
    expect(rows.every((r) => (r.assignedAt?.getTime() ?? 0) >= before - 1000)).toBe(true);
    const [audit] = await auditEntries(t.database.db, 'numbers.buy', target);
    expect(audit?.summary).toContain(first?.number);
    const fee = (Number(first?.monthlyFee) + Number(second?.monthlyFee)).toFixed(2);
    expect((audit?.after as { monthlyFee?: string } | undefined)?.monthlyFee).toBe(fee);
    // the bought numbers are the company's now: in its list, gone from the inventory
    const list = (await req('customer', 'GET', `/api/numbers?search=${encodeURIComponent(first?.number as string)}`)).json();
    expect(list.items.map((x: { id: string }) => x.id)).toContain(first?.id);
    const again = (await req('customer', 'GET', `/api/numbers/inventory?prefix=${first?.number.slice(2, 8)}&limit=100`)).json();
    expect(again.items.map((x: { id: string }) => x.id)).not.toContain(first?.id);
  });

  it('adds, moves or ports no number into a suspended or cancelled account, and changes nothing', async () => {
    const db = t.database.db;
    const target = acmeAccounts[1]?.id as string;
    const [n] = (await req('customer', 'GET', '/api/numbers/inventory?type=DID&limit=1')).json().items as { id: string }[];
    const [own] = await numbersOf(acme);
    for (const status of ['suspended', 'cancelled'] as const) {
      await db.update(accounts).set({ status }).where(eq(accounts.id, target));
      const message = `This account is ${status}; numbers cannot be added to it`;
      for (const who of ['customer', 'admin']) {
        const buy = await req(who, 'POST', '/api/numbers/assign', { numberIds: [n?.id], accountId: target });
        expect(buy.statusCode).toBe(400);
        expect(buy.json().error.fields.accountId).toBe(message);
      }
      const move = await req('admin', 'POST', '/api/numbers/move', { numberIds: [own?.id], accountId: target });
      expect(move.json().error.fields.accountId).toBe(message);
      const port = await req('customer', 'POST', '/api/porting', { number: '+13127340001', accountId: target });
      expect(port.json().error.fields.accountId).toBe(message);
      expect(port.statusCode).toBe(400);
    }
    await db.update(accounts).set({ status: 'active' }).where(eq(accounts.id, target));
    const [still] = await db
      .select()
      .from(phoneNumbers)
      .where(eq(phoneNumbers.id, n?.id as string));
    expect(still?.accountId).toBeNull();
    const [stay] = await db
      .select()
      .from(phoneNumbers)
      .where(eq(phoneNumbers.id, own?.id as string));
    expect(stay?.accountId).toBe(own?.accountId);
  });
});

describe('portability', () => {
  it('validates E.164 and answers why', async () => {
    const bad = await req('customer', 'POST', '/api/numbers/portability', { number: '212-55' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.number).toMatch(/valid phone number/);
    // typed the way people write it, read as E.164
    const ok = (await req('customer', 'POST', '/api/numbers/portability', { number: '+1 (312) 734-7000' })).json();
    expect(ok.number).toBe('+13127347000');
    expect(ok.portable).toBe(true);
    expect(ok.type).toBe('DID');
    const intl = (await req('customer', 'POST', '/api/numbers/portability', { number: '+442071234567' })).json();
    expect(intl.portable).toBe(false);
    expect(intl.reason).toMatch(/North American/);
    const [n] = await numbersOf(acme);
    const mine = (await req('customer', 'POST', '/api/numbers/portability', { number: n?.number })).json();
    expect(mine).toMatchObject({ portable: false, reason: 'This number is already on one of your accounts.' });
  });
});
