/** Passwords: the emailed reset, the change (which ends the user's other sessions), invitations. */
import { passwordPolicyProblem, type TChangePasswordBody, type TPortal } from '@portal/contract/auth';
import { type Ctx, inTransaction, sessionUser, userOf } from '../../lib/context.ts';
import { AppError, invalid, notFound } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import { auditFor, recordAudit } from '../audit/service.ts';
import { queueEmail } from '../email/service.ts';
import { getSettings } from '../settings/service.ts';
import * as repo from './repo.ts';

const audit = auditFor('user');

const DAY_MS = 86_400_000;

/** The password was set more than settings' passwordExpiryDays ago (0: passwords never expire). */
export function passwordExpired(changedAt: Date, settings: { passwordExpiryDays: number }, now: Date): boolean {
  return settings.passwordExpiryDays > 0 && now.getTime() - changedAt.getTime() >= settings.passwordExpiryDays * DAY_MS;
}

/**
 * Emails a reset link valid for `passwordResetTimeLimit` hours when the address belongs to an
 * active user of that portal; answers the same either way.
 */
export async function requestPasswordReset(ctx: Ctx, email: string, portal: TPortal): Promise<void> {
  const row = await repo.findUserByEmail(ctx.db, email);
  const settings = await getSettings(ctx.db);
  const eligible = row && row.user.status === 'Active' && (row.user.kind === 'staff' ? 'admin' : 'customer') === portal;
  await inTransaction(ctx, async (tx) => {
    if (eligible) {
      const token = randomToken();
      const now = new Date();
      await repo.insertPasswordReset(tx.db, {
        tokenHash: sha256(token),
        userId: row.user.id,
        expiresAt: new Date(now.getTime() + settings.passwordResetTimeLimit * 3600_000),
      });
      await queueEmail(tx, {
        to: row.user.email,
        subject: `Reset your ${ctx.config.PORTAL_BRAND} password`,
        body: [
          `Hello ${row.user.name},`,
          '',
          `Someone asked to reset the password of your ${ctx.config.PORTAL_BRAND} ${portal} portal account.`,
          `Open this link within ${settings.passwordResetTimeLimit} hours to choose a new password:`,
          `${ctx.config.publicUrl}/${portal}/reset-password?token=${token}`,
          '',
          'If it was not you, ignore this email: your password stays as it is.',
        ].join('\n'),
      });
    }
    await recordAudit(tx, {
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

/**
 * Change Password: the current password proves it is them; the policy from settings applies; the
 * user's other sessions end (this one stays signed in).
 */
export async function changePassword(ctx: Ctx, body: TChangePasswordBody): Promise<void> {
  const auth = userOf(ctx);
  const row = await repo.findUserById(ctx.db, auth.userId);
  if (!row) throw notFound('User');
  if (!(await verifyPassword(body.currentPassword, row.user.passwordHash))) {
    throw invalid({ currentPassword: 'Current password is incorrect' });
  }
  const problem = passwordPolicyProblem(body.newPassword, await getSettings(ctx.db));
  if (problem) throw invalid({ newPassword: problem });
  if (body.newPassword === body.currentPassword) throw invalid({ newPassword: 'Choose a password different from the current one' });
  const hash = await hashPassword(body.newPassword);
  await inTransaction(ctx, async (tx) => {
    await repo.setPassword(tx.db, auth.userId, hash, new Date());
    await repo.deleteUserSessions(tx.db, auth.userId, auth.sessionIdHash);
    await audit(
      tx,
      'auth.password_changed',
      { id: auth.userId, customerId: row.user.customerId },
      `${row.user.name} changed their password`,
    );
  });
}

/**
 * An emailed invitation to set a password, valid for `days` days: earlier links of the user end.
 * Runs inside the caller's transaction (the users domain adds and re-invites users).
 */
export async function sendInvitation(
  tx: Ctx,
  user: { id: string; email: string; name: string; kind: 'staff' | 'customer' },
  days: number,
): Promise<void> {
  const token = randomToken();
  const now = new Date();
  const portal: TPortal = user.kind === 'staff' ? 'admin' : 'customer';
  await repo.expireUserLinks(tx.db, user.id, now);
  await repo.insertPasswordReset(tx.db, {
    tokenHash: sha256(token),
    userId: user.id,
    expiresAt: new Date(now.getTime() + days * 86_400_000),
  });
  const inviter = sessionUser(tx)?.name ?? 'An administrator';
  await queueEmail(tx, {
    to: user.email,
    subject: `You are invited to the ${tx.config.PORTAL_BRAND} ${portal} portal`,
    body: [
      `Hello ${user.name},`,
      '',
      `${inviter} invited you to the ${tx.config.PORTAL_BRAND} ${portal} portal.`,
      `Open this link within ${days} days to choose your password and sign in:`,
      `${tx.config.publicUrl}/${portal}/reset-password?token=${token}`,
    ].join('\n'),
  });
}

/** Ends every session of a user at once (deactivation) and any open link. */
export async function endUserAccess(tx: Ctx, userId: string): Promise<void> {
  await repo.deleteUserSessions(tx.db, userId);
  await repo.expireUserLinks(tx.db, userId, new Date());
}

export async function resetPassword(ctx: Ctx, token: string, password: string): Promise<void> {
  const tokenHash = sha256(token);
  const reset = await repo.findPasswordReset(ctx.db, tokenHash);
  const now = new Date();
  if (!reset || reset.usedAt || reset.expiresAt <= now) {
    throw new AppError(400, 'BAD_REQUEST', 'This reset link is invalid or has expired. Please ask for a new one.');
  }
  const problem = passwordPolicyProblem(password, await getSettings(ctx.db));
  if (problem) throw invalid({ password: problem });
  const hash = await hashPassword(password);
  const user = await repo.findUserById(ctx.db, reset.userId);
  await inTransaction(ctx, async (tx) => {
    await repo.setPassword(tx.db, reset.userId, hash, now);
    await repo.usePasswordReset(tx.db, tokenHash, now);
    await repo.deleteUserSessions(tx.db, reset.userId);
    if (user) await repo.clearLoginFailures(tx.db, user.user.email.toLowerCase());
    await recordAudit(tx, {
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
