import { PASSWORD_CHANGE_REQUIRED, PASSWORDS_DIFFER } from '@portal/contract/auth';
import type { TPage } from '@portal/contract/common';
import { EMAIL_TAKEN, LAST_ADMIN, NOT_YOURSELF, type TUser } from '@portal/contract/users';
import { and, desc, eq, isNull, ne } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailOutbox, passwordResets, sessions, users } from '../src/db/schema/index.ts';
import { type Requester, withSession } from './client.ts';
import { auditEntries, login, TEST_PASSWORD } from './helpers.ts';
import { apiTestWorld } from './world.ts';

const { t, api, db, acme, globex } = await apiTestWorld();
const acmeId = acme?.id as string;

const cookieOf = (res: Awaited<ReturnType<typeof login>>) => {
  const c = res.cookies.find((x) => x.name === 'portal_sid');
  return c ? `portal_sid=${c.value}` : null;
};
/** A requester signed in as any user (not only the demo callers). */
async function signedIn(email: string, portal: 'admin' | 'customer', password = TEST_PASSWORD): Promise<Requester> {
  const res = await login(t.app, email, portal, password);
  expect(res.statusCode, res.body).toBe(200);
  return withSession(t.app, cookieOf(res) as string);
}
const userByEmail = async (email: string) => (await db.select().from(users).where(eq(users.email, email)))[0];
const lastLinkTo = async (email: string) => {
  const [mail] = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email)).orderBy(desc(emailOutbox.createdAt)).limit(1);
  const token = mail?.body.match(/token=([\w-]+)/)?.[1];
  return { mail, token };
};
const editBody = (u: TUser, patch: Record<string, unknown> = {}) => ({
  name: u.name,
  email: u.email,
  role: u.role,
  timezone: u.timezone,
  phone: u.phone,
  department: u.department,
  twoFactorMode: u.twoFactorMode,
  twoFactorMethod: u.twoFactorMethod,
  ...patch,
});

describe('the user lists', () => {
  it('shows staff Admins the staff, customer Admins their own company, and nobody else anything', async () => {
    const staff = await api.as('staff:admin').get<TPage<TUser>>('/api/users', { query: { pageSize: 100 } });
    expect(staff.status).toBe(200);
    const staffRows = await db
      .select()
      .from(users)
      .where(and(eq(users.kind, 'staff'), isNull(users.deletedAt)));
    expect(staff.json().total).toBe(staffRows.length);
    expect(staff.json().items.map((u) => u.email)).toContain('support@example.com');
    expect(staff.json().items.map((u) => u.email)).not.toContain('customer@example.com');

    const own = (await api.as('customer:admin').get<TPage<TUser>>('/api/users', { query: { pageSize: 100 } })).json();
    const acmeRows = await db
      .select()
      .from(users)
      .where(and(eq(users.customerId, acmeId), isNull(users.deletedAt)));
    expect(own.total).toBe(acmeRows.length);
    expect(own.items.every((u) => acmeRows.some((r) => r.id === u.id))).toBe(true);

    // role filter and paging
    const admins = (await api.as('customer:admin').get<TPage<TUser>>('/api/users', { query: { role: 'Admin' } })).json();
    expect(admins.items.length).toBeGreaterThan(0);
    expect(admins.items.every((u) => u.role === 'Admin')).toBe(true);
    const page = (await api.as('staff:admin').get<TPage<TUser>>('/api/users', { query: { pageSize: 10, page: 2 } })).json();
    expect(page.items.length).toBe(Math.min(10, Math.max(0, staffRows.length - 10)));

    // a staff Admin may read one customer's users; a customer may not name another company
    const theirs = (await api.as('staff:admin').get<TPage<TUser>>('/api/users', { query: { customerId: acmeId } })).json();
    expect(theirs.total).toBe(acmeRows.length);
    expect((await api.as('customer:admin').get('/api/users', { query: { customerId: globex?.id } })).status).toBe(404);
    expect((await api.as('customer:user').get('/api/users')).status).toBe(403);
    expect((await api.as('staff:support').get('/api/users')).status).toBe(403);
  });
});

