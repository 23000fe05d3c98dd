import { passwordPolicyProblem, type TLoginBody, type TPortal, type TSessionUser } from '@portal/contract/auth';
import { permissionsOf, roleKey } from '@portal/contract/roles';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, invalid } from '../../lib/errors.ts';
import { dummyHash, hashPassword, verifyPassword } from '../../lib/password.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import { SESSION_COOKIE } from '../../plugins/auth.ts';
import type { AuthContext } from '../../server-types.ts';
import { recordAudit } from '../audit/service.ts';
import { queueEmail } from '../email/service.ts';
import { getSettings } from '../settings/service.ts';
import * as repo from './repo.ts';

/** Remembered sessions last this long; others end with the browser (and the idle timeout). */
export const REMEMBER_MS = 30 * 24 * 3600 * 1000;
const SESSION_MAX_MS = 24 * 3600 * 1000;

export const INVALID_CREDENTIALS = 'Invalid email or password.';
const lockedMessage = (minutes: number) =>
  `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;

type UserRow = NonNullable<Awaited<ReturnType<typeof repo.findUserById>>>;

export function toSessionUser(row: UserRow, impersonator: { id: string; name: string } | null): TSessionUser {
  const u = row.user;
  const key = roleKey(u.kind, u.role);
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    kind: u.kind,
    role: u.role,
    roleKey: key,
    portal: u.kind === 'staff' ? 'admin' : 'customer',
    customerId: u.customerId,
    customerName: row.customerName ?? null,
    permissions: permissionsOf(key),
    impersonatedBy: impersonator,
    lastLoginAt: u.lastLoginAt?.toISOString() ?? null,
  };
}

export async function currentUser(app: FastifyInstance, auth: AuthContext | null): Promise<TSessionUser | null> {
  if (!auth) return null;
  const row = await repo.findUserById(app.db, auth.userId);
  if (!row) return null;
  let impersonator: { id: string; name: string } | null = null;
  if (auth.impersonatorId) {
    const staff = await repo.findUserById(app.db, auth.impersonatorId);
    impersonator = staff ? { id: staff.user.id, name: staff.user.name } : null;
  }
  return toSessionUser(row, impersonator);
}

export interface LoginResult {
  user: TSessionUser;
  token: string;
  remember: boolean;
}

/**
 * Checks the password against a slow hash, refuses the wrong portal, counts failures per email
 * (known or not, so the answer never tells whether an address exists) and locks after
 * `failedLoginAttempts` for `accountLockoutDuration` minutes.
 */
export async function login(app: FastifyInstance, req: FastifyRequest, body: TLoginBody): Promise<LoginResult> {
  const email = body.email.trim().toLowerCase();
  const settings = await getSettings(app.db);
  const now = new Date();

  const failure = await repo.getLoginFailure(app.db, email);
  if (failure?.lockedUntil && failure.lockedUntil > now) {
    const minutes = Math.ceil((failure.lockedUntil.getTime() - now.getTime()) / 60_000);
    await app.db.transaction((tx) =>
      recordAudit(tx, req, {
        action: 'auth.sign_in_locked',
        entityType: 'session',
        summary: `Sign-in refused while locked for ${email}`,
        actorEmail: email,
        actorId: null,
      }),
    );
    throw new AppError(423, 'ACCOUNT_LOCKED', lockedMessage(minutes));
  }

  const row = await repo.findUserByEmail(app.db, email);
  const passwordOk = await verifyPassword(body.password, row?.user.passwordHash ?? (await dummyHash()));
  const portalOk = row ? (row.user.kind === 'staff' ? 'admin' : 'customer') === body.portal : false;
  const ok = row && passwordOk && portalOk && row.user.status === 'Active' && !row.customerDeletedAt;

  if (!ok) {
    const count = (failure && (!failure.lockedUntil || failure.lockedUntil <= now) ? failure.failures : 0) + 1;
    const locks = settings.automaticAccountLockout && count >= settings.failedLoginAttempts;
    const lockedUntil = locks ? new Date(now.getTime() + settings.accountLockoutDuration * 60_000) : null;
    await app.db.transaction(async (tx) => {
      await repo.saveLoginFailure(tx, email, locks ? 0 : count, lockedUntil);
      await recordAudit(tx, req, {
        action: locks ? 'auth.lockout' : 'auth.sign_in_failed',
        entityType: 'session',
        entityId: row?.user.id ?? null,
        customerId: row?.user.customerId ?? null,
        summary: locks ? `Sign-in locked for ${email} after ${count} failed attempts` : `Failed sign-in for ${email}`,
        actorEmail: email,
        actorId: null,
      });
    });
    if (locks) throw new AppError(423, 'ACCOUNT_LOCKED', lockedMessage(settings.accountLockoutDuration));
    throw new AppError(401, 'INVALID_CREDENTIALS', INVALID_CREDENTIALS);
  }

  const token = randomToken();
  await app.db.transaction(async (tx) => {
    // Rotation: whatever session the browser had is ended; a new id is issued.
    if (req.auth) await repo.deleteSession(tx, req.auth.sessionIdHash);
    await repo.clearLoginFailures(tx, email);
    await repo.insertSession(tx, {
      idHash: sha256(token),
      userId: row.user.id,
      remember: body.remember,
      ip: req.ip,
      userAgent: req.headers['user-agent']?.slice(0, 300) ?? null,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + (body.remember ? REMEMBER_MS : SESSION_MAX_MS)),
    });
    await repo.touchLastLogin(tx, row.user.id, now);
    await recordAudit(tx, req, {
      action: 'auth.sign_in',
      entityType: 'session',
      entityId: row.user.id,
      customerId: row.user.customerId,
      summary: `${row.user.name} signed in to the ${body.portal} portal`,
      actorId: row.user.id,
      actorEmail: row.user.email,
    });
  });
  return { user: toSessionUser(row, null), token, remember: body.remember };
}

export async function logout(app: FastifyInstance, req: FastifyRequest): Promise<void> {
  const auth = req.auth;
  if (!auth) return;
  await app.db.transaction(async (tx) => {
    await repo.deleteSession(tx, auth.sessionIdHash);
    await recordAudit(tx, req, {
      action: 'auth.sign_out',
      entityType: 'session',
      entityId: auth.userId,
      customerId: auth.customerId,
      summary: `${auth.name} signed out`,
    });
  });
}

/**
 * Emails a reset link valid for `passwordResetTimeLimit` hours when the address belongs to an
 * active user of that portal; answers the same either way.
 */
export async function requestPasswordReset(app: FastifyInstance, req: FastifyRequest, email: string, portal: TPortal): Promise<void> {
  const row = await repo.findUserByEmail(app.db, email);
  const settings = await getSettings(app.db);
  const eligible = row && row.user.status === 'Active' && (row.user.kind === 'staff' ? 'admin' : 'customer') === portal;
  await app.db.transaction(async (tx) => {
    if (eligible) {
      const token = randomToken();
      const now = new Date();
      await repo.insertPasswordReset(tx, {
        tokenHash: sha256(token),
        userId: row.user.id,
        expiresAt: new Date(now.getTime() + settings.passwordResetTimeLimit * 3600_000),
      });
      await queueEmail(tx, {
        to: row.user.email,
        subject: `Reset your ${app.config.PORTAL_BRAND} password`,
        body: [
          `Hello ${row.user.name},`,
          '',
          `Someone asked to reset the password of your ${app.config.PORTAL_BRAND} ${portal} portal account.`,
          `Open this link within ${settings.passwordResetTimeLimit} hours to choose a new password:`,
          `${app.config.publicUrl}/${portal}/reset-password?token=${token}`,
          '',
          'If it was not you, ignore this email: your password stays as it is.',
        ].join('\n'),
      });
    }
    await recordAudit(tx, req, {
      action: 'auth.password_reset_requested',
      entityType: 'user',
      entityId: eligible ? row.user.id : null,
      customerId: eligible ? row.user.customerId : null,
      summary: `Password reset requested for ${email}`,
      actorEmail: email,
      actorId: null,
    });
  });
}

export async function resetPassword(app: FastifyInstance, req: FastifyRequest, token: string, password: string): Promise<void> {
  const tokenHash = sha256(token);
  const reset = await repo.findPasswordReset(app.db, tokenHash);
  const now = new Date();
  if (!reset || reset.usedAt || reset.expiresAt <= now) {
    throw new AppError(400, 'BAD_REQUEST', 'This reset link is invalid or has expired. Please ask for a new one.');
  }
  const problem = passwordPolicyProblem(password, await getSettings(app.db));
  if (problem) throw invalid({ password: problem });
  const hash = await hashPassword(password);
  const user = await repo.findUserById(app.db, reset.userId);
  await app.db.transaction(async (tx) => {
    await repo.setPassword(tx, reset.userId, hash, now);
    await repo.usePasswordReset(tx, tokenHash, now);
    await repo.deleteUserSessions(tx, reset.userId);
    if (user) await repo.clearLoginFailures(tx, user.user.email.toLowerCase());
    await recordAudit(tx, req, {
      action: 'auth.password_reset',
      entityType: 'user',
      entityId: reset.userId,
      customerId: user?.user.customerId ?? null,
      summary: `Password reset through an emailed link for ${user?.user.email ?? 'a user'}`,
      actorId: reset.userId,
      actorEmail: user?.user.email,
    });
  });
}

/** The session cookie, as sign-in sets it (remembered sessions persist across browser restarts). */
export function setSessionCookie(app: FastifyInstance, reply: FastifyReply, token: string, remember: boolean): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: app.config.COOKIE_SECURE,
    ...(remember ? { maxAge: REMEMBER_MS / 1000 } : {}),
  });
}

/**
 * Staff open the customer portal as the customer's first active Admin user: the staff session is
 * replaced by one for that user with impersonator_id = the staff user (the banner and the audit
 * log show it). Returns the new session's token.
 */
export async function startImpersonation(
  app: FastifyInstance,
  req: FastifyRequest,
  target: { customerId: string; customerName: string; user: { id: string; name: string; email: string } | undefined },
): Promise<string> {
  const auth = req.auth;
  if (auth?.kind !== 'staff') throw new AppError(403, 'FORBIDDEN', 'Only staff can impersonate.');
  const user = target.user;
  if (!user) throw new AppError(409, 'CONFLICT', `${target.customerName} has no active Admin user to view the portal as.`);
  const token = randomToken();
  const now = new Date();
  await app.db.transaction(async (tx) => {
    await repo.deleteSession(tx, auth.sessionIdHash);
    await repo.insertSession(tx, {
      idHash: sha256(token),
      userId: user.id,
      impersonatorId: auth.userId,
      remember: false,
      ip: req.ip,
      userAgent: req.headers['user-agent']?.slice(0, 300) ?? null,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + SESSION_MAX_MS),
    });
    await recordAudit(tx, req, {
      action: 'auth.impersonation_start',
      entityType: 'customer',
      entityId: target.customerId,
      customerId: target.customerId,
      summary: `${auth.name} started viewing the customer portal as ${user.name} (${target.customerName})`,
    });
  });
  return token;
}

/** Ends "Viewing as": the impersonation session ends and the staff user gets a fresh session of their own. */
export async function exitImpersonation(app: FastifyInstance, req: FastifyRequest): Promise<string> {
  const auth = req.auth;
  if (!auth?.impersonatorId) throw new AppError(400, 'BAD_REQUEST', 'This session is not impersonating anyone.');
  const staff = await repo.findUserById(app.db, auth.impersonatorId);
  if (staff?.user.kind !== 'staff' || staff.user.status !== 'Active') {
    throw new AppError(403, 'FORBIDDEN', 'The staff account is no longer active.');
  }
  const token = randomToken();
  const now = new Date();
  await app.db.transaction(async (tx) => {
    await repo.deleteSession(tx, auth.sessionIdHash);
    await repo.insertSession(tx, {
      idHash: sha256(token),
      userId: staff.user.id,
      remember: false,
      ip: req.ip,
      userAgent: req.headers['user-agent']?.slice(0, 300) ?? null,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + SESSION_MAX_MS),
    });
    await recordAudit(tx, req, {
      action: 'auth.impersonation_exit',
      entityType: 'customer',
      entityId: auth.customerId,
      customerId: auth.customerId,
      summary: `${staff.user.name} stopped viewing the customer portal as ${auth.name}`,
      actorId: staff.user.id,
      actorEmail: staff.user.email,
    });
  });
  return token;
}
