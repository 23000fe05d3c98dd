import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { auditLog, emailOutbox, loginFailures, sessions, users } from '../src/db/schema/index.ts';
import { as, createTestApp, DEMO, signIn, TEST_ENV, TEST_PASSWORD, type TestApp } from './helpers.ts';

/**
 * Sign-in under attack (issue 8): the lockout holds against parallel guesses, one address cannot
 * guess at will, forged X-Forwarded-For changes nothing unless a proxy is configured, staff cannot
 * read live reset tokens, and a locked user can be let in again.
 */
let t: TestApp;
const extraApps: FastifyInstance[] = [];
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  for (const app of extraApps) await app.close();
  await t?.close();
});

/** Another instance of the server on the same database (what a second process behind a balancer is). */
async function instance(env: Record<string, string> = {}): Promise<FastifyInstance> {
  const config = loadConfig({ ...TEST_ENV, ...env });
  const app = await buildApp({ database: t.database, config, logger: false });
  await app.ready();
  extraApps.push(app);
  return app;
}

function signInFrom(app: FastifyInstance, email: string, password: string, opts: { ip?: string; headers?: Record<string, string> } = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: opts.ip ?? '127.0.0.1',
    headers: { 'x-portal-csrf': '1', ...(opts.headers ?? {}) },
    payload: { email, password, portal: DEMO.customer.portal, remember: false },
  });
}

function countBy(codes: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const c of codes) counts[c] = (counts[c] ?? 0) + 1;
  return counts;
}

describe('the lockout under parallel guesses', () => {
  beforeEach(async () => {
    await t.database.db.delete(loginFailures);
  });

  it('lets at most failedLoginAttempts - 1 of 30 parallel wrong passwords be checked; the rest are refused with 423', async () => {
    const codes = (await Promise.all(Array.from({ length: 30 }, (_, i) => signInFrom(t.app, DEMO.customer.email, `wrong-guess-${i}`)))).map(
      (r) => r.statusCode,
    );
    const counts = countBy(codes);
    // Limit 5 (the spec's default): 4 answered "invalid", the 5th locks, all others are refused.
    expect(counts[401]).toBe(4);
    expect(counts[423]).toBe(26);
    // Still locked for the right password.
    expect((await signInFrom(t.app, DEMO.customer.email, TEST_PASSWORD)).statusCode).toBe(423);
    const [row] = await t.database.db.select().from(loginFailures).where(eq(loginFailures.email, DEMO.customer.email));
    expect(row?.lockedUntil?.getTime()).toBeGreaterThan(Date.now() + 29 * 60_000);
  });

  it('still signs the right password in among parallel wrong ones before the limit', async () => {
    const results = await Promise.all([
      signInFrom(t.app, DEMO.other.email, 'wrong-1'),
      signInFrom(t.app, DEMO.other.email, TEST_PASSWORD),
      signInFrom(t.app, DEMO.other.email, 'wrong-2'),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401, 401]);
  });
});

