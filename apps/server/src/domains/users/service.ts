import { passwordPolicyProblem } from '@portal/contract/auth';
import type { TPage } from '@portal/contract/common';
import type { TActivityEntry } from '@portal/contract/customers';
import {
  EMAIL_TAKEN,
  INVITE_DAYS,
  LAST_ADMIN,
  NOT_YOURSELF,
  rolesOfKind,
  type TListUsersQuery,
  type TMyProfile,
  type TProfileCompany,
  type TUser,
  type TUserStatusBody,
  type ZCreateUserBody,
  type ZUpdateMyProfileBody,
  type ZUpdateUserBody,
} from '@portal/contract/users';
import type { z } from 'zod';
import type { users } from '../../db/schema/index.ts';
import { type Ctx, inTransaction, userOf } from '../../lib/context.ts';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import { resolveListScope } from '../../lib/list-scope.ts';
import { pageOf } from '../../lib/paging.ts';
import { hashPassword } from '../../lib/password.ts';
import { getSettings } from '../../lib/settings.ts';
import { randomToken } from '../../lib/tokens.ts';
import { auditFor, listActivity } from '../audit/service.ts';
import { clearTwoFactor, endUserAccess, notifySecurity, sendInvitation } from '../auth/service.ts';
import { fullAddress, requireCustomer } from '../customers/service.ts';
import { queueEmail } from '../email/service.ts';
import * as repo from './repo.ts';

const audit = auditFor('user');

type UserRow = typeof users.$inferSelect;

/**
 * Customer Admins manage their own company's users; staff Admins manage the staff users and may
 * reach any customer's user (PRODUCT.md: staff Admin, everything). The scope comes from the
 * caller, never from the request.
 */
function scopeOf(ctx: Ctx): repo.UserScope {
  const me = userOf(ctx);
  if (me.kind === 'staff') return { kind: 'all' };
  if (!me.customerId) throw notFound('User');
  return { kind: 'customer', customerId: me.customerId };
}

/** New users join the caller's side: staff Admins add staff, customer Admins add their company's users. */
function newUserScope(ctx: Ctx): { kind: 'staff' } | { kind: 'customer'; customerId: string } {
  const scope = scopeOf(ctx);
  return scope.kind === 'all' ? { kind: 'staff' } : scope;
}

function toUser(u: UserRow): TUser {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    kind: u.kind,
    phone: u.phone,
    department: u.department,
    role: u.role,
    status: u.status,
    timezone: u.timezone,
    twoFactorEnabled: u.twoFactorEnabled,
    twoFactorMode: u.twoFactorMode as TUser['twoFactorMode'],
    twoFactorMethod: u.twoFactorMethod as TUser['twoFactorMethod'],
    invitePending: u.invitePending,
    mustChangePassword: u.mustChangePassword,
    lastLoginAt: u.lastLoginAt?.toISOString() ?? null,
    createdAt: u.createdAt.toISOString(),
  };
}

/** What the audit log keeps of a user: never the password or the two-factor secret. */
const auditView = (u: UserRow) => ({
  name: u.name,
  email: u.email,
  role: u.role,
  status: u.status,
  phone: u.phone,
  department: u.department,
  timezone: u.timezone,
  twoFactorMode: u.twoFactorMode,
  twoFactorMethod: u.twoFactorMethod,
});

function checkRole(kind: 'staff' | 'customer', role: string) {
  if (!rolesOfKind(kind).includes(role)) throw invalid({ role: 'Role is required' });
}

async function checkPassword(ctx: Ctx, password: string | undefined): Promise<string | null> {
  if (!password) return null;
  const problem = passwordPolicyProblem(password, await getSettings(ctx.db));
  if (problem) throw invalid({ password: problem });
  return hashPassword(password);
}

export async function listUsers(ctx: Ctx, q: TListUsersQuery): Promise<TPage<TUser>> {
  const { customerId } = await resolveListScope(ctx, { customerId: q.customerId });
  const scope: repo.UserScope = customerId ? { kind: 'customer', customerId } : { kind: 'staff' };
  const { rows, total } = await repo.listUsers(ctx.db, scope, q);
  return pageOf(rows.map(toUser), total, q);
}

