/**
 * The answer cache wired into the app (plugins/answer-cache.ts, decision 0056): a list or dashboard
 * answer is kept for the session that asked, and never outlives a change of the data, a sign-out,
 * a suspension, or its time; other instances learn of a change over the live channel.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { dataVersion } from '../src/db/data-version.ts';
import { customers, sessions, users } from '../src/db/schema/index.ts';
import { CACHE_HEADER } from '../src/plugins/answer-cache.ts';
import { testDbKind } from './env.ts';
import { as, createTestApp, signIn, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());
afterEach(() => vi.restoreAllMocks());

const get = (cookie: string, url: string, headers: Record<string, string> = {}) => as(t.app, cookie, { method: 'GET', url, headers });

describe('answer cache', () => {
  it("answers a session's second request from the cache, the same answer, compressed like any other", async () => {
    const cookie = await signIn(t.app, 'customer');
    const first = await get(cookie, '/api/dashboard');
    expect(first.statusCode).toBe(200);
    expect(first.headers[CACHE_HEADER]).toBe('miss');
    const hits = t.app.answerCache?.hits ?? 0;
    const second = await get(cookie, '/api/dashboard');
    expect(second.headers[CACHE_HEADER]).toBe('hit');
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    expect(second.headers['cache-control']).toBe('no-store');
    expect(second.headers['x-content-type-options']).toBe('nosniff');
    expect(t.app.answerCache?.hits).toBe(hits + 1);
    const zipped = await get(cookie, '/api/dashboard', { 'accept-encoding': 'gzip' });
    expect(zipped.headers[CACHE_HEADER]).toBe('hit');
    expect(zipped.headers['content-encoding']).toBe('gzip');
    // another address is another answer
    expect((await get(cookie, '/api/numbers?page=1&pageSize=10')).headers[CACHE_HEADER]).toBe('miss');
  });

  it('keeps each session its own answers: another user, or the same user signed in again, computes its own', async () => {
    const acme = await signIn(t.app, 'customer');
    const other = await signIn(t.app, 'other');
    const acmeAgain = await signIn(t.app, 'customer');
    expect((await get(acme, '/api/company')).json().accountNumber).toBe('CUST-1001');
    expect((await get(acme, '/api/company')).headers[CACHE_HEADER]).toBe('hit');
    const theirs = await get(other, '/api/company');
    expect(theirs.headers[CACHE_HEADER]).toBe('miss');
    expect(theirs.json().accountNumber).toBe('CUST-1002');
    expect((await get(acmeAgain, '/api/company')).headers[CACHE_HEADER]).toBe('miss');
  });

  it('computes the answer again after a change through the API, and shows it', async () => {
    const cookie = await signIn(t.app, 'customer');
    const before = (await get(cookie, '/api/company')).json();
    expect((await get(cookie, '/api/company')).headers[CACHE_HEADER]).toBe('hit');
    const body = { ...before, contactName: 'Changed Through The API' };
    for (const k of ['accountNumber', 'accountType', 'activationDate', 'accountManager', 'status']) delete body[k];
    const saved = await as(t.app, cookie, { method: 'PUT', url: '/api/company', payload: body });
    expect(saved.statusCode).toBe(200);
    const after = await get(cookie, '/api/company');
    expect(after.headers[CACHE_HEADER]).toBe('miss');
    expect(after.json().contactName).toBe('Changed Through The API');
  });

  it('computes the answer again after any write to the database, whoever made it', async () => {
    const cookie = await signIn(t.app, 'customer');
    await get(cookie, '/api/company');
    expect((await get(cookie, '/api/company')).headers[CACHE_HEADER]).toBe('hit');
    await t.database.db
      .update(customers)
      .set({ primaryContactName: 'Changed In The Database' })
      .where(eq(customers.customerCode, 'CUST-1001'));
    const after = await get(cookie, '/api/company');
    expect(after.headers[CACHE_HEADER]).toBe('miss');
    expect(after.json().contactName).toBe('Changed In The Database');
    // and inside a transaction, once it commits
    await get(cookie, '/api/company');
    await t.database.db.transaction(async (tx) => {
      await tx.update(customers).set({ primaryContactName: 'Changed In A Transaction' }).where(eq(customers.customerCode, 'CUST-1001'));
    });
    expect((await get(cookie, '/api/company')).json().contactName).toBe('Changed In A Transaction');
  });

  it('never answers a signed-out session, nor a user suspended since', async () => {
    const cookie = await signIn(t.app, 'customer');
    await get(cookie, '/api/shell/summary');
    expect((await get(cookie, '/api/shell/summary')).headers[CACHE_HEADER]).toBe('hit');
    expect((await as(t.app, cookie, { method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(200);
    const gone = await get(cookie, '/api/shell/summary');
    expect(gone.statusCode).toBe(401);
    expect(gone.headers[CACHE_HEADER]).toBeUndefined();

    const user = await signIn(t.app, 'user');
    await get(user, '/api/shell/summary');
    expect((await get(user, '/api/shell/summary')).headers[CACHE_HEADER]).toBe('hit');
    await t.database.db.update(users).set({ status: 'Inactive' }).where(eq(users.email, 'user@example.com'));
    try {
      expect((await get(user, '/api/shell/summary')).statusCode).toBe(401);
    } finally {
      await t.database.db.update(users).set({ status: 'Active' }).where(eq(users.email, 'user@example.com'));
    }
  });

  it("keeps answers across a session's last-seen write, which changes nothing they show", async () => {
    const cookie = await signIn(t.app, 'customer');
    // seen two minutes ago: the next request writes its last-seen time
    await t.database.db.update(sessions).set({ lastSeenAt: new Date(Date.now() - 120_000) });
    const before = await t.database.db.select({ at: sessions.lastSeenAt }).from(sessions);
    // what earlier requests left running (mail and notifications after their commits) has ended
    const version = dataVersion(t.database);
    for (let last = -1, i = 0; i < 50 && last !== version.current; i++) {
      last = version.current;
      await new Promise((r) => setTimeout(r, 100));
    }
    const at = version.current;
    expect((await get(cookie, '/api/company')).headers[CACHE_HEADER]).toBe('miss');
    expect(version.current).toBe(at);
    const touched = await t.database.db.select({ at: sessions.lastSeenAt }).from(sessions);
    expect(Math.max(...touched.map((r) => r.at.getTime()))).toBeGreaterThan(Math.max(...before.map((r) => r.at.getTime())));
    expect((await get(cookie, '/api/company')).headers[CACHE_HEADER]).toBe('hit');
  });

  it('keeps only answers of 200, and not for routes that do not declare it', async () => {
    const cookie = await signIn(t.app, 'user');
    // a customer User may not read the customers list: the 403 is not kept
    for (let i = 0; i < 2; i++) {
      const res = await get(cookie, '/api/admin/customers?page=1&pageSize=5');
      expect(res.statusCode).toBe(403);
      expect(res.headers[CACHE_HEADER]).toBeUndefined();
    }
    await get(cookie, '/api/auth/session');
    expect((await get(cookie, '/api/auth/session')).headers[CACHE_HEADER]).toBeUndefined();
  });

  it('asks for an answer in use again before its time is up, so it stays kept', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.999999);
    const short = await createTestApp({ API_CACHE_SECONDS: '1' }, { database: t.database });
    try {
      const cookie = await signIn(short.app, 'customer');
      const first = await as(short.app, cookie, { method: 'GET', url: '/api/company' });
      expect(first.headers[CACHE_HEADER]).toBe('miss');
      await new Promise((r) => setTimeout(r, 700));
      // past 60 % of its second: this hit has it computed again in the background
      expect((await as(short.app, cookie, { method: 'GET', url: '/api/company' })).headers[CACHE_HEADER]).toBe('hit');
      await new Promise((r) => setTimeout(r, 500));
      // past the first answer's second, still a hit: the refreshed answer
      const later = await as(short.app, cookie, { method: 'GET', url: '/api/company' });
      expect(later.headers[CACHE_HEADER]).toBe('hit');
      expect(later.body).toBe(first.body);
    } finally {
      await short.app.close();
    }
  });

  it('is off with API_CACHE_SECONDS=0', async () => {
    const off = await createTestApp({ API_CACHE_SECONDS: '0' }, { database: t.database });
    try {
      expect(off.app.answerCache).toBeNull();
      const cookie = await signIn(off.app, 'customer');
      for (let i = 0; i < 2; i++)
        expect((await as(off.app, cookie, { method: 'GET', url: '/api/company' })).headers[CACHE_HEADER]).toBeUndefined();
    } finally {
      await off.app.close();
    }
  });

  it.skipIf(testDbKind() !== 'pg')(
    'drops an answer on one instance when another writes (PostgreSQL: told over the live channel)',
    async () => {
      const url = (t.database.pool?.options as { connectionString?: string } | undefined)?.connectionString;
      if (!url) throw new Error('no connection string');
      const secondDb = await openDatabase({ url, poolSize: 2 });
      // kept for a minute on B: only the message from A can drop it within the test's two seconds
      const b = await createTestApp({ API_CACHE_SECONDS: '60' }, { database: secondDb });
      try {
        const cookie = await signIn(t.app, 'customer');
        const read = () => as(b.app, cookie, { method: 'GET', url: '/api/company' });
        // B's channel opens, and A's sign-in is told, after B started: B keeps its answer once they have
        let kept = false;
        for (let i = 0; i < 40 && !kept; i++) {
          await new Promise((r) => setTimeout(r, 50));
          kept = (await read()).headers[CACHE_HEADER] === 'hit';
        }
        expect(kept).toBe(true);
        await t.database.db.execute(
          sql`UPDATE customers SET primary_contact_name = 'Changed On Instance A' WHERE customer_code = 'CUST-1001'`,
        );
        const started = Date.now();
        let seen = '';
        for (let i = 0; i < 40 && seen !== 'Changed On Instance A'; i++) {
          await new Promise((r) => setTimeout(r, 50));
          seen = (await read()).json().contactName;
        }
        expect(seen).toBe('Changed On Instance A');
        expect(Date.now() - started).toBeLessThan(2000);
      } finally {
        await b.app.close();
        await secondDb.close();
      }
    },
  );
});
