import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, sessions, systemSettings } from '../src/db/schema/index.ts';
import { forgetCachedSettings } from '../src/domains/settings/service.ts';
import { as, createTestApp, DEMO, type DemoName, login, signIn, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const session = (cookie: string | null) => as(t.app, cookie, { method: 'GET', url: '/api/auth/session' });

describe('sign-in', () => {
  const expected: Record<DemoName, { kind: string; role: string; portal: string }> = {
    admin: { kind: 'staff', role: 'Admin', portal: 'admin' },
    support: { kind: 'staff', role: 'Support', portal: 'admin' },
    customer: { kind: 'customer', role: 'Admin', portal: 'customer' },
    user: { kind: 'customer', role: 'User', portal: 'customer' },
    other: { kind: 'customer', role: 'Admin', portal: 'customer' },
  };

  for (const who of Object.keys(DEMO) as DemoName[]) {
    it(`signs ${who} in and the session knows who it is`, async () => {
      const cookie = await signIn(t.app, who);
      const res = await session(cookie);
      expect(res.statusCode).toBe(200);
      const user = res.json().user;
      expect(user).toMatchObject({ email: DEMO[who].email, ...expected[who] });
      expect(user.permissions.length).toBeGreaterThan(0);
      if (expected[who].kind === 'customer') expect(user.customerId).toBeTruthy();
      else expect(user.customerId).toBeNull();
    });

    it(`refuses ${who} with a wrong password, without a cookie`, async () => {
      const res = await login(t.app, DEMO[who].email, DEMO[who].portal, 'wrong-password');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: { code: 'INVALID_CREDENTIALS', message: 'Invalid email or password.' } });
      expect(res.cookies.find((c) => c.name === 'portal_sid' && c.value)).toBeUndefined();
    });
  }

  it('gives an unknown email exactly the same answer as a wrong password', async () => {
    const unknown = await login(t.app, 'nobody@example.com', 'admin', 'whatever-123');
    const wrong = await login(t.app, 'support@example.com', 'admin', 'whatever-123');
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('signs staff in only at the admin portal and customers only at the customer portal', async () => {
    expect((await login(t.app, DEMO.admin.email, 'customer')).statusCode).toBe(401);
    expect((await login(t.app, DEMO.customer.email, 'admin')).statusCode).toBe(401);
  });

  it('answers 400 with field messages for bad input, never 500', async () => {
    const res = await as(t.app, null, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'not-an-email', password: '', portal: 'x' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.fields.email).toBe('Email address is invalid');
    expect(body.error.fields.password).toBe('Password is required');
    expect(body.error.fields.portal).toBeDefined();
    const empty = await as(t.app, null, { method: 'POST', url: '/api/auth/login', payload: { email: '', password: 'x', portal: 'admin' } });
    expect(empty.json().error.fields.email).toBe('Email is required');
    const broken = await as(t.app, null, {
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.code).toBe('BAD_REQUEST');
  });

  it('refuses mutations without the cross-site request header', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: DEMO.admin.email, password: 'Portal-Demo-1', portal: 'admin', remember: false },
    });
    expect(res.statusCode).toBe(403);
    const cross = await as(t.app, null, {
      method: 'POST',
      url: '/api/auth/login',
      headers: { origin: 'https://evil.example' },
      payload: { email: DEMO.admin.email, password: 'Portal-Demo-1', portal: 'admin' },
    });
    expect(cross.statusCode).toBe(403);
  });

  it('sets an httpOnly SameSite cookie, persistent only with remember-me, and stores only a hash', async () => {
    const plain = await login(t.app, DEMO.support.email, 'admin');
    const c1 = plain.cookies.find((c) => c.name === 'portal_sid');
    expect(c1?.httpOnly).toBe(true);
    expect(c1?.sameSite).toBe('Lax');
    expect(c1?.maxAge).toBeUndefined();
    const remembered = await login(t.app, DEMO.support.email, 'admin', undefined, true);
    const c2 = remembered.cookies.find((c) => c.name === 'portal_sid');
    expect(c2?.maxAge).toBe(30 * 24 * 3600);
    const rows = await t.database.db.select({ idHash: sessions.idHash }).from(sessions);
    expect(rows.some((r) => r.idHash === c2?.value)).toBe(false);
  });

  it('rotates the session at sign-in: the previous session id stops working', async () => {
    const first = await signIn(t.app, 'support');
    const again = await as(t.app, first, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: DEMO.support.email, password: 'Portal-Demo-1', portal: 'admin' },
    });
    expect(again.statusCode).toBe(200);
    expect((await session(first)).json().user).toBeNull();
  });

  it('writes audit entries for sign-in, failed sign-in and sign-out', async () => {
    const cookie = await signIn(t.app, 'other');
    await login(t.app, DEMO.other.email, 'customer', 'nope-nope');
    await as(t.app, cookie, { method: 'POST', url: '/api/auth/logout' });
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.actorEmail, DEMO.other.email));
    const actions = rows.map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['auth.sign_in', 'auth.sign_in_failed', 'auth.sign_out']));
    expect(JSON.stringify(rows)).not.toContain('Portal-Demo-1');
  });
});

