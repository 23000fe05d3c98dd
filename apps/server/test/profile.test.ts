import { PASSWORD_CHANGE_REQUIRED, type TSessionUser } from '@portal/contract/auth';
import { EMAIL_TAKEN, type TMyProfile } from '@portal/contract/users';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, emailOutbox, loginChallenges, loginFailures, users } from '../src/db/schema/index.ts';
import { totpAt } from '../src/domains/auth/totp.ts';
import { splitName } from '../src/domains/users/service.ts';
import { hashPassword } from '../src/lib/password.ts';
import { type Requester, withSession } from './client.ts';
import { TEST_PASSWORD } from './env.ts';
import { auditEntries, login } from './helpers.ts';
import { apiTestWorld } from './world.ts';

const { t, api, db, acme } = await apiTestWorld();

type AuditPage = { items: { id: number; action: string; summary: string; createdAt: string }[]; nextCursor: string | null };

let counter = 0;
/** A user of Acme of its own (the demo users stay as they are for the other tests of this file). */
async function newUser(values: Partial<typeof users.$inferInsert> = {}) {
  counter += 1;
  const [row] = await db
    .insert(users)
    .values({
      email: `profile-${counter}-${Date.now()}@example.com`,
      name: `Profile Person${counter}`,
      kind: 'customer',
      role: 'User',
      customerId: acme.id,
      passwordHash: await hashPassword(TEST_PASSWORD),
      ...values,
    })
    .returning();
  if (!row) throw new Error('no user');
  return row;
}

const cookieOf = (res: Awaited<ReturnType<typeof login>>) => {
  const c = res.cookies.find((x) => x.name === 'portal_sid');
  return c ? `portal_sid=${c.value}` : null;
};

async function signedIn(email: string, portal: 'admin' | 'customer' = 'customer'): Promise<{ as: Requester; user: TSessionUser }> {
  const res = await login(t.app, email, portal);
  expect(res.statusCode, res.body).toBe(200);
  return { as: withSession(t.app, cookieOf(res) as string), user: (res.json() as { user: TSessionUser }).user };
}

const profileBody = (p: TMyProfile, patch: Record<string, unknown> = {}) => ({
  firstName: p.firstName,
  lastName: p.lastName,
  email: p.email,
  phone: p.phone,
  jobTitle: p.jobTitle,
  department: p.department,
  timeZone: p.timeZone,
  language: p.language,
  ...patch,
});

describe('My Profile: GET /api/me/profile', () => {
  it('answers the signed-in customer user their own record and their company', async () => {
    const res = await api.as('customer:admin').get<TMyProfile>('/api/me/profile');
    expect(res.status, res.body).toBe(200);
    const [row] = await db.select().from(users).where(eq(users.email, 'customer@example.com'));
    const p = res.json();
    expect(p.id).toBe(row?.id);
    expect(`${p.firstName} ${p.lastName}`).toBe(row?.name);
    expect(p).toMatchObject({
      email: 'customer@example.com',
      role: 'Admin',
      kind: 'customer',
      timeZone: row?.timezone,
      language: 'English',
    });
    expect(p.jobTitle).toBe(row?.jobTitle);
    expect(p.company).toMatchObject({
      kind: 'customer',
      name: acme.name,
      accountNumber: 'CUST-1001',
      phone: acme.phone,
      email: acme.email,
    });
  });

  it("answers staff the provider as their company (the settings' company name, support phone and email)", async () => {
    const settings = (await api.as('staff:admin').get<{ companyName: string; supportEmail: string }>('/api/settings')).json();
    const p = (await api.as('staff:support').get<TMyProfile>('/api/me/profile')).json();
    expect(p).toMatchObject({ email: 'support@example.com', kind: 'staff', role: 'Support' });
    expect(p.company).toMatchObject({ kind: 'provider', name: settings.companyName, email: settings.supportEmail, accountNumber: null });
  });

  it('refuses anonymous callers', async () => {
    const res = await api.anonymous.get('/api/me/profile');
    expect(res.status).toBe(401);
  });

  it('splits the one stored name at its first space (first name, then the rest)', () => {
    expect(splitName('María García López')).toEqual({ firstName: 'María', lastName: 'García López' });
    expect(splitName('  Alex   Morgan ')).toEqual({ firstName: 'Alex', lastName: 'Morgan' });
    expect(splitName('Cher')).toEqual({ firstName: 'Cher', lastName: '' });
  });
});

