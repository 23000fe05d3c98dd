import type { TRecoveryCodes, TTwoFactorSetup } from '@portal/contract/auth';
import type { TSystemSettings } from '@portal/contract/settings';
import { desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, expect } from 'vitest';
import { auditLog, loginFailures, notifications, systemSettings, users } from '../src/db/schema/index.ts';
import { totpAt } from '../src/domains/auth/totp.ts';
import { forgetCachedSettings } from '../src/domains/settings/service.ts';
import { hashPassword } from '../src/lib/password.ts';
import { TEST_PASSWORD } from './env.ts';
import { as } from './helpers.ts';
import { apiTestWorld } from './world.ts';

/**
 * The two-factor tests' world: the app on its own seeded database, users of Acme made for each
 * test, signing in (the password step and the code step) from a browser's user agent, Setup and
 * Verify & Enable through the API, and system settings changed for one test (restored after each
 * test, with the sign-in failures cleared).
 */

export interface Person {
  id: string;
  email: string;
}

export const now = () => Date.now() / 1000;
/** A code one step ahead (accepted as drift, and later than whatever step was used just now). */
export const nextCode = (secret: string, steps = 1) => totpAt(secret, now() + 30 * steps);

export const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

export const cookieOf = (res: LightMyRequestResponse, name = 'portal_sid') => {
  const c = res.cookies.find((x) => x.name === name && x.value);
  return c ? `${name}=${c.value}` : null;
};

export async function twoFactorTestWorld() {
  const world = await apiTestWorld();
  const { t, db, acme } = world;
  const app = t.app;

  let counter = 0;
  /** A user of Acme of its own (the demo users stay as they are for the other suites). */
  async function newUser(role: 'Admin' | 'User' = 'User'): Promise<Person> {
    counter += 1;
    const email = `twofa-${counter}-${Date.now()}@example.com`;
    const [row] = await db
      .insert(users)
      .values({
        email,
        name: `Two Factor ${counter}`,
        kind: 'customer',
        role,
        customerId: acme.id,
        passwordHash: await hashPassword(TEST_PASSWORD),
      })
      .returning();
    if (!row) throw new Error('no user');
    return { id: row.id, email };
  }

  function signIn(who: Person, opts: { cookie?: string; agent?: string; password?: string; remember?: boolean } = {}) {
    return app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'x-portal-csrf': '1', 'user-agent': opts.agent ?? UA, ...(opts.cookie ? { cookie: opts.cookie } : {}) },
      payload: { email: who.email, password: opts.password ?? TEST_PASSWORD, portal: 'customer', remember: opts.remember ?? false },
    }) as Promise<LightMyRequestResponse>;
  }

  function sendCode(challengeId: string, code: string, agent = UA) {
    return app.inject({
      method: 'POST',
      url: '/api/auth/login/two-factor',
      headers: { 'x-portal-csrf': '1', 'user-agent': agent },
      payload: { challengeId, code },
    }) as Promise<LightMyRequestResponse>;
  }

  async function session(who: Person): Promise<string> {
    const res = await signIn(who);
    expect(res.statusCode, res.body).toBe(200);
    const cookie = cookieOf(res);
    if (!cookie) throw new Error(`no session: ${res.body}`);
    return cookie;
  }

  const call = (cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    as(app, cookie, { method, url, headers: { 'user-agent': UA }, ...(payload ? { payload } : {}) });

  /** Setup and Verify & Enable through the API; returns the secret (as the app keeps it) and the recovery codes. */
  async function enable(cookie: string, mode: 'every_login' | 'once_per_computer' = 'every_login') {
    const setup = await call(cookie, 'POST', '/api/auth/two-factor/setup');
    expect(setup.statusCode, setup.body).toBe(200);
    const body = setup.json<TTwoFactorSetup>();
    const secret = body.secret.replace(/\s/g, '');
    const res = await call(cookie, 'POST', '/api/auth/two-factor/enable', { code: totpAt(secret, now()), mode });
    expect(res.statusCode, res.body).toBe(200);
    return { secret, setup: body, recoveryCodes: res.json<TRecoveryCodes>().recoveryCodes };
  }

  async function withSettings(changes: Partial<TSystemSettings>) {
    const [row] = await db.select().from(systemSettings).where(eq(systemSettings.key, 'system'));
    const value = { ...((row?.value as object | undefined) ?? {}), ...changes };
    if (row) await db.update(systemSettings).set({ value }).where(eq(systemSettings.key, 'system'));
    else await db.insert(systemSettings).values({ key: 'system', value });
    forgetCachedSettings(db);
  }

  const [saved] = await db.select().from(systemSettings).where(eq(systemSettings.key, 'system'));
  const savedSettings = (saved?.value as Record<string, unknown> | undefined) ?? {};
  afterEach(async () => {
    await db.update(systemSettings).set({ value: savedSettings }).where(eq(systemSettings.key, 'system'));
    forgetCachedSettings(db);
    await db.delete(loginFailures);
  });

  const failuresOf = async (who: Person) =>
    (await db.select().from(loginFailures).where(eq(loginFailures.email, who.email.toLowerCase())))[0]?.failures ?? 0;
  const auditActions = async (userId: string) =>
    (await db.select().from(auditLog).where(eq(auditLog.entityId, userId)).orderBy(desc(auditLog.id))).map((r) => r.action);
  const notificationTitles = async (userId: string) =>
    (await db.select().from(notifications).where(eq(notifications.userId, userId))).map((n) => `${n.type}: ${n.title}`);

  return {
    ...world,
    app,
    newUser,
    signIn,
    sendCode,
    session,
    call,
    enable,
    withSettings,
    failuresOf,
    auditActions,
    notificationTitles,
  };
}