describe('sign-out', () => {
  it('ends the server session', async () => {
    const cookie = await signIn(t.app, 'customer');
    expect((await session(cookie)).json().user).not.toBeNull();
    const out = await as(t.app, cookie, { method: 'POST', url: '/api/auth/logout' });
    expect(out.statusCode).toBe(200);
    expect((await session(cookie)).json().user).toBeNull();
    expect((await as(t.app, cookie, { method: 'GET', url: '/api/shell/summary' })).statusCode).toBe(401);
  });
});

describe('lockout', () => {
  beforeEach(async () => {
    const { loginFailures } = await import('../src/db/schema/index.ts');
    await t.database.db.delete(loginFailures);
  });

  it('locks an address after failedLoginAttempts failures, for accountLockoutDuration minutes, then lets it in again', async () => {
    const email = DEMO.user.email;
    for (let i = 1; i <= 4; i++) expect((await login(t.app, email, 'customer', `bad-${i}`)).statusCode).toBe(401);
    const fifth = await login(t.app, email, 'customer', 'bad-5');
    expect(fifth.statusCode).toBe(423);
    expect(fifth.json().error.message).toBe('Too many failed sign-in attempts. Please try again in 30 minutes.');
    // Even the right password is refused while locked.
    expect((await login(t.app, email, 'customer')).statusCode).toBe(423);
    // An unknown address locks the same way, so the lockout reveals nothing.
    for (let i = 1; i <= 5; i++) await login(t.app, 'ghost@example.com', 'customer', `bad-${i}`);
    expect((await login(t.app, 'ghost@example.com', 'customer', 'again')).statusCode).toBe(423);
    // Expiry: move the lock into the past.
    const { loginFailures } = await import('../src/db/schema/index.ts');
    await t.database.db
      .update(loginFailures)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(loginFailures.email, email));
    expect((await login(t.app, email, 'customer')).statusCode).toBe(200);
  });

  it('follows the settings: failedLoginAttempts 2 locks after two failures', async () => {
    const [row] = await t.database.db.select().from(systemSettings).where(eq(systemSettings.key, 'system'));
    await t.database.db
      .update(systemSettings)
      .set({ value: { ...(row?.value ?? {}), failedLoginAttempts: 2, accountLockoutDuration: 5 } })
      .where(eq(systemSettings.key, 'system'));
    forgetCachedSettings(t.database.db);
    try {
      expect((await login(t.app, DEMO.support.email, 'admin', 'bad-1')).statusCode).toBe(401);
      const second = await login(t.app, DEMO.support.email, 'admin', 'bad-2');
      expect(second.statusCode).toBe(423);
      expect(second.json().error.message).toContain('5 minutes');
    } finally {
      await t.database.db
        .update(systemSettings)
        .set({ value: row?.value ?? {} })
        .where(eq(systemSettings.key, 'system'));
      forgetCachedSettings(t.database.db);
      const { loginFailures } = await import('../src/db/schema/index.ts');
      await t.database.db.delete(loginFailures);
    }
  });
});