describe('My Profile: PUT /api/me/profile', () => {
  it('saves the fields, never the role, in one audit entry', async () => {
    const u = await newUser({ jobTitle: 'Analyst' });
    const me = await signedIn(u.email);
    const before = (await me.as.get<TMyProfile>('/api/me/profile')).json();
    expect(before).toMatchObject({ firstName: 'Profile', lastName: `Person${counter}`, jobTitle: 'Analyst' });

    const res = await me.as.put<TMyProfile>(
      '/api/me/profile',
      profileBody(before, {
        firstName: 'Dana',
        lastName: 'de la Cruz',
        phone: '(212) 555-0142',
        jobTitle: 'Network Engineer',
        department: 'Operations',
        timeZone: 'America/Denver',
        language: 'Spanish',
        role: 'Admin',
      }),
    );
    expect(res.status, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      firstName: 'Dana',
      lastName: 'de la Cruz',
      phone: '+12125550142',
      jobTitle: 'Network Engineer',
      department: 'Operations',
      timeZone: 'America/Denver',
      language: 'Spanish',
      role: 'User',
    });
    const [row] = await db.select().from(users).where(eq(users.id, u.id));
    expect(row).toMatchObject({ name: 'Dana de la Cruz', timezone: 'America/Denver', language: 'Spanish', role: 'User' });

    const entries = await auditEntries(db, 'users.profile_update', u.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorId: u.id, customerId: acme.id, entityType: 'user' });
    expect(entries[0]?.before).toMatchObject({ name: `Profile Person${counter}`, language: 'English' });
    expect(entries[0]?.after).toMatchObject({ name: 'Dana de la Cruz', language: 'Spanish', jobTitle: 'Network Engineer' });
  });

  it('requires first name, last name and email, with each message on its field', async () => {
    const u = await newUser();
    const me = await signedIn(u.email);
    const p = (await me.as.get<TMyProfile>('/api/me/profile')).json();
    const res = await me.as.put('/api/me/profile', profileBody(p, { firstName: ' ', lastName: '', email: '' }));
    expect(res.status).toBe(400);
    expect(res.error().fields).toMatchObject({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Email is required',
    });
    const bad = await me.as.put('/api/me/profile', profileBody(p, { email: 'not-an-address', language: 'German', timeZone: 'Mars/Base' }));
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.error().fields ?? {}).sort()).toEqual(['email', 'language', 'timeZone']);
    const [row] = await db.select().from(users).where(eq(users.id, u.id));
    expect(row?.name).toBe(u.name);
  });

  it("refuses another user's email (any case) with a 409 on the field, changing nothing", async () => {
    const u = await newUser();
    const me = await signedIn(u.email);
    const p = (await me.as.get<TMyProfile>('/api/me/profile')).json();
    const res = await me.as.put('/api/me/profile', profileBody(p, { firstName: 'Changed', email: 'USER@example.com' }));
    expect(res.status).toBe(409);
    expect(res.error()).toMatchObject({ code: 'CONFLICT', fields: { email: EMAIL_TAKEN } });
    const [row] = await db.select().from(users).where(eq(users.id, u.id));
    expect(row).toMatchObject({ name: u.name, email: u.email });
    // keeping one's own address in another case is no conflict
    const same = await me.as.put('/api/me/profile', profileBody(p, { email: u.email.toUpperCase() }));
    expect(same.status, same.body).toBe(200);
  });

  it('moves the sign-in to the new address and tells the old one', async () => {
    const u = await newUser();
    const me = await signedIn(u.email);
    const p = (await me.as.get<TMyProfile>('/api/me/profile')).json();
    const newEmail = `moved-${counter}-${Date.now()}@example.com`;
    const res = await me.as.put<TMyProfile>('/api/me/profile', profileBody(p, { email: newEmail }));
    expect(res.status, res.body).toBe(200);
    const [mail] = await db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, u.email))
      .orderBy(desc(emailOutbox.createdAt))
      .limit(1);
    expect(mail?.subject).toMatch(/sign-in email was changed/);
    expect(mail?.body).toContain(newEmail);
    expect((await login(t.app, newEmail, 'customer')).statusCode).toBe(200);
    expect((await login(t.app, u.email, 'customer')).statusCode).toBe(401);
  });
});