describe('adding users', () => {
  it('checks the form: required fields, the role of the portal, a unique email, the password policy', async () => {
    const admin = api.as('customer:admin');
    const base = { name: 'Dana Field', email: 'dana.field@acme.example', role: 'User', timezone: 'UTC' };
    const missing = await admin.post('/api/users', { ...base, name: '', password: '' });
    expect(missing.status).toBe(400);
    expect(missing.error().fields).toMatchObject({ name: 'Name is required', password: 'Temporary Password is required' });
    expect((await admin.post('/api/users', { ...base, role: 'Support', password: 'Temp-Pass-123' })).error().fields?.role).toBe(
      'Role is required',
    );
    expect((await admin.post('/api/users', { ...base, email: 'admin@example.com', password: 'Temp-Pass-123' })).error().fields?.email).toBe(
      EMAIL_TAKEN,
    );
    expect((await admin.post('/api/users', { ...base, password: 'short' })).error().fields?.password).toMatch(/^Password must contain/);
    expect(await userByEmail('dana.field@acme.example')).toBeUndefined();
  });

  it('a staff Admin adds a Support user with a temporary password, who must choose their own before anything else', async () => {
    const created = await api.as('staff:admin').post<TUser>('/api/users', {
      name: 'Nina Ortiz',
      email: 'nina.ortiz@example.com',
      role: 'Support',
      timezone: 'America/Chicago',
      phone: '(312) 555-0147',
      password: 'Temp-Pass-123',
    });
    expect(created.status, created.body).toBe(201);
    expect(created.json()).toMatchObject({ role: 'Support', status: 'Active', phone: '+13125550147', mustChangePassword: true });
    const row = await userByEmail('nina.ortiz@example.com');
    expect(row?.kind).toBe('staff');
    expect(row?.customerId).toBeNull();
    const [audit] = await auditEntries(db, 'users.create', row?.id as string);
    expect(JSON.stringify(audit?.after)).not.toContain('Temp-Pass-123');

    const nina = await signedIn('nina.ortiz@example.com', 'admin', 'Temp-Pass-123');
    const session = (await nina.get<{ user: { mustChangePassword: boolean } }>('/api/auth/session')).json();
    expect(session.user.mustChangePassword).toBe(true);
    const blocked = await nina.get('/api/admin/customers');
    expect(blocked.status).toBe(403);
    expect(blocked.error().message).toBe(PASSWORD_CHANGE_REQUIRED);

    expect(
      (
        await nina.post('/api/auth/password', { currentPassword: 'wrong', newPassword: 'Own-Pass-456', confirmPassword: 'Own-Pass-456' })
      ).error().fields,
    ).toEqual({
      currentPassword: 'Current password is incorrect',
    });
    expect(
      (
        await nina.post('/api/auth/password', {
          currentPassword: 'Temp-Pass-123',
          newPassword: 'Own-Pass-456',
          confirmPassword: 'Own-Pass-789',
        })
      ).error().fields,
    ).toEqual({ confirmPassword: PASSWORDS_DIFFER });
    const changed = await nina.post('/api/auth/password', {
      currentPassword: 'Temp-Pass-123',
      newPassword: 'Own-Pass-456',
      confirmPassword: 'Own-Pass-456',
    });
    expect(changed.status, changed.body).toBe(200);
    expect((await nina.get('/api/admin/customers')).status).toBe(200);
    expect((await login(t.app, 'nina.ortiz@example.com', 'admin', 'Temp-Pass-123')).statusCode).toBe(401);
    expect((await login(t.app, 'nina.ortiz@example.com', 'admin', 'Own-Pass-456')).statusCode).toBe(200);
  });

  it('a customer Admin invites a user by email: pending until the link is used, a new invitation ends the old link, links expire', async () => {
    const admin = api.as('customer:admin');
    const created = await admin.post<TUser>('/api/users', {
      name: 'Omar Reyes',
      email: 'omar.reyes@acme.example',
      role: 'User',
      timezone: 'America/New_York',
      department: 'Sales',
      sendInvite: true,
    });
    expect(created.status, created.body).toBe(201);
    expect(created.json()).toMatchObject({ invitePending: true, mustChangePassword: false, department: 'Sales' });
    const row = await userByEmail('omar.reyes@acme.example');
    expect(row?.customerId).toBe(acmeId);
    const first = await lastLinkTo('omar.reyes@acme.example');
    expect(first.mail?.body).toContain('/customer/reset-password?token=');
    const [link] = await db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, row?.id as string));
    const days = ((link?.expiresAt.getTime() ?? 0) - (link?.createdAt.getTime() ?? 0)) / 86_400_000;
    expect(days).toBeCloseTo(7, 2);

    // a new invitation: the first link stops working
    expect((await admin.post(`/api/users/${row?.id}/invite`)).status).toBe(200);
    const second = await lastLinkTo('omar.reyes@acme.example');
    expect(second.token).not.toBe(first.token);
    const stale = await api.anonymous.post('/api/auth/reset-password', { token: first.token, password: 'Omar-Pass-123' });
    expect(stale.status).toBe(400);

    // an expired link is refused (the clock moved past its 7 days)
    await db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(passwordResets.userId, row?.id as string), isNull(passwordResets.usedAt)));
    expect((await api.anonymous.post('/api/auth/reset-password', { token: second.token, password: 'Omar-Pass-123' })).status).toBe(400);

    expect((await admin.post(`/api/users/${row?.id}/invite`)).status).toBe(200);
    const third = await lastLinkTo('omar.reyes@acme.example');
    const accepted = await api.anonymous.post('/api/auth/reset-password', { token: third.token, password: 'Omar-Pass-123' });
    expect(accepted.status, accepted.body).toBe(200);
    expect((await admin.get<TUser>(`/api/users/${row?.id}`)).json().invitePending).toBe(false);
    expect((await login(t.app, 'omar.reyes@acme.example', 'customer', 'Omar-Pass-123')).statusCode).toBe(200);
    // accepted: no new invitation
    expect((await admin.post(`/api/users/${row?.id}/invite`)).status).toBe(409);
  });
});

