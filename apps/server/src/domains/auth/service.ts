import {
  RECOVERY_CODES,
  type TLoginBody,
  type TLoginTwoFactorBody,
  type TSessionResponse,
  type TSessionUser,
  type TSignInLockList,
  type TTwoFactorChallenge,
  TWO_FACTOR_WRONG_CODE,
} from '@portal/contract/auth';
import { EMAIL_NOT_VERIFIED, REGISTRATION_PENDING } from '@portal/contract/registration';
import { permissionsOf, roleKey } from '@portal/contract/roles';
import type { TSystemSettings } from '@portal/contract/settings';
import { type Ctx, inTransaction, sessionUser, userOf } from '../../lib/context.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { dummyHash, verifyPassword } from '../../lib/password.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import { auditFor, recordAudit } from '../audit/service.ts';
import { getSettings } from '../settings/service.ts';
import { lockedMessage, lockPolicy } from './lockout.ts';
import { passwordExpired } from './passwords.ts';
import * as repo from './repo.ts';
import {
  CHALLENGE_ATTEMPTS,
  checkUserCode,
  issueChallenge,
  mustSetUpTwoFactor,
  notifySecurity,
  secondStepNeeded,
  trustDevice,
  usesTwoFactor,
} from './two-factor.ts';

const audit = { customer: auditFor('customer'), session: auditFor('session') };

// Passwords: reset, change, invitations (passwords.ts).
export { changePassword, endUserAccess, requestPasswordReset, resetPassword, sendInvitation } from './passwords.ts';

// Two-factor sign-in's own service functions (setup, enable, disable, the fresh code other domains ask).
export {
  clearTwoFactor,
  disableTwoFactor,
  enableTwoFactor,
  notifySecurity,
  regenerateRecoveryCodes,
  requireFreshTwoFactor,
  startTwoFactorSetup,
  twoFactorStatus,
} from './two-factor.ts';

/** Remembered sessions last this long; others end with the browser (and the idle timeout). */
export const REMEMBER_MS = 30 * 24 * 3600 * 1000;
const SESSION_MAX_MS = 24 * 3600 * 1000;

export const INVALID_CREDENTIALS = 'Invalid email or password.';

type UserRow = NonNullable<Awaited<ReturnType<typeof repo.findUserById>>>;

export function toSessionUser(row: UserRow, impersonator: { id: string; name: string } | null, settings: TSystemSettings): TSessionUser {
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
    mustChangePassword: u.mustChangePassword && !impersonator,
    passwordExpired: u.mustChangePassword && !impersonator && passwordExpired(u.passwordChangedAt, settings, new Date()),
    mustSetUpTwoFactor: mustSetUpTwoFactor(u.twoFactorEnabled, settings, impersonator !== null),
  };
}

export async function currentUser(ctx: Ctx): Promise<TSessionUser | null> {
  const auth = sessionUser(ctx);
  if (!auth) return null;
  const row = await repo.findUserById(ctx.db, auth.userId);
  if (!row) return null;
  let impersonator: { id: string; name: string } | null = null;
  if (auth.impersonatorId) {
    const staff = await repo.findUserById(ctx.db, auth.impersonatorId);
    impersonator = staff ? { id: staff.user.id, name: staff.user.name } : null;
  }
  return toSessionUser(row, impersonator, await getSettings(ctx.db));
}

/** What the web app learns at start: who is signed in, the brand, the idle timeout and whether sign-up is open. */
export async function sessionInfo(ctx: Ctx): Promise<TSessionResponse> {
  const settings = await getSettings(ctx.db);
  return {
    user: await currentUser(ctx),
    brand: ctx.config.PORTAL_BRAND,
    idleTimeoutMinutes: settings.sessionTimeout,
    selfRegistration: settings.allowUserSelfRegistration,
  };
}

export type LoginResult =
  | {
      kind: 'session';
      user: TSessionUser;
      token: string;
      remember: boolean;
      /** Set when this computer became trusted (once per computer): the cookie's value. */
      trustedDevice: string | null;
    }
  | { kind: 'challenge'; challenge: TTwoFactorChallenge };