describe('Activity Logs: GET /api/me/activity', () => {
  it('lists only what the caller did, newest first, paged by cursor', async () => {
    const u = await newUser();
    const me = await signedIn(u.email);
    const p = (await me.as.get<TMyProfile>('/api/me/profile')).json();
    for (const firstName of ['One', 'Two', 'Three']) {
      expect((await me.as.put('/api/me/profile', profileBody(p, { firstName }))).status).toBe(200);
    }
    // someone else's change of this user is not the user's own activity
    const other = await newUser();
    const them = await signedIn(other.email);
    const theirs = (await them.as.get<TMyProfile>('/api/me/profile')).json();
    expect((await them.as.put('/api/me/profile', profileBody(theirs, { firstName: 'Else' }))).status).toBe(200);

    // the sign-in and the three saves: four entries
    const own = await db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.actorId, u.id));
    expect(own).toHaveLength(4);

    const res = await me.as.get<AuditPage>('/api/me/activity');
    expect(res.status, res.body).toBe(200);
    const page = res.json();
    expect(page.items.map((e) => e.action)).toEqual([
      'users.profile_update',
      'users.profile_update',
      'users.profile_update',
      'auth.sign_in',
    ]);
    expect(page.items[0]?.summary).toBe(`Three Person${counter - 1} updated their profile`);
    expect(page.nextCursor).toBeNull();

    // 20 more entries: a first page of 20, a second of the 4 left, no entry twice
    for (let i = 0; i < 20; i += 1) {
      expect((await me.as.put('/api/me/profile', profileBody(p, { firstName: `N${i}` }))).status).toBe(200);
    }
    const first = (await me.as.get<AuditPage>('/api/me/activity?limit=20')).json();
    expect(first.items).toHaveLength(20);
    expect(first.items[0]?.summary).toBe(`N19 Person${counter - 1} updated their profile`);
    expect(first.nextCursor).not.toBeNull();
    const second = (await me.as.get<AuditPage>(`/api/me/activity?limit=20&cursor=${encodeURIComponent(first.nextCursor ?? '')}`)).json();
    expect(second.items).toHaveLength(4);
    expect(second.items.at(-1)?.action).toBe('auth.sign_in');
    expect(second.nextCursor).toBeNull();
    const ids = [...first.items, ...second.items].map((e) => e.id);
    expect(new Set(ids).size).toBe(24);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
  });

  it('refuses a bad page size or cursor with a 400, and anonymous callers', async () => {
    expect((await api.as('customer:user').get('/api/me/activity?limit=7')).status).toBe(400);
    expect((await api.as('customer:user').get('/api/me/activity?cursor=nonsense')).status).toBe(400);
    expect((await api.anonymous.get('/api/me/activity')).status).toBe(401);
  });
});