describe('editing, roles and deactivation', () => {
  it('a role change takes effect on the next request, and an admin-set New Password is temporary', async () => {
    const user = await userByEmail('user@example.com');
    const emily = await signedIn('user@example.com', 'customer');
    expect((await emily.get('/api/users')).status).toBe(403);
    const current = (await api.as('customer:admin').get<TUser>(`/api/users/${user?.id}`)).json();
    expect((await api.as('customer:admin').put(`/api/users/${user?.id}`, editBody(current, { role: 'Admin' }))).status).toBe(200);
    expect((await emily.get('/api/users')).status).toBe(200);
    expect((await api.as('customer:admin').put(`/api/users/${user?.id}`, editBody(current, { role: 'User' }))).status).toBe(200);
    expect((await emily.get('/api/users')).status).toBe(403);
    // blank New Password keeps the password
    expect((await login(t.app, 'user@example.com', 'customer')).statusCode).toBe(200);
  });

  it('a customer Admin deactivates a user: their open session ends, sign-in is refused, reactivation lets them back', async () => {
    const user = await userByEmail('user@example.com');
    const emily = await signedIn('user@example.com', 'customer');
    expect((await emily.get('/api/numbers')).status).toBe(200);
    const off = await api.as('customer:admin').post<TUser>(`/api/users/${user?.id}/status`, { status: 'Inactive' });
    expect(off.status, off.body).toBe(200);
    expect(off.json().status).toBe('Inactive');
    expect((await emily.get('/api/numbers')).status).toBe(401);
    expect(
      await db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, user?.id as string)),
    ).toEqual([]);
    expect((await login(t.app, 'user@example.com', 'customer')).statusCode).toBe(401);
    const [audit] = await auditEntries(db, 'users.deactivate', user?.id as string);
    expect(audit?.summary).toBe('Deactivated user Emily Davis');
    // the user's activity shows what was done to them and what they did
    const activity = (
      await api.as('customer:admin').get<{ summary: string; actor: string | null }[]>(`/api/users/${user?.id}/activity`)
    ).json();
    expect(activity[0]).toMatchObject({ summary: 'Deactivated user Emily Davis', actor: 'John Carter' });
    expect(activity.map((a) => a.summary)).toContain('Emily Davis signed in to the customer portal');
    expect((await api.as('customer:admin').post(`/api/users/${user?.id}/status`, { status: 'Active' })).status).toBe(200);
    expect((await login(t.app, 'user@example.com', 'customer')).statusCode).toBe(200);
    api.forget('customer:user');
  });

  it('nobody deactivates themselves or the last active Admin of their company, nor demotes them', async () => {
    const me = await userByEmail('customer@example.com');
    expect((await api.as('customer:admin').post(`/api/users/${me?.id}/status`, { status: 'Inactive' })).error().message).toBe(NOT_YOURSELF);
    // leave customer@ as Acme's only active Admin
    const others = await db
      .select()
      .from(users)
      .where(and(eq(users.customerId, acmeId), eq(users.role, 'Admin'), ne(users.id, me?.id as string)));
    await db
      .update(users)
      .set({ role: 'User' })
      .where(and(eq(users.customerId, acmeId), eq(users.role, 'Admin'), ne(users.id, me?.id as string)));
    const staffTry = await api.as('staff:admin').post(`/api/users/${me?.id}/status`, { status: 'Inactive' });
    expect(staffTry.status).toBe(409);
    expect(staffTry.error().message).toBe(LAST_ADMIN);
    const mine = (await api.as('customer:admin').get<TUser>(`/api/users/${me?.id}`)).json();
    expect((await api.as('customer:admin').put(`/api/users/${me?.id}`, editBody(mine, { role: 'User' }))).error().fields?.role).toBe(
      LAST_ADMIN,
    );
    expect((await userByEmail('customer@example.com'))?.role).toBe('Admin');
    for (const o of others) await db.update(users).set({ role: 'Admin' }).where(eq(users.id, o.id));
  });

  it("keeps each company's users to itself; a staff Admin reaches any user", async () => {
    const [theirs] = await db
      .select()
      .from(users)
      .where(eq(users.customerId, globex?.id as string))
      .limit(1);
    expect((await api.as('customer:admin').get(`/api/users/${theirs?.id}`)).status).toBe(404);
    expect((await api.as('customer:admin').post(`/api/users/${theirs?.id}/status`, { status: 'Inactive' })).status).toBe(404);
    expect((await userByEmail(theirs?.email as string))?.status).toBe('Active');
    const viaStaff = await api.as('staff:admin').get<TUser>(`/api/users/${theirs?.id}`);
    expect(viaStaff.status).toBe(200);
    // a customer's user keeps a customer role
    expect(
      (await api.as('staff:admin').put(`/api/users/${theirs?.id}`, editBody(viaStaff.json(), { role: 'Billing' }))).error().fields?.role,
    ).toBe('Role is required');
  });
});