/** Maintenance mode: the customer portal takes no sign-in (staff keep working); the sign-in page shows the message. */
function refuseDuringMaintenance(settings: TSystemSettings, portal: 'admin' | 'customer'): void {
  if (settings.maintenanceMode && portal === 'customer') throw new AppError(503, 'MAINTENANCE', settings.maintenanceMessage);
}

/**
 * Checks the password against a slow hash, refuses the wrong portal, counts failures per email
 * (known or not, so the answer never tells whether an address exists) and locks after
 * `failedLoginAttempts` for `accountLockoutDuration` minutes. A user with two-factor sign-in gets
 * the code step instead of a session, unless this computer is trusted (once per computer). While
 * maintenance mode is on the customer portal refuses every sign-in before anything is checked.
 */
export async function login(ctx: Ctx, body: TLoginBody, trustedDevice?: string): Promise<LoginResult> {
  const email = body.email.trim().toLowerCase();
  const settings = await getSettings(ctx.db);
  refuseDuringMaintenance(settings, body.portal);
  const now = new Date();

  // Counted before the slow password check, atomically, so parallel guesses cannot outrun the limit.
  const claim = await repo.claimSignInAttempt(ctx.db, email, lockPolicy(settings), now);
  if (claim.refusedUntil) {
    const minutes = Math.ceil((claim.refusedUntil.getTime() - now.getTime()) / 60_000);
    await inTransaction(ctx, (tx) =>
      recordAudit(tx, {
        action: 'auth.sign_in_locked',
        entityType: 'session',
        summary: `Sign-in refused while locked for ${email}`,
        actorEmail: email,
        actorId: null,
      }),
    );
    throw new AppError(423, 'ACCOUNT_LOCKED', lockedMessage(minutes));
  }

  const row = await repo.findUserByEmail(ctx.db, email);
  const passwordOk = await verifyPassword(body.password, row?.user.passwordHash ?? (await dummyHash()));
  const portalOk = row ? (row.user.kind === 'staff' ? 'admin' : 'customer') === body.portal : false;
  const ok = row && passwordOk && portalOk && row.user.status === 'Active' && !row.customerDeletedAt;

  if (!ok) {
    const { attempt, locks } = claim;
    await inTransaction(ctx, (tx) =>
      recordAudit(tx, {
        action: locks ? 'auth.lockout' : 'auth.sign_in_failed',
        entityType: 'session',
        entityId: row?.user.id ?? null,
        customerId: row?.user.customerId ?? null,
        summary: locks ? `Sign-in locked for ${email} after ${attempt} failed attempts` : `Failed sign-in for ${email}`,
        actorEmail: email,
        actorId: null,
      }),
    );
    if (locks) throw new AppError(423, 'ACCOUNT_LOCKED', lockedMessage(settings.accountLockoutDuration));
    throw new AppError(401, 'INVALID_CREDENTIALS', INVALID_CREDENTIALS);
  }

  const registration = registrationRefusal(row, settings);
  if (registration) {
    // The password was right: not a failure, and the answer tells nothing the password did not prove.
    await repo.releaseSignInAttempt(ctx.db, email, claim.locks);
    throw registration;
  }

  if (await secondStepNeeded(ctx, row.user, settings, trustedDevice)) {
    // The password was not a failure; the code's tries count on their own (and toward the same lockout).
    await repo.releaseSignInAttempt(ctx.db, email, claim.locks);
    const challenge = await inTransaction(ctx, async (tx) => {
      const issued = await issueChallenge(tx, row.user, body.remember, now);
      await recordAudit(tx, {
        action: 'auth.two_factor_challenge',
        entityType: 'session',
        entityId: row.user.id,
        customerId: row.user.customerId,
        summary: `${row.user.name} entered the right password; the two-factor code is asked`,
        actorId: row.user.id,
        actorEmail: row.user.email,
      });
      return issued;
    });
    return { kind: 'challenge', challenge };
  }
  return startSession(ctx, row, { remember: body.remember, now, how: 'password', trust: false });
}

type SignInRow = NonNullable<Awaited<ReturnType<typeof repo.findUserByEmail>>>;

