import type { TLoginResponse } from '@portal/contract/auth';
import {
  EMAIL_NOT_VERIFIED,
  EMAIL_VERIFIED,
  REGISTERED_REVIEW,
  REGISTERED_VERIFY,
  REGISTRATION_CLOSED,
  REGISTRATION_PENDING,
  TERMS_REQUIRED,
  type TRegisterBody,
  type TRegistrationList,
  VERIFICATION_LINK_INVALID,
  VERIFICATION_SENT,
} from '@portal/contract/registration';
import { EMAIL_TAKEN } from '@portal/contract/users';
import { and, desc, eq, gte, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers, emailOutbox, notifications, users } from '../src/db/schema/index.ts';
import { auditEntries } from './helpers.ts';
import { apiTestWorld } from './world.ts';

const { api, db } = await apiTestWorld();

const PASSWORD = 'Signup-Pass-2026';
let counter = 0;
function applicant(overrides: Partial<TRegisterBody> = {}): TRegisterBody {
  counter += 1;
  return {
    companyName: `Signup Co ${counter}`,
    firstName: 'Nora',
    lastName: `Applicant ${counter}`,
    email: `signup-${counter}-${Date.now()}@example.com`,
    phone: '+1 212 555 0142',
    address: '1 Main Street',
    city: 'Springfield',
    state: 'IL',
    zipCode: '62701',
    country: 'United States',
    password: PASSWORD,
    confirmPassword: PASSWORD,
    acceptTerms: true,
    ...overrides,
  };
}

const setSettings = (values: Record<string, unknown>) => api.as('staff:admin').put('/api/settings', values);
const signIn = (email: string, password = PASSWORD) =>
  api.anonymous.post<TLoginResponse>('/api/auth/login', { email, password, portal: 'customer' });

/** The newest email to an address, and the link's token in it. */
async function lastMail(to: string, since: Date) {
  const [mail] = await db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, to), gte(emailOutbox.createdAt, since)))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  return { mail, token: mail?.body.match(/verify-email\?token=([\w-]+)/)?.[1] ?? null };
}