export async function getUser(ctx: Ctx, id: string): Promise<TUser> {
  const row = await repo.findUser(ctx.db, scopeOf(ctx), id);
  if (!row) throw notFound('User');
  return toUser(row);
}

export async function createUser(ctx: Ctx, body: z.output<typeof ZCreateUserBody>): Promise<TUser> {
  const scope = newUserScope(ctx);
  checkRole(scope.kind, body.role);
  // an invited user has no password until they accept: an unguessable one stands in
  const hash = body.sendInvite ? await hashPassword(randomToken()) : await checkPassword(ctx, body.password);
  return inTransaction(ctx, async (tx) => {
    if (await repo.emailTaken(tx.db, body.email)) throw invalid({ email: EMAIL_TAKEN });
    const row = await repo.insertUser(tx.db, {
      email: body.email,
      name: body.name,
      phone: body.phone,
      department: body.department,
      role: body.role,
      timezone: body.timezone,
      kind: scope.kind,
      customerId: scope.kind === 'customer' ? scope.customerId : null,
      passwordHash: hash as string,
      mustChangePassword: !body.sendInvite,
      invitePending: body.sendInvite,
    });
    if (body.sendInvite) await sendInvitation(tx, { id: row.id, email: row.email, name: row.name, kind: scope.kind }, INVITE_DAYS);
    await audit(
      tx,
      'users.create',
      row,
      `Added user ${row.name} (${row.email}) as ${row.role}${body.sendInvite ? ', invitation sent' : ' with a temporary password'}`,
      { after: auditView(row) },
    );
    return toUser(row);
  });
}

/** Whether an address already belongs to a user (staff or customer, deleted or not: addresses stay unique). */
export function emailInUse(ctx: Ctx, email: string): Promise<boolean> {
  return repo.emailTaken(ctx.db, email);
}

/** The first Admin of a company signed up through the sign-up page (registration domain), inside its transaction. */
export function insertSelfRegisteredAdmin(tx: Ctx, values: Omit<typeof users.$inferInsert, 'kind' | 'role'>): Promise<UserRow> {
  return repo.insertUser(tx.db, { ...values, kind: 'customer', role: 'Admin' });
}

export async function updateUser(ctx: Ctx, id: string, body: z.output<typeof ZUpdateUserBody>): Promise<TUser> {
  const scope = scopeOf(ctx);
  const hash = await checkPassword(ctx, body.password);
  return inTransaction(ctx, async (tx) => {
    const before = await repo.lockUser(tx.db, scope, id);
    if (!before) throw notFound('User');
    checkRole(before.kind, body.role);
    if (body.email.toLowerCase() !== before.email.toLowerCase() && (await repo.emailTaken(tx.db, body.email, id))) {
      throw invalid({ email: EMAIL_TAKEN });
    }
    if (before.role === 'Admin' && body.role !== 'Admin' && before.status === 'Active') {
      if ((await repo.otherActiveAdmins(tx.db, repo.companyOf(before), id)) === 0) throw invalid({ role: LAST_ADMIN });
    }
    const row = await repo.updateUser(tx.db, id, {
      name: body.name,
      email: body.email,
      phone: body.phone,
      department: body.department,
      role: body.role,
      timezone: body.timezone,
      twoFactorMode: body.twoFactorMode,
      twoFactorMethod: body.twoFactorMethod,
      // an admin-set password is temporary: the user chooses their own at the next sign-in
      ...(hash ? { passwordHash: hash, passwordChangedAt: new Date(), mustChangePassword: true } : {}),
    });
    if (hash) await endUserAccess(tx, id);
    await audit(tx, 'users.update', row, `Updated user ${row.name}${hash ? ' and set a temporary password' : ''}`, {
      before: auditView(before),
      after: auditView(row),
    });
    return toUser(row);
  });
}

/**
 * Activate or deactivate: a deactivated user's sessions end at once and sign-in is refused. Nobody
 * deactivates themselves, nor the last active Admin of their company (or of the staff).
 */