/** A self-registered user whose address is not verified yet (while verification is required), or whose company awaits approval. */
function registrationRefusal(row: SignInRow, settings: TSystemSettings): AppError | null {
  if (settings.requireEmailVerification && !row.user.emailVerifiedAt) return new AppError(403, 'EMAIL_NOT_VERIFIED', EMAIL_NOT_VERIFIED);
  if (row.customerSelfRegisteredAt && row.customerStatus === 'pending')
    return new AppError(403, 'REGISTRATION_PENDING', REGISTRATION_PENDING);
  return null;
}

/** Opens the user's session from the request's origin; the token is its cookie's value. */
function openSession(tx: Ctx, token: string, now: Date, session: { userId: string; remember: boolean; impersonatorId?: string }) {
  return repo.insertSession(tx.db, {
    idHash: sha256(token),
    ...session,
    ip: tx.origin.ip,
    userAgent: tx.origin.userAgent,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + (session.remember ? REMEMBER_MS : SESSION_MAX_MS)),
  });
}

/**
 * The one place a sign-in becomes a session (the password alone, or the password and the code):
 * the browser's previous session ends, the failure count clears, the session row and the audit entry
 * are written, a sign-in from a browser the user never signed in from is notified to them, and with
 * once per computer this computer becomes trusted for 30 days. A password older than settings'
 * passwordExpiryDays makes the session a forced change of password: nothing else is served until
 * it is changed (the same rule as a temporary password).
 */
async function startSession(
  ctx: Ctx,
  signIn: SignInRow,
  opts: { remember: boolean; now: Date; how: 'password' | 'app' | 'recovery'; trust: boolean; challengeHash?: string },
): Promise<LoginResult> {
  const { now, remember } = opts;
  const settings = await getSettings(ctx.db);
  const expired = !signIn.user.mustChangePassword && passwordExpired(signIn.user.passwordChangedAt, settings, now);
  const row = expired ? { ...signIn, user: { ...signIn.user, mustChangePassword: true } } : signIn;
  const token = randomToken();
  const portal = row.user.kind === 'staff' ? 'admin' : 'customer';
  const history = await repo.signInHistory(ctx.db, row.user.id, ctx.origin.userAgent);
  const trustedDevice = await inTransaction(ctx, async (tx) => {
    // Rotation: whatever session the browser had is ended; a new id is issued.
    const previous = sessionUser(ctx)?.sessionIdHash;
    if (previous) await repo.deleteSession(tx.db, previous);
    if (opts.challengeHash) await repo.deleteChallenge(tx.db, opts.challengeHash);
    await repo.clearLoginFailures(tx.db, row.user.email.toLowerCase());
    await openSession(tx, token, now, { userId: row.user.id, remember });
    await repo.touchLastLogin(tx.db, row.user.id, now);
    if (expired) await repo.requirePasswordChange(tx.db, row.user.id);
    const second = opts.how === 'app' ? ' with a two-factor code' : opts.how === 'recovery' ? ' with a two-factor recovery code' : '';
    const expiry = expired ? `; the password is older than ${settings.passwordExpiryDays} days and must be changed` : '';
    await recordAudit(tx, {
      action: 'auth.sign_in',
      entityType: 'session',
      entityId: row.user.id,
      customerId: row.user.customerId,
      summary: `${row.user.name} signed in to the ${portal} portal${second}${expiry}`,
      actorId: row.user.id,
      actorEmail: row.user.email,
    });
    if (history.signedInBefore && !history.fromHereBefore) {
      const from = [ctx.origin.userAgent ? describeAgent(ctx.origin.userAgent) : null, ctx.origin.ip ? `(${ctx.origin.ip})` : null]
        .filter(Boolean)
        .join(' ');
      await notifySecurity(
        tx,
        row.user,
        'Sign-in from a new device',
        `Your account was signed in from a device not used before${from ? `: ${from}` : ''}. If it was not you, change your password now.`,
        'signInNewDevice',
      );
    }
    return opts.trust ? trustDevice(tx, row.user, now) : null;
  });
  return { kind: 'session', user: toSessionUser(row, null, settings), token, remember, trustedDevice };
}