describe('self-registration', () => {
  it('is closed while allowUserSelfRegistration is off (the default), and the session answer says so', async () => {
    expect((await api.anonymous.get<{ selfRegistration: boolean }>('/api/auth/session')).json().selfRegistration).toBe(false);
    const res = await api.anonymous.post('/api/auth/register', applicant());
    expect(res.status).toBe(404);
    expect(res.error().message).toBe(REGISTRATION_CLOSED);
  });

  it('with verification: sign-up, the emailed link, staff approval, then sign-in', async () => {
    await setSettings({ allowUserSelfRegistration: true, requireEmailVerification: true });
    expect((await api.anonymous.get<{ selfRegistration: boolean }>('/api/auth/session')).json().selfRegistration).toBe(true);
    const body = applicant();
    const since = new Date();
    const res = await api.anonymous.post('/api/auth/register', body);
    expect(res.status, res.body).toBe(201);
    expect(res.json()).toEqual({ emailVerificationRequired: true, message: REGISTERED_VERIFY });

    const [company] = await db.select().from(customers).where(eq(customers.name, body.companyName));
    expect(company).toMatchObject({ status: 'pending', email: body.email, primaryContactName: `Nora ${body.lastName}` });
    expect(company?.selfRegisteredAt).toBeInstanceOf(Date);
    expect(company?.customerCode).toMatch(/^CUST-\d+$/);
    const [user] = await db.select().from(users).where(eq(users.email, body.email));
    expect(user).toMatchObject({ role: 'Admin', kind: 'customer', customerId: company?.id, emailVerifiedAt: null });
    expect(user?.passwordHash).not.toContain(PASSWORD);

    // not yet verified: the right password is refused with the reason
    const early = await signIn(body.email);
    expect(early.status).toBe(403);
    expect(early.error()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED', message: EMAIL_NOT_VERIFIED });
    // a wrong password tells nothing
    expect((await signIn(body.email, 'Wrong-Pass-2026')).status).toBe(401);

    // staff cannot approve before the address is verified
    const tooSoon = await api.as('staff:admin').post(`/api/admin/customers/${company?.id}/registration/approve`);
    expect(tooSoon.status).toBe(409);

    const { token } = await lastMail(body.email, since);
    expect(token).toBeTruthy();
    // a new link replaces the first
    const resent = await api.anonymous.post('/api/auth/verify-email/resend', { email: body.email });
    expect(resent.json()).toEqual({ message: VERIFICATION_SENT });
    const second = await lastMail(body.email, since);
    expect(second.token).not.toBe(token);
    expect((await api.anonymous.post('/api/auth/verify-email', { token })).error().message).toBe(VERIFICATION_LINK_INVALID);

    const verified = await api.anonymous.post('/api/auth/verify-email', { token: second.token });
    expect(verified.status, verified.body).toBe(200);
    expect(verified.json()).toEqual({ message: EMAIL_VERIFIED });
    // used once only
    expect((await api.anonymous.post('/api/auth/verify-email', { token: second.token })).status).toBe(400);

    // the reviewers are told, and see it in their list
    const [notice] = await db
      .select()
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .where(and(eq(users.email, 'admin@example.com'), eq(notifications.title, 'New registration'), gte(notifications.createdAt, since)));
    expect(notice?.notifications.message).toContain(body.companyName);
    const list = await api.as('staff:account_manager').get<TRegistrationList>('/api/admin/customers/registrations');
    expect(list.json().items.find((r) => r.id === company?.id)).toMatchObject({ companyName: body.companyName, emailVerified: true });

    const pending = await signIn(body.email);
    expect(pending.status).toBe(403);
    expect(pending.error()).toMatchObject({ code: 'REGISTRATION_PENDING', message: REGISTRATION_PENDING });

    // only staff who write customers review
    expect((await api.as('staff:support').post(`/api/admin/customers/${company?.id}/registration/approve`)).status).toBe(403);
    expect((await api.as('customer:admin').get('/api/admin/customers/registrations')).status).toBe(403);
    const approved = await api.as('staff:admin').post(`/api/admin/customers/${company?.id}/registration/approve`);
    expect(approved.status, approved.body).toBe(200);
    expect((await api.as('staff:admin').post(`/api/admin/customers/${company?.id}/registration/approve`)).status).toBe(409);
    const [after] = await db
      .select()
      .from(customers)
      .where(eq(customers.id, company?.id ?? ''));
    expect(after?.status).toBe('active');
    expect((await lastMail(body.email, since)).mail?.subject).toContain('approved');
    const [entry] = await auditEntries(db, 'registration.approve', company?.id ?? '');
    expect(entry?.summary).toContain(body.companyName);

    const ok = await signIn(body.email);
    expect(ok.status, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ user: { customerName: body.companyName, role: 'Admin' } });
  });

  it('without verification the registration goes straight to review; a rejection frees the address', async () => {
    await setSettings({ allowUserSelfRegistration: true, requireEmailVerification: false });
    const body = applicant();
    const res = await api.anonymous.post('/api/auth/register', body);
    expect(res.json()).toEqual({ emailVerificationRequired: false, message: REGISTERED_REVIEW });
    expect((await signIn(body.email)).error().code).toBe('REGISTRATION_PENDING');
    // the resend answer is the same for an address with nothing to verify
    expect((await api.anonymous.post('/api/auth/verify-email/resend', { email: body.email })).json()).toEqual({
      message: VERIFICATION_SENT,
    });

    const list = (await api.as('staff:admin').get<TRegistrationList>('/api/admin/customers/registrations')).json();
    const mine = list.items.find((r) => r.companyName === body.companyName);
    expect(mine).toBeTruthy();
    const noReason = await api.as('staff:admin').post(`/api/admin/customers/${mine?.id}/registration/reject`, { reason: ' ' });
    expect(noReason.status).toBe(400);
    expect(noReason.error().fields).toHaveProperty('reason');
    const since = new Date();
    const rejected = await api
      .as('staff:admin')
      .post(`/api/admin/customers/${mine?.id}/registration/reject`, { reason: 'We could not verify the company.' });
    expect(rejected.status, rejected.body).toBe(200);
    expect((await lastMail(body.email, since)).mail?.body).toContain('We could not verify the company.');
    expect(await db.select().from(users).where(eq(users.email, body.email))).toHaveLength(0);
    const [closed] = await db
      .select()
      .from(customers)
      .where(eq(customers.id, mine?.id ?? ''));
    expect(closed?.deletedAt).toBeInstanceOf(Date);
    expect(
      (await api.as('staff:admin').get<TRegistrationList>('/api/admin/customers/registrations')).json().items.map((r) => r.id),
    ).not.toContain(mine?.id);
    // the address may sign up again
    expect((await api.anonymous.post('/api/auth/register', { ...body, companyName: `${body.companyName} again` })).status).toBe(201);
  });

  it('refuses bad input with field errors, a taken address, and a password outside the policy', async () => {
    await setSettings({ allowUserSelfRegistration: true });
    const bad = await api.anonymous.post('/api/auth/register', {
      ...applicant(),
      companyName: '',
      email: 'not-an-email',
      confirmPassword: 'Different-2026',
      acceptTerms: false,
    });
    expect(bad.status).toBe(400);
    expect(bad.error().fields).toMatchObject({
      companyName: 'Company name is required',
      email: 'Email address is invalid',
      acceptTerms: TERMS_REQUIRED,
    });
    const taken = await api.anonymous.post('/api/auth/register', applicant({ email: 'customer@example.com' }));
    expect(taken.status).toBe(400);
    expect(taken.error().fields).toEqual({ email: EMAIL_TAKEN });
    const weak = await api.anonymous.post('/api/auth/register', applicant({ password: 'short', confirmPassword: 'short' }));
    expect(weak.status).toBe(400);
    expect(weak.error().fields?.password).toMatch(/^Password must contain/);
    // nothing was created by the refusals
    expect(
      await db
        .select()
        .from(customers)
        .where(and(eq(customers.name, ''), isNull(customers.deletedAt))),
    ).toHaveLength(0);
    await setSettings({ allowUserSelfRegistration: false, requireEmailVerification: true });
  });
});