describe('password expiry at sign-in', () => {
  const DAY = 86_400_000;
  const setExpiry = async (days: number) => {
    const res = await api.as('staff:admin').put('/api/settings', { passwordExpiryDays: days });
    expect(res.status, res.body).toBe(200);
  };

  it('lets an expired password in only to change it; other calls are refused until then', async () => {
    await setExpiry(30);
    try {
      const u = await newUser({ passwordChangedAt: new Date(Date.now() - 31 * DAY) });
      const me = await signedIn(u.email);
      expect(me.user).toMatchObject({ mustChangePassword: true, passwordExpired: true });
      const refused = await me.as.get('/api/numbers');
      expect(refused.status).toBe(403);
      expect(refused.error()).toMatchObject({ code: 'FORBIDDEN', message: PASSWORD_CHANGE_REQUIRED });
      expect((await me.as.get('/api/auth/session')).json()).toMatchObject({ user: { mustChangePassword: true, passwordExpired: true } });
      const [entry] = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.actorId, u.id), eq(auditLog.action, 'auth.sign_in')));
      expect(entry?.summary).toMatch(/older than 30 days and must be changed/);

      const changed = await me.as.post('/api/auth/password', {
        currentPassword: TEST_PASSWORD,
        newPassword: 'Fresh-Password-42',
        confirmPassword: 'Fresh-Password-42',
      });
      expect(changed.status, changed.body).toBe(200);
      expect((await me.as.get('/api/numbers')).status).toBe(200);
      const [row] = await db.select().from(users).where(eq(users.id, u.id));
      expect(row?.mustChangePassword).toBe(false);
      expect(Date.now() - (row?.passwordChangedAt.getTime() ?? 0)).toBeLessThan(60_000);
    } finally {
      await setExpiry(90);
    }
  });

  it('does not force a password younger than the limit, nor any password when the limit is 0', async () => {
    await setExpiry(30);
    try {
      const young = await newUser({ passwordChangedAt: new Date(Date.now() - 29 * DAY) });
      expect((await signedIn(young.email)).user).toMatchObject({ mustChangePassword: false, passwordExpired: false });
      await setExpiry(0);
      const ancient = await newUser({ passwordChangedAt: new Date(Date.now() - 400 * DAY) });
      const me = await signedIn(ancient.email);
      expect(me.user.mustChangePassword).toBe(false);
      expect((await me.as.get('/api/numbers')).status).toBe(200);
    } finally {
      await setExpiry(90);
    }
  });

  it('applies after the two-factor code step as well', async () => {
    await setExpiry(30);
    try {
      const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
      const u = await newUser({
        passwordChangedAt: new Date(Date.now() - 45 * DAY),
        twoFactorEnabled: true,
        twoFactorMode: 'every_login',
        twoFactorSecret: secret,
      });
      const first = await login(t.app, u.email, 'customer');
      expect(first.statusCode, first.body).toBe(200);
      const { twoFactor } = first.json() as { twoFactor: { challengeId: string } };
      const second = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login/two-factor',
        headers: { 'x-portal-csrf': '1' },
        payload: { challengeId: twoFactor.challengeId, code: totpAt(secret, Date.now() / 1000) },
      });
      expect(second.statusCode, second.body).toBe(200);
      expect((second.json() as { user: TSessionUser }).user).toMatchObject({ mustChangePassword: true, passwordExpired: true });
    } finally {
      await setExpiry(90);
    }
  });
});

describe('maintenance mode at sign-in', () => {
  it('refuses customer sign-in with the message (counting no failure); staff sign in', async () => {
    const message = 'Back at noon: database upgrade.';
    await api.as('staff:admin').put('/api/settings', { maintenanceMode: true, maintenanceMessage: message });
    try {
      const u = await newUser();
      const res = await login(t.app, u.email, 'customer');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ error: { code: 'MAINTENANCE', message } });
      expect(cookieOf(res)).toBeNull();
      expect(await db.select().from(loginFailures).where(eq(loginFailures.email, u.email))).toHaveLength(0);
      expect((await login(t.app, 'support@example.com', 'admin')).statusCode).toBe(200);
    } finally {
      await api.as('staff:admin').put('/api/settings', { maintenanceMode: false });
    }
  });

  it('refuses the code step of a customer whose password was right before maintenance began', async () => {
    const secret = 'KRUGS4ZANFZSAYJAORSXG5BAONSWG4TF';
    const u = await newUser({ twoFactorEnabled: true, twoFactorMode: 'every_login', twoFactorSecret: secret });
    const first = await login(t.app, u.email, 'customer');
    const { twoFactor } = first.json() as { twoFactor: { challengeId: string } };
    await api.as('staff:admin').put('/api/settings', { maintenanceMode: true });
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login/two-factor',
        headers: { 'x-portal-csrf': '1' },
        payload: { challengeId: twoFactor.challengeId, code: totpAt(secret, Date.now() / 1000) },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ error: { code: 'MAINTENANCE' } });
      expect(await db.select().from(loginChallenges).where(eq(loginChallenges.userId, u.id))).toHaveLength(0);
    } finally {
      await api.as('staff:admin').put('/api/settings', { maintenanceMode: false });
    }
    // after maintenance, customers sign in again
    expect((await login(t.app, u.email, 'customer')).statusCode).toBe(200);
  });
});