/** A short name for a browser from its user agent ("Chrome on Windows"), for the new-device notice. */
function describeAgent(agent: string): string {
  const browser = /Edg\//.test(agent)
    ? 'Edge'
    : /Firefox\//.test(agent)
      ? 'Firefox'
      : /Chrom(e|ium)\//.test(agent)
        ? 'Chrome'
        : /Safari\//.test(agent)
          ? 'Safari'
          : 'A browser';
  const os = /Windows/.test(agent)
    ? 'Windows'
    : /Android/.test(agent)
      ? 'Android'
      : /iPhone|iPad/.test(agent)
        ? 'iOS'
        : /Mac OS X/.test(agent)
          ? 'macOS'
          : /Linux/.test(agent)
            ? 'Linux'
            : null;
  return os ? `${browser} on ${os}` : browser;
}

const CHALLENGE_GONE = 'Your sign-in has expired. Please sign in again.';

/**
 * The sign-in's second step: the code from the app (or a recovery code, once) for an open challenge.
 * Each try counts toward the address's lockout and the challenge's five; a right code starts the
 * session (and trusts this computer with once per computer).
 */
export async function completeTwoFactorSignIn(ctx: Ctx, body: TLoginTwoFactorBody): Promise<LoginResult> {
  const idHash = sha256(body.challengeId);
  const now = new Date();
  const settings = await getSettings(ctx.db);
  const challenge = await repo.countChallengeAttempt(ctx.db, idHash, CHALLENGE_ATTEMPTS, now);
  const gone = async (message = CHALLENGE_GONE) => {
    await repo.deleteChallenge(ctx.db, idHash);
    return new AppError(401, 'CHALLENGE_EXPIRED', message);
  };
  if (!challenge) throw await gone();
  const byId = await repo.findUserById(ctx.db, challenge.userId);
  const row = byId ? await repo.findUserByEmail(ctx.db, byId.user.email) : undefined;
  if (row?.user.status !== 'Active' || row.customerDeletedAt || !usesTwoFactor(row.user, settings)) throw await gone();
  if (settings.maintenanceMode && row.user.kind === 'customer') {
    await repo.deleteChallenge(ctx.db, idHash);
    refuseDuringMaintenance(settings, 'customer');
  }
  const email = row.user.email.toLowerCase();

  const claim = await repo.claimSignInAttempt(ctx.db, email, lockPolicy(settings), now);
  if (claim.refusedUntil) {
    await repo.deleteChallenge(ctx.db, idHash);
    throw new AppError(423, 'ACCOUNT_LOCKED', lockedMessage(Math.ceil((claim.refusedUntil.getTime() - now.getTime()) / 60_000)));
  }
  const check = await checkUserCode(ctx, row.user, body.code, { recovery: true });
  if (!check.ok) {
    const last = challenge.attempts >= CHALLENGE_ATTEMPTS;
    await inTransaction(ctx, async (tx) => {
      if (claim.locks || last) await repo.deleteChallenge(tx.db, idHash);
      await recordAudit(tx, {
        action: claim.locks ? 'auth.lockout' : 'auth.two_factor_failed',
        entityType: 'session',
        entityId: row.user.id,
        customerId: row.user.customerId,
        summary: claim.locks
          ? `Sign-in locked for ${email} after ${claim.attempt} failed attempts (wrong two-factor codes)`
          : `Wrong two-factor code at sign-in for ${email}`,
        actorEmail: email,
        actorId: null,
      });
    });
    if (claim.locks) throw new AppError(423, 'ACCOUNT_LOCKED', lockedMessage(settings.accountLockoutDuration));
    if (last) throw new AppError(401, 'CHALLENGE_EXPIRED', 'Too many incorrect codes. Please sign in again.');
    throw new AppError(401, 'INVALID_CODE', TWO_FACTOR_WRONG_CODE);
  }
  const result = await startSession(ctx, row, {
    remember: challenge.remember,
    now,
    how: check.via,
    trust: row.user.twoFactorMode === 'once_per_computer',
    challengeHash: idHash,
  });
  if (check.via === 'recovery') {
    await inTransaction(ctx, (tx) =>
      notifySecurity(
        tx,
        row.user,
        'Recovery code used',
        `A recovery code was used to sign in; ${check.recoveryLeft} of ${RECOVERY_CODES} left. Make new ones in your two-factor settings if you run low.`,
      ),
    );
  }
  return result;
}

