import {
  type TRecoveryCodes,
  type TTwoFactorSetup,
  type TTwoFactorStatus,
  TWO_FACTOR_CODE_INVALID,
  TWO_FACTOR_SETUP_REQUIRED,
} from '@portal/contract/auth';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, auditLog, loginChallenges, notifications, trustedDevices, users } from '../src/db/schema/index.ts';
import { totpAt } from '../src/domains/auth/totp.ts';
import { TEST_PASSWORD } from './env.ts';
import { as, auditEntries } from './helpers.ts';
import { cookieOf, nextCode, now, twoFactorTestWorld, UA } from './two-factor-world.ts';

const { app, api, db, acme, newUser, signIn, sendCode, session, call, enable, withSettings, failuresOf, auditActions, notificationTitles } =
  await twoFactorTestWorld();

describe('setup and Verify & Enable', () => {
  it('keeps the new secret pending, shows a QR code, the otpauth:// link and the key, and enables on a right code', async () => {
    const who = await newUser();
    const cookie = await session(who);
    const before = (await call(cookie, 'GET', '/api/auth/two-factor')).json<TTwoFactorStatus>();
    expect(before).toMatchObject({ available: true, required: false, enabled: false, recoveryCodesLeft: 0 });

    const setup = await call(cookie, 'POST', '/api/auth/two-factor/setup');
    expect(setup.statusCode).toBe(200);
    const body = setup.json<TTwoFactorSetup>();
    const secret = body.secret.replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(body.qrCode).toMatch(/^data:image\/png;base64,/);
    expect(body.otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    const url = new URL(body.otpauthUrl);
    expect(url.searchParams.get('secret')).toBe(secret);
    expect(url.searchParams.get('issuer')).toBe(app.config.PORTAL_BRAND);
    expect(decodeURIComponent(url.pathname)).toContain(who.email);
    const [row] = await db.select().from(users).where(eq(users.id, who.id));
    expect(row?.twoFactorPendingSecret).toBe(secret);
    expect(row?.twoFactorSecret).toBeNull();
    expect(row?.twoFactorEnabled).toBe(false);

    // the spec's message for a code that is not 6 digits; a wrong code is refused too
    for (const code of ['12345', '1234567', 'abcdef', '']) {
      const bad = await call(cookie, 'POST', '/api/auth/two-factor/enable', { code });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().error.fields.code).toBe(TWO_FACTOR_CODE_INVALID);
    }
    const wrong = await call(cookie, 'POST', '/api/auth/two-factor/enable', { code: totpAt(secret, now() + 300) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields.code).toBeTruthy();

    const res = await call(cookie, 'POST', '/api/auth/two-factor/enable', { code: totpAt(secret, now()) });
    expect(res.statusCode).toBe(200);
    const codes = res.json<TRecoveryCodes>().recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const [after] = await db.select().from(users).where(eq(users.id, who.id));
    expect(after).toMatchObject({
      twoFactorEnabled: true,
      twoFactorSecret: secret,
      twoFactorPendingSecret: null,
      twoFactorMode: 'every_login',
    });
    // only hashes are kept
    expect(after?.twoFactorRecoveryHashes).toHaveLength(10);
    for (const c of codes) expect(after?.twoFactorRecoveryHashes).not.toContain(c);
    expect((await call(cookie, 'GET', '/api/auth/two-factor')).json<TTwoFactorStatus>()).toMatchObject({
      enabled: true,
      recoveryCodesLeft: 10,
    });
    expect(await auditActions(who.id)).toContain('auth.two_factor_enabled');
    expect(await notificationTitles(who.id)).toContain('Security: Two-factor authentication enabled');
    // a second setup while on is refused
    expect((await call(cookie, 'POST', '/api/auth/two-factor/setup')).statusCode).toBe(409);
  });

  it('refuses to enable without a pending setup', async () => {
    const cookie = await session(await newUser());
    const res = await call(cookie, 'POST', '/api/auth/two-factor/enable', { code: '123456' });
    expect(res.statusCode).toBe(409);
  });
});

describe('the sign-in second step', () => {
  it('asks the code after the right password, and a right code (one step of drift) starts the session', async () => {
    const who = await newUser();
    const { secret } = await enable(await session(who));

    const first = await signIn(who);
    expect(first.statusCode).toBe(200);
    const { twoFactor } = first.json();
    expect(twoFactor).toMatchObject({ mode: 'every_login' });
    expect(cookieOf(first)).toBeNull();
    expect(new Date(twoFactor.expiresAt).getTime() - Date.now()).toBeGreaterThan(4 * 60_000);
    expect(new Date(twoFactor.expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(5 * 60_000);
    // only the hash is stored
    const stored = await db.select().from(loginChallenges).where(eq(loginChallenges.userId, who.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.idHash).not.toBe(twoFactor.challengeId);
    // the password was not a failure
    expect(await failuresOf(who)).toBe(0);

    const ok = await sendCode(twoFactor.challengeId, nextCode(secret));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().user.email).toBe(who.email);
    const cookie = cookieOf(ok);
    expect(cookie).toBeTruthy();
    expect((await as(app, cookie, { method: 'GET', url: '/api/auth/session' })).json().user.email).toBe(who.email);
    // the challenge is used up
    expect((await sendCode(twoFactor.challengeId, nextCode(secret))).json().error.code).toBe('CHALLENGE_EXPIRED');
    expect(await db.select().from(loginChallenges).where(eq(loginChallenges.userId, who.id))).toHaveLength(0);
    const [audit] = await auditEntries(db, 'auth.sign_in', who.id).orderBy(desc(auditLog.id));
    expect(audit?.summary).toContain('with a two-factor code');
  });

  it('refuses a code used before (replay), and codes two steps away', async () => {
    const who = await newUser();
    const { secret } = await enable(await session(who));
    const code = nextCode(secret);
    const a = (await signIn(who)).json().twoFactor.challengeId;
    expect((await sendCode(a, code)).statusCode).toBe(200);
    const b = (await signIn(who)).json().twoFactor.challengeId;
    const replay = await sendCode(b, code);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.code).toBe('INVALID_CODE');
    expect((await sendCode(b, totpAt(secret, now() + 90))).json().error.code).toBe('INVALID_CODE');
    expect((await sendCode(b, totpAt(secret, now() - 60))).json().error.code).toBe('INVALID_CODE');
  });

  it('counts wrong codes toward the sign-in lockout', async () => {
    const who = await newUser();
    const { secret } = await enable(await session(who));
    const id = (await signIn(who)).json().twoFactor.challengeId;
    for (let i = 1; i <= 4; i++) {
      const res = await sendCode(id, '000000');
      expect(res.statusCode).toBe(401);
      expect(await failuresOf(who)).toBe(i);
    }
    // the fifth failure reaches failedLoginAttempts (5): locked, the challenge is gone
    const fifth = await sendCode(id, '000000');
    expect(fifth.statusCode).toBe(423);
    expect((await signIn(who)).statusCode).toBe(423);
    expect((await sendCode(id, nextCode(secret))).json().error.code).toBe('CHALLENGE_EXPIRED');
    expect(await auditActions(who.id)).toContain('auth.lockout');
  });

  it('allows five tries per challenge', async () => {
    await withSettings({ failedLoginAttempts: 20 });
    const who = await newUser();
    const { secret } = await enable(await session(who));
    const id = (await signIn(who)).json().twoFactor.challengeId;
    for (let i = 1; i <= 4; i++) expect((await sendCode(id, '000000')).json().error.code).toBe('INVALID_CODE');
    expect((await sendCode(id, '000000')).json().error.code).toBe('CHALLENGE_EXPIRED');
    // even the right code now: sign in again
    expect((await sendCode(id, nextCode(secret))).json().error.code).toBe('CHALLENGE_EXPIRED');
    const again = (await signIn(who)).json().twoFactor.challengeId;
    expect((await sendCode(again, nextCode(secret))).statusCode).toBe(200);
    expect(await failuresOf(who)).toBe(0);
  });

  it('refuses an expired challenge', async () => {
    const who = await newUser();
    const { secret } = await enable(await session(who));
    const id = (await signIn(who)).json().twoFactor.challengeId;
    await db
      .update(loginChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(loginChallenges.userId, who.id));
    expect((await sendCode(id, nextCode(secret))).json().error.code).toBe('CHALLENGE_EXPIRED');
  });

  it('accepts each recovery code once', async () => {
    const who = await newUser();
    const { recoveryCodes } = await enable(await session(who));
    const code = recoveryCodes[3] as string;
    const a = (await signIn(who)).json().twoFactor.challengeId;
    const ok = await sendCode(a, code.toUpperCase());
    expect(ok.statusCode, ok.body).toBe(200);
    const [row] = await db.select().from(users).where(eq(users.id, who.id));
    expect(row?.twoFactorRecoveryHashes).toHaveLength(9);
    expect(await notificationTitles(who.id)).toContain('Security: Recovery code used');
    const b = (await signIn(who)).json().twoFactor.challengeId;
    expect((await sendCode(b, code)).json().error.code).toBe('INVALID_CODE');
    // another one still works
    expect((await sendCode(b, recoveryCodes[4] as string)).statusCode).toBe(200);
  });

  it('skips the code on a trusted computer (once per computer), for 30 days and for that user only', async () => {
    const who = await newUser();
    const { secret } = await enable(await session(who), 'once_per_computer');
    const first = await signIn(who);
    expect(first.json().twoFactor.mode).toBe('once_per_computer');
    const ok = await sendCode(first.json().twoFactor.challengeId, nextCode(secret));
    expect(ok.statusCode).toBe(200);
    const device = ok.cookies.find((c) => c.name === 'portal_tdid');
    expect(device?.value).toBeTruthy();
    expect(device).toMatchObject({ httpOnly: true, path: '/api/auth/login', maxAge: 30 * 24 * 3600 });
    const [stored] = await db.select().from(trustedDevices).where(eq(trustedDevices.userId, who.id));
    expect(stored?.tokenHash).not.toBe(device?.value);
    expect((stored?.expiresAt.getTime() ?? 0) - Date.now()).toBeGreaterThan(29 * 24 * 3600_000);
    const trusted = `portal_tdid=${device?.value}`;

    const next = await signIn(who, { cookie: trusted });
    expect(next.statusCode).toBe(200);
    expect(next.json().user.email).toBe(who.email);
    expect(cookieOf(next)).toBeTruthy();
    // another computer (no cookie) is asked
    expect((await signIn(who)).json().twoFactor).toBeTruthy();
    // another user with two-factor on that computer is asked too
    const other = await newUser();
    await enable(await session(other), 'once_per_computer');
    expect((await signIn(other, { cookie: trusted })).json().twoFactor).toBeTruthy();
    // past its 30 days the computer is asked again
    await db
      .update(trustedDevices)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(trustedDevices.userId, who.id));
    expect((await signIn(who, { cookie: trusted })).json().twoFactor).toBeTruthy();
  });

  it('asks every login with every_login, even with a trusted-device cookie', async () => {
    const who = await newUser();
    const { secret } = await enable(await session(who), 'every_login');
    const ok = await sendCode((await signIn(who)).json().twoFactor.challengeId, nextCode(secret));
    expect(ok.cookies.find((c) => c.name === 'portal_tdid')).toBeUndefined();
    expect((await signIn(who, { cookie: 'portal_tdid=whatever-value-of-some-length' })).json().twoFactor).toBeTruthy();
  });

  it('tells the user about a sign-in from a new device', async () => {
    const who = await newUser();
    await session(who);
    await session(who);
    expect(await notificationTitles(who.id)).not.toContain('Security: Sign-in from a new device');
    const res = await signIn(who, { agent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Firefox/131.0' });
    expect(res.statusCode).toBe(200);
    const [n] = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, who.id), eq(notifications.title, 'Sign-in from a new device')));
    expect(n?.type).toBe('Security');
    expect(n?.message).toContain('Firefox on Windows');
  });
});