export async function setUserStatus(ctx: Ctx, id: string, body: TUserStatusBody): Promise<TUser> {
  const scope = scopeOf(ctx);
  const me = userOf(ctx);
  return inTransaction(ctx, async (tx) => {
    const before = await repo.lockUser(tx.db, scope, id);
    if (!before) throw notFound('User');
    if (before.status === body.status) return toUser(before);
    if (body.status === 'Inactive') {
      if (id === me.userId) throw conflict(NOT_YOURSELF);
      if (before.role === 'Admin' && (await repo.otherActiveAdmins(tx.db, repo.companyOf(before), id)) === 0) throw conflict(LAST_ADMIN);
    }
    const row = await repo.updateUser(tx.db, id, { status: body.status });
    if (body.status === 'Inactive') await endUserAccess(tx, id);
    await audit(
      tx,
      body.status === 'Inactive' ? 'users.deactivate' : 'users.activate',
      row,
      `${body.status === 'Inactive' ? 'Deactivated' : 'Activated'} user ${row.name}`,
      { before: { status: before.status }, after: { status: row.status } },
    );
    return toUser(row);
  });
}

/** Sends a new invitation (the earlier link stops working) to a user who has not accepted yet. */
export async function resendInvitation(ctx: Ctx, id: string): Promise<TUser> {
  const scope = scopeOf(ctx);
  return inTransaction(ctx, async (tx) => {
    const row = await repo.lockUser(tx.db, scope, id);
    if (!row) throw notFound('User');
    if (!row.invitePending) throw conflict('This user has already accepted the invitation');
    if (row.status !== 'Active') throw conflict('Activate the user before inviting them again');
    await sendInvitation(tx, { id: row.id, email: row.email, name: row.name, kind: row.kind }, INVITE_DAYS);
    await audit(tx, 'users.invite', row, `Sent a new invitation to ${row.email}`);
    return toUser(row);
  });
}

/**
 * A staff Admin resets a user's two-factor sign-in (a lost phone): the secret, the recovery codes
 * and the trusted computers go, it is off until the user sets it up again (at once, when settings
 * enforce it). Audited; the user is notified.
 */
export async function resetTwoFactor(ctx: Ctx, id: string): Promise<TUser> {
  const scope = scopeOf(ctx);
  const me = userOf(ctx);
  return inTransaction(ctx, async (tx) => {
    const before = await repo.lockUser(tx.db, scope, id);
    if (!before) throw notFound('User');
    if (!before.twoFactorEnabled && !before.twoFactorPendingSecret)
      throw conflict(`${before.name} has not set up two-factor authentication`);
    const row = await clearTwoFactor(tx, id);
    if (!row) throw notFound('User');
    await audit(tx, 'users.two_factor_reset', row, `${me.name} reset two-factor authentication of ${row.name}`, {
      before: { twoFactorEnabled: before.twoFactorEnabled, twoFactorMode: before.twoFactorMode },
      after: { twoFactorEnabled: false, twoFactorMode: row.twoFactorMode },
    });
    await notifySecurity(
      tx,
      row,
      'Two-factor authentication reset',
      `${me.name} reset your two-factor authentication: sign-in asks only for your password until you set it up again.`,
    );
    return toUser(row);
  });
}

/** The user's activity: changes made to the user and what they did, from the audit trail. */
export async function userActivity(ctx: Ctx, id: string): Promise<TActivityEntry[]> {
  const row = await repo.findUser(ctx.db, scopeOf(ctx), id);
  if (!row) throw notFound('User');
  return listActivity(ctx, { userId: id }, 50);
}

/** The active Admins of a company (the people told of its registrations, tickets and reviews). */
export function customerAdminIds(ctx: Ctx, customerId: string): Promise<string[]> {
  return repo.customerAdminIds(ctx.db, customerId);
}

// ---- My Profile: the signed-in user's own record (customer spec: My Profile; User Settings' Basic Information)

/**
 * The users table keeps one name: My Profile's first name is its first word, the last name the
 * rest ("María García López": María / García López); saving joins them with a space.
 */
export function splitName(name: string): { firstName: string; lastName: string } {
  const trimmed = name.trim();
  const gap = trimmed.search(/\s/);
  return gap < 0 ? { firstName: trimmed, lastName: '' } : { firstName: trimmed.slice(0, gap), lastName: trimmed.slice(gap).trim() };
}