describe('per-address throttling of sign-in and password reset', () => {
  it('answers 429 with Retry-After in the API error shape after 20 sign-ins a minute from one address, whatever the email', async () => {
    const limited = await instance({ RATE_LIMIT_SIGN_IN_PER_MINUTE: '20' });
    const ip = '203.0.113.10';
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) => signInFrom(limited, `victim-${i}@example.com`, 'guess-123', { ip })),
    );
    const counts = countBy(responses.map((r) => r.statusCode));
    expect(counts).toEqual({ 401: 20, 429: 180 });
    const refused = responses.find((r) => r.statusCode === 429);
    expect(refused?.json()).toEqual({
      error: {
        code: 'RATE_LIMITED',
        message: expect.stringMatching(/^Too many attempts from your address\. Please try again in \d+ seconds?\.$/),
      },
    });
    const retryAfter = Number(refused?.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Another address is not affected.
    expect((await signInFrom(limited, 'victim-1@example.com', 'guess-123', { ip: '203.0.113.11' })).statusCode).toBe(401);
    // A forged X-Forwarded-For does not buy a fresh counter (no proxy is trusted by default).
    const forged = await signInFrom(limited, 'victim-2@example.com', 'guess-123', { ip, headers: { 'x-forwarded-for': '198.51.100.77' } });
    expect(forged.statusCode).toBe(429);
  }, 180_000);

  it('shares the counter between two instances on the same database', async () => {
    const a = await instance({ RATE_LIMIT_PASSWORD_RESET_PER_MINUTE: '5' });
    const b = await instance({ RATE_LIMIT_PASSWORD_RESET_PER_MINUTE: '5' });
    const ip = '203.0.113.20';
    const ask = (app: FastifyInstance) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        remoteAddress: ip,
        headers: { 'x-portal-csrf': '1' },
        payload: { email: 'nobody@example.com', portal: 'customer' },
      });
    const codes: number[] = [];
    for (let i = 0; i < 3; i++) codes.push((await ask(a)).statusCode);
    for (let i = 0; i < 3; i++) codes.push((await ask(b)).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
    const refused = await ask(a);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('throttles reset-password per address too', async () => {
    const limited = await instance({ RATE_LIMIT_PASSWORD_RESET_PER_MINUTE: '5' });
    const ip = '203.0.113.30';
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await limited.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        remoteAddress: ip,
        headers: { 'x-portal-csrf': '1' },
        payload: { token: `guessed-token-${i}-aaaaaaaaaaaaaaaa`, password: 'New-Password-123' },
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([400, 400, 400, 400, 400, 429, 429]);
  });
});

describe('X-Forwarded-For', () => {
  async function signInAndFindIp(app: FastifyInstance, forwardedFor: string) {
    await t.database.db.delete(loginFailures);
    const res = await signInFrom(app, DEMO.customer.email, TEST_PASSWORD, { headers: { 'x-forwarded-for': forwardedFor } });
    expect(res.statusCode).toBe(200);
    const [session] = await t.database.db.select().from(sessions).orderBy(desc(sessions.createdAt)).limit(1);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.sign_in'), eq(auditLog.actorEmail, DEMO.customer.email)))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    return { session: session?.ip, audit: audit?.ip };
  }

  it('is ignored by default: the audit log and the session keep the real peer address', async () => {
    expect(await signInAndFindIp(t.app, '6.6.6.6')).toEqual({ session: '127.0.0.1', audit: '127.0.0.1' });
  });

  it('is believed from a configured proxy (TRUST_PROXY)', async () => {
    const behindProxy = await instance({ TRUST_PROXY: '127.0.0.1' });
    expect(await signInAndFindIp(behindProxy, '6.6.6.6')).toEqual({ session: '6.6.6.6', audit: '6.6.6.6' });
    const oneHop = await instance({ TRUST_PROXY: '1' });
    expect(await signInAndFindIp(oneHop, '7.7.7.7, 8.8.8.8')).toEqual({ session: '8.8.8.8', audit: '8.8.8.8' });
  });
});