describe('turning it off', () => {
  it('needs a current code or the password, and the next sign-in asks no code', async () => {
    const who = await newUser();
    const cookie = await session(who);
    const { secret } = await enable(cookie);
    expect((await call(cookie, 'POST', '/api/auth/two-factor/disable', {})).statusCode).toBe(400);
    const wrong = await call(cookie, 'POST', '/api/auth/two-factor/disable', { password: 'not-the-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields.password).toBeTruthy();
    expect((await call(cookie, 'POST', '/api/auth/two-factor/disable', { code: '000000' })).statusCode).toBe(400);
    const ok = await call(cookie, 'POST', '/api/auth/two-factor/disable', { code: nextCode(secret) });
    expect(ok.statusCode, ok.body).toBe(200);
    const [row] = await db.select().from(users).where(eq(users.id, who.id));
    expect(row).toMatchObject({ twoFactorEnabled: false, twoFactorSecret: null, twoFactorMode: 'disabled', twoFactorRecoveryHashes: [] });
    expect(await auditActions(who.id)).toContain('auth.two_factor_disabled');
    expect(await notificationTitles(who.id)).toContain('Security: Two-factor authentication disabled');
    expect((await signIn(who)).json().user.email).toBe(who.email);
  });

  it('with the password', async () => {
    const who = await newUser();
    const cookie = await session(who);
    await enable(cookie);
    expect((await call(cookie, 'POST', '/api/auth/two-factor/disable', { password: TEST_PASSWORD })).statusCode).toBe(200);
  });
});

describe('a fresh code before sensitive changes', () => {
  it('asks a code before creating an API key when the user has two-factor on', async () => {
    const who = await newUser('Admin');
    const cookie = await session(who);
    const [account] = await db.select().from(accounts).where(eq(accounts.customerId, acme.id));
    const key = (extra: object = {}) =>
      call(cookie, 'POST', '/api/api-keys', {
        accountId: account?.id,
        name: `2FA key ${Math.random()}`,
        environment: 'Development',
        ...extra,
      });
    // without two-factor: no code asked
    expect((await key()).statusCode).toBe(201);
    const { secret } = await enable(cookie);
    const missing = await key();
    expect(missing.statusCode).toBe(403);
    expect(missing.json().error.code).toBe('TWO_FACTOR_REQUIRED');
    const wrong = await key({ twoFactorCode: '000000' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error).toMatchObject({ code: 'TWO_FACTOR_REQUIRED', fields: { twoFactorCode: expect.any(String) } });
    const code = nextCode(secret);
    expect((await key({ twoFactorCode: code })).statusCode).toBe(201);
    // the same code twice: refused
    expect((await key({ twoFactorCode: code })).statusCode).toBe(403);
  });

  it('asks a code before adding a payment method', async () => {
    const who = await newUser('Admin');
    const cookie = await session(who);
    const { secret } = await enable(cookie);
    const card = { type: 'credit_card', holderName: 'Two Factor', cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvv: '123' };
    const url = `/api/customers/${acme.id}/payment-methods`;
    expect((await call(cookie, 'POST', url, card)).json().error.code).toBe('TWO_FACTOR_REQUIRED');
    expect((await call(cookie, 'POST', url, { ...card, twoFactorCode: nextCode(secret) })).statusCode).toBe(201);
  });

  it('asks a code before Make Default and Remove, sent in a header (they carry no body)', async () => {
    // a user without two-factor adds two cards, no code asked
    const plain = await session(await newUser('Admin'));
    const url = `/api/customers/${acme.id}/payment-methods`;
    const addCard = async (cardNumber: string) => {
      const card = { type: 'credit_card', holderName: 'Two Factor', cardNumber, expiry: '12/39', cvv: '123' };
      const res = await call(plain, 'POST', url, card);
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ id: string }>().id;
    };
    const [first, second] = [await addCard('5555 5555 5555 4444'), await addCard('4000 0566 5566 5556')];
    const send = (cookie: string, method: 'PUT' | 'DELETE', path: string, code?: string) =>
      as(app, cookie, { method, url: path, headers: { 'user-agent': UA, ...(code ? { 'x-two-factor-code': code } : {}) } });

    const admin = await session(await newUser('Admin'));
    const { secret } = await enable(admin);
    const makeDefault = `${url}/${first}/default`;
    const missing = await send(admin, 'PUT', makeDefault);
    expect(missing.statusCode).toBe(403);
    expect(missing.json().error.code).toBe('TWO_FACTOR_REQUIRED');
    expect((await send(admin, 'PUT', makeDefault, '000000')).statusCode).toBe(403);
    const made = await send(admin, 'PUT', makeDefault, nextCode(secret));
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({ id: first, isDefault: true });

    const other = await session(await newUser('Admin'));
    const second2fa = await enable(other);
    expect((await send(other, 'DELETE', `${url}/${second}`)).json().error.code).toBe('TWO_FACTOR_REQUIRED');
    const removed = await send(other, 'DELETE', `${url}/${second}`, nextCode(second2fa.secret));
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await call(plain, 'GET', url)).json<{ id: string }[]>().map((m) => m.id)).not.toContain(second);
  });
});