export async function logout(ctx: Ctx): Promise<void> {
  const auth = sessionUser(ctx);
  if (!auth) return;
  await inTransaction(ctx, async (tx) => {
    if (auth.sessionIdHash) await repo.deleteSession(tx.db, auth.sessionIdHash);
    await audit.session(tx, 'auth.sign_out', { id: auth.userId, customerId: auth.customerId }, `${auth.name} signed out`);
  });
}

/**
 * Staff open the customer portal as the customer's first active Admin user: the staff session is
 * replaced by one for that user with impersonator_id = the staff user (the banner and the audit
 * log show it). Returns the new session's token.
 */
export async function startImpersonation(
  ctx: Ctx,
  target: { customerId: string; customerName: string; user: { id: string; name: string; email: string } | undefined },
): Promise<string> {
  const auth = sessionUser(ctx);
  if (auth?.kind !== 'staff') throw new AppError(403, 'FORBIDDEN', 'Only staff can impersonate.');
  const user = target.user;
  if (!user) throw new AppError(409, 'CONFLICT', `${target.customerName} has no active Admin user to view the portal as.`);
  const token = randomToken();
  const now = new Date();
  await inTransaction(ctx, async (tx) => {
    if (auth.sessionIdHash) await repo.deleteSession(tx.db, auth.sessionIdHash);
    await openSession(tx, token, now, { userId: user.id, impersonatorId: auth.userId, remember: false });
    await audit.customer(
      tx,
      'auth.impersonation_start',
      { id: target.customerId, customerId: target.customerId },
      `${auth.name} started viewing the customer portal as ${user.name} (${target.customerName})`,
    );
  });
  return token;
}

/**
 * Ends "Viewing as": the impersonation session ends and the staff user gets a fresh session of
 * their own. Returns its token and the customer's detail page, where the staff user came from.
 */
export async function exitImpersonation(ctx: Ctx): Promise<{ token: string; redirectTo: string }> {
  const auth = sessionUser(ctx);
  if (!auth?.impersonatorId) throw new AppError(400, 'BAD_REQUEST', 'This session is not impersonating anyone.');
  const staff = await repo.findUserById(ctx.db, auth.impersonatorId);
  if (staff?.user.kind !== 'staff' || staff.user.status !== 'Active') {
    throw new AppError(403, 'FORBIDDEN', 'The staff account is no longer active.');
  }
  const token = randomToken();
  const now = new Date();
  await inTransaction(ctx, async (tx) => {
    if (auth.sessionIdHash) await repo.deleteSession(tx.db, auth.sessionIdHash);
    await openSession(tx, token, now, { userId: staff.user.id, remember: false });
    await recordAudit(tx, {
      action: 'auth.impersonation_exit',
      entityType: 'customer',
      entityId: auth.customerId,
      customerId: auth.customerId,
      summary: `${staff.user.name} stopped viewing the customer portal as ${auth.name}`,
      actorId: staff.user.id,
      actorEmail: staff.user.email,
    });
  });
  return { token, redirectTo: auth.customerId ? `/admin/customers/${auth.customerId}` : '/admin' };
}

/** Addresses refused at sign-in right now (staff admins may let them in again). */
export async function listSignInLocks(ctx: Ctx): Promise<TSignInLockList> {
  const rows = await repo.listLockedSignIns(ctx.db, new Date());
  return {
    items: rows.map((r) => ({
      email: r.email,
      failures: r.failures,
      lockedUntil: (r.lockedUntil as Date).toISOString(),
      userId: r.userId,
      userName: r.userName,
    })),
  };
}

/**
 * Lifts a sign-in lockout before it runs out: anyone can lock anyone by guessing, so a staff
 * Admin can let the real user back in (a password reset does the same).
 */
export async function unlockSignIn(ctx: Ctx, rawEmail: string): Promise<void> {
  const actor = userOf(ctx);
  const email = rawEmail.trim().toLowerCase();
  const locked = (await repo.listLockedSignIns(ctx.db, new Date())).find((r) => r.email === email);
  if (!locked) throw notFound('Locked sign-in');
  await inTransaction(ctx, async (tx) => {
    await repo.clearLoginFailures(tx.db, email);
    await recordAudit(tx, {
      action: 'auth.unlock',
      entityType: locked.userId ? 'user' : 'session',
      entityId: locked.userId,
      customerId: locked.customerId,
      summary: `${actor.name} unlocked sign-in for ${email}`,
    });
  });
}