/** Company Information: the customer user's company, or the provider (the settings' company) for staff. */
async function profileCompany(ctx: Ctx, u: UserRow): Promise<TProfileCompany> {
  if (u.kind === 'customer' && u.customerId) {
    const c = await requireCustomer(ctx, u.customerId);
    return {
      kind: 'customer',
      name: c.name,
      accountNumber: c.customerCode,
      address: fullAddress(c) || null,
      phone: c.phone,
      email: c.email,
    };
  }
  const settings = await getSettings(ctx.db);
  return {
    kind: 'provider',
    name: settings.companyName,
    accountNumber: null,
    address: null,
    phone: settings.supportPhone || null,
    email: settings.supportEmail || null,
  };
}

async function toProfile(ctx: Ctx, u: UserRow): Promise<TMyProfile> {
  return {
    id: u.id,
    ...splitName(u.name),
    email: u.email,
    phone: u.phone,
    jobTitle: u.jobTitle,
    department: u.department,
    timeZone: u.timezone,
    language: u.language,
    kind: u.kind,
    role: u.role,
    lastLoginAt: u.lastLoginAt?.toISOString() ?? null,
    twoFactorEnabled: u.twoFactorEnabled,
    company: await profileCompany(ctx, u),
  };
}

/** What the audit log keeps of a profile change. */
const profileAuditView = (u: UserRow) => ({
  name: u.name,
  email: u.email,
  phone: u.phone,
  jobTitle: u.jobTitle,
  department: u.department,
  timezone: u.timezone,
  language: u.language,
});

/** The caller's own record, found by the session's user id (whatever side they are on). */
const OWN: repo.UserScope = { kind: 'all' };

export async function getMyProfile(ctx: Ctx): Promise<TMyProfile> {
  const row = await repo.findUser(ctx.db, OWN, userOf(ctx).userId);
  if (!row) throw notFound('User');
  return toProfile(ctx, row);
}

/** PostgreSQL's unique violation on users_email_key: another change took the address meanwhile. */
function isEmailTakenRace(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const pg = e?.code === '23505' ? e : e?.cause?.code === '23505' ? e.cause : null;
  return pg?.constraint === 'users_email_key';
}

/**
 * Save Changes on My Profile: the name, email, phone, job title, department, time zone and
 * language of the signed-in user (never the role or the status). The email stays unique (409 on
 * the field). One transaction, one audit entry.
 */
export async function updateMyProfile(ctx: Ctx, body: z.output<typeof ZUpdateMyProfileBody>): Promise<TMyProfile> {
  const me = userOf(ctx);
  try {
    const row = await inTransaction(ctx, async (tx) => {
      const before = await repo.lockUser(tx.db, OWN, me.userId);
      if (!before) throw notFound('User');
      const emailChanged = body.email.toLowerCase() !== before.email.toLowerCase();
      if (emailChanged && (await repo.emailTaken(tx.db, body.email, me.userId))) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
      const after = await repo.updateUser(tx.db, me.userId, {
        name: `${body.firstName} ${body.lastName}`,
        email: body.email,
        phone: body.phone,
        jobTitle: body.jobTitle,
        department: body.department,
        timezone: body.timeZone,
        language: body.language,
      });
      await audit(
        tx,
        'users.profile_update',
        { id: me.userId, customerId: after.customerId },
        `${after.name} updated their profile${emailChanged ? ` (email changed from ${before.email} to ${after.email})` : ''}`,
        { before: profileAuditView(before), after: profileAuditView(after) },
      );
      // the old address hears of it: a taken-over session cannot move the account away unnoticed
      if (emailChanged) {
        await queueEmail(tx, {
          to: before.email,
          subject: `Your ${tx.config.PORTAL_BRAND} sign-in email was changed`,
          body: [
            `Hello ${after.name},`,
            '',
            `The email address you sign in with was changed from ${before.email} to ${after.email}.`,
            'If it was not you, contact your administrator or our support team now.',
          ].join('\n'),
        });
      }
      return after;
    });
    return toProfile(ctx, row);
  } catch (err) {
    if (isEmailTakenRace(err)) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
    throw err;
  }
}