describe('settings', () => {
  it('enforceTwoFactorAuth: signed in, but nothing else until two-factor is set up', async () => {
    await withSettings({ enforceTwoFactorAuth: true });
    const who = await newUser();
    const cookie = await session(who);
    const me = (await call(cookie, 'GET', '/api/auth/session')).json().user;
    expect(me.mustSetUpTwoFactor).toBe(true);
    const refused = await call(cookie, 'GET', '/api/accounts');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(TWO_FACTOR_SETUP_REQUIRED);
    expect((await call(cookie, 'GET', '/api/auth/two-factor')).json<TTwoFactorStatus>().required).toBe(true);
    const { secret } = await enable(cookie);
    expect((await call(cookie, 'GET', '/api/auth/session')).json().user.mustSetUpTwoFactor).toBe(false);
    expect((await call(cookie, 'GET', '/api/accounts')).statusCode).toBe(200);
    // enforced: it cannot be turned off
    expect((await call(cookie, 'POST', '/api/auth/two-factor/disable', { code: nextCode(secret) })).statusCode).toBe(409);
    // and the demo users without it are held too
    const demo = api.fresh('customer:user');
    expect((await demo.get('/api/accounts')).status).toBe(403);
  });

  it('mfaEnabled off: no setup, and no code at sign-in', async () => {
    const who = await newUser();
    const cookie = await session(who);
    await enable(cookie);
    await withSettings({ mfaEnabled: false, enforceTwoFactorAuth: true });
    expect((await call(cookie, 'GET', '/api/auth/two-factor')).json<TTwoFactorStatus>()).toMatchObject({
      available: false,
      required: false,
    });
    const res = await signIn(who);
    expect(res.json().user?.email).toBe(who.email);
    expect(res.json().user.mustSetUpTwoFactor).toBe(false);
    const other = await session(await newUser());
    const setup = await call(other, 'POST', '/api/auth/two-factor/setup');
    expect(setup.statusCode).toBe(409);
    expect((await call(other, 'GET', '/api/accounts')).statusCode).toBe(200);
  });
});

describe("a staff Admin's reset", () => {
  it("turns the user's two-factor off, audited, and tells the user", async () => {
    const who = await newUser();
    await enable(await session(who), 'once_per_computer');
    expect((await api.as('customer:admin').post(`/api/users/${who.id}/two-factor/reset`)).status).toBe(403);
    expect((await api.as('staff:support').post(`/api/users/${who.id}/two-factor/reset`)).status).toBe(403);
    const res = await api
      .as('staff:admin')
      .post<{ twoFactorEnabled: boolean; twoFactorMode: string }>(`/api/users/${who.id}/two-factor/reset`);
    expect(res.status, res.body).toBe(200);
    expect(res.json()).toMatchObject({ twoFactorEnabled: false, twoFactorMode: 'disabled' });
    expect(await auditActions(who.id)).toContain('users.two_factor_reset');
    expect(await notificationTitles(who.id)).toContain('Security: Two-factor authentication reset');
    expect(await db.select().from(trustedDevices).where(eq(trustedDevices.userId, who.id))).toHaveLength(0);
    expect((await signIn(who)).json().user.email).toBe(who.email);
    // nothing left to reset
    expect((await api.as('staff:admin').post(`/api/users/${who.id}/two-factor/reset`)).status).toBe(409);
  });
});