describe('reset links in the staff outbox', () => {
  it('shows staff the email with its token masked; the database keeps the working link', async () => {
    const admin = await signIn(t.app, 'admin');
    await as(t.app, null, {
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'david.chen@example.com', portal: 'admin' },
    });
    const page = (await as(t.app, admin, { method: 'GET', url: '/api/admin/outbox?to=david.chen' })).json();
    const body: string = page.items[0].body;
    expect(body).toContain('/admin/reset-password?token=[hidden]');
    const [stored] = await t.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, 'david.chen@example.com'))
      .orderBy(desc(emailOutbox.createdAt))
      .limit(1);
    const token = stored?.body.match(/token=([\w-]+)/)?.[1] ?? '';
    expect(token.length).toBeGreaterThan(20);
    expect(JSON.stringify(page)).not.toContain(token);
  });

  it('shows the links only when PORTAL_OUTBOX_SHOW_LINKS=true, which production refuses', async () => {
    const showing = await instance({ PORTAL_OUTBOX_SHOW_LINKS: 'true' });
    const admin = await signIn(showing, 'admin');
    await as(showing, null, {
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'david.chen@example.com', portal: 'admin' },
    });
    const page = (await as(showing, admin, { method: 'GET', url: '/api/admin/outbox?to=david.chen' })).json();
    expect(page.items[0].body).toMatch(/token=[\w-]{20,}/);
    expect(() => loadConfig({ NODE_ENV: 'production', PORTAL_OUTBOX_SHOW_LINKS: 'true' })).toThrow(/PORTAL_OUTBOX_SHOW_LINKS/);
  });
});

describe('letting a locked user in again', () => {
  beforeEach(async () => {
    await t.database.db.delete(loginFailures);
  });

  async function lockOut(email: string) {
    for (let i = 1; i <= 5; i++) await signInFrom(t.app, email, `bad-${i}`);
    expect((await signInFrom(t.app, email, TEST_PASSWORD)).statusCode).toBe(423);
  }

  it('a successful password reset clears the lock', async () => {
    await lockOut(DEMO.user.email);
    await as(t.app, null, { method: 'POST', url: '/api/auth/forgot-password', payload: { email: DEMO.user.email, portal: 'customer' } });
    const [mail] = await t.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, DEMO.user.email))
      .orderBy(desc(emailOutbox.createdAt))
      .limit(1);
    const token = mail?.body.match(/token=([\w-]+)/)?.[1];
    const reset = await as(t.app, null, {
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'Brand-New-Pass-9' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await signInFrom(t.app, DEMO.user.email, 'Brand-New-Pass-9')).statusCode).toBe(200);
  });

  it('a staff Admin sees the locked addresses and unlocks one (audited); others may not', async () => {
    await lockOut(DEMO.customer.email);
    const admin = await signIn(t.app, 'admin');
    const list = await as(t.app, admin, { method: 'GET', url: '/api/admin/sign-in-locks' });
    expect(list.statusCode).toBe(200);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, DEMO.customer.email));
    expect(list.json().items).toEqual([
      expect.objectContaining({ email: DEMO.customer.email, userName: user?.name, lockedUntil: expect.any(String) }),
    ]);

    const support = await signIn(t.app, 'support');
    const customerAdmin = await signIn(t.app, 'other');
    const unlock = (cookie: string | null, email: string) =>
      as(t.app, cookie, { method: 'POST', url: '/api/admin/sign-in-locks/unlock', payload: { email } });
    expect((await unlock(support, DEMO.customer.email)).statusCode).toBe(403);
    expect((await unlock(customerAdmin, DEMO.customer.email)).statusCode).toBe(403);
    expect((await unlock(null, DEMO.customer.email)).statusCode).toBe(401);
    expect((await as(t.app, support, { method: 'GET', url: '/api/admin/sign-in-locks' })).statusCode).toBe(403);
    expect((await unlock(admin, 'not-an-email')).statusCode).toBe(400);
    expect((await unlock(admin, 'nobody-locked@example.com')).statusCode).toBe(404);

    const done = await unlock(admin, DEMO.customer.email.toUpperCase());
    expect(done.statusCode).toBe(200);
    expect((await as(t.app, admin, { method: 'GET', url: '/api/admin/sign-in-locks' })).json().items).toEqual([]);
    expect((await signInFrom(t.app, DEMO.customer.email, TEST_PASSWORD)).statusCode).toBe(200);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'auth.unlock'))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(entry).toMatchObject({ actorEmail: DEMO.admin.email, entityId: user?.id, customerId: user?.customerId });
    expect(entry?.summary).toContain(DEMO.customer.email);
  });
});