describe('idle timeout', () => {
  it('ends a session idle for longer than sessionTimeout minutes', async () => {
    const cookie = await signIn(t.app, 'admin');
    expect((await session(cookie)).json().user).not.toBeNull();
    // 31 minutes of silence (default sessionTimeout is 30).
    await t.database.db.update(sessions).set({ lastSeenAt: new Date(Date.now() - 31 * 60_000) });
    const res = await session(cookie);
    expect(res.json().user).toBeNull();
    expect((await as(t.app, cookie, { method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
  });

  it('keeps an active session: 29 minutes idle is still signed in', async () => {
    const cookie = await signIn(t.app, 'admin');
    await t.database.db.update(sessions).set({ lastSeenAt: new Date(Date.now() - 29 * 60_000) });
    expect((await session(cookie)).json().user).not.toBeNull();
  });
});

describe('password reset', () => {
  async function lastEmailTo(to: string) {
    const schema = await import('../src/db/schema/index.ts');
    const rows = await t.database.db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.toAddress, to));
    return rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
  }

  it('emails an expiring link only to a real user of that portal, answering the same either way', async () => {
    const known = await as(t.app, null, {
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'user@example.com', portal: 'customer' },
    });
    const unknown = await as(t.app, null, {
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'nobody@example.com', portal: 'customer' },
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    const mail = await lastEmailTo('user@example.com');
    expect(mail?.body).toMatch(/\/customer\/reset-password\?token=[\w-]{20,}/);
    // The link's host comes from configuration, never from the request's Host header.
    const spoofed = await as(t.app, null, {
      method: 'POST',
      url: '/api/auth/forgot-password',
      headers: { host: 'evil.example' },
      payload: { email: 'user@example.com', portal: 'customer' },
    });
    expect(spoofed.statusCode).toBe(200);
    const schema = await import('../src/db/schema/index.ts');
    const mails = await t.database.db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.toAddress, 'user@example.com'));
    expect(mails.length).toBeGreaterThanOrEqual(2);
    for (const m of mails) {
      expect(m.body).not.toContain('evil.example');
      expect(m.body).toContain('http://localhost:3000/customer/reset-password?token=');
    }
    expect(await lastEmailTo('nobody@example.com')).toBeUndefined();
    const wrongPortal = await as(t.app, null, {
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'admin@example.com', portal: 'customer' },
    });
    expect(wrongPortal.statusCode).toBe(200);
    expect(await lastEmailTo('admin@example.com')).toBeUndefined();
  });

  it('sets a new password that meets the policy, once, and ends old sessions', async () => {
    const before = await signIn(t.app, 'user');
    await as(t.app, null, { method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'user@example.com', portal: 'customer' } });
    const token = (await lastEmailTo('user@example.com'))?.body.match(/token=([\w-]+)/)?.[1] as string;
    const weak = await as(t.app, null, { method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'short' } });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.fields.password).toMatch(/^Password must contain at least 10 characters/);
    const ok = await as(t.app, null, { method: 'POST', url: '/api/auth/reset-password', payload: { token, password: 'New-Password-42' } });
    expect(ok.statusCode).toBe(200);
    expect((await session(before)).json().user).toBeNull();
    expect((await login(t.app, 'user@example.com', 'customer', 'New-Password-42')).statusCode).toBe(200);
    const again = await as(t.app, null, {
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'Other-Password-43' },
    });
    expect(again.statusCode).toBe(400);
    // Put the demo password back for the rest of the file.
    const { hashPassword } = await import('../src/lib/password.ts');
    const schema = await import('../src/db/schema/index.ts');
    await t.database.db
      .update(schema.users)
      .set({ passwordHash: await hashPassword('Portal-Demo-1') })
      .where(eq(schema.users.email, 'user@example.com'));
  });
});
