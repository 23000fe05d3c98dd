import {
  type TDisableTwoFactorBody,
  type TRecoveryCodes,
  TRUSTED_DEVICE_DAYS,
  type TTwoFactorChallenge,
  type TTwoFactorSetup,
  type TTwoFactorStatus,
  TWO_FACTOR_FRESH_CODE,
  TWO_FACTOR_UNAVAILABLE,
  TWO_FACTOR_WRONG_CODE,
  type ZEnableTwoFactorBody,
} from '@portal/contract/auth';
import type { TSystemSettings } from '@portal/contract/settings';
import QRCode from 'qrcode';
import type { z } from 'zod';
import type { users } from '../../db/schema/index.ts';
import { type Ctx, inTransaction, sessionUser, userOf } from '../../lib/context.ts';
import { AppError, conflict, forbidden, invalid, notFound } from '../../lib/errors.ts';
import { verifyPassword } from '../../lib/password.ts';
import { getSettings } from '../../lib/settings.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import { auditFor } from '../audit/service.ts';
import { notifyUsers } from '../notifications/service.ts';
import { lockedMessage, lockPolicy } from './lockout.ts';
import * as repo from './repo.ts';
import { groupedKey, looksLikeRecoveryCode, matchTotp, newRecoveryCodes, newTotpSecret, otpauthUrl, recoveryCodeHash } from './totp.ts';

const audit = auditFor('user');

/** The code step of a sign-in lasts 5 minutes and allows 5 tries. */
export const CHALLENGE_MS = 5 * 60_000;
export const CHALLENGE_ATTEMPTS = 5;
export const TRUSTED_DEVICE_MS = TRUSTED_DEVICE_DAYS * 24 * 3600 * 1000;

type UserRow = typeof users.$inferSelect;

/** Two-factor applies to the user: on portal-wide (mfaEnabled) and an authenticator set up. */
export const usesTwoFactor = (u: Pick<UserRow, 'twoFactorEnabled' | 'twoFactorSecret'>, settings: TSystemSettings) =>
  settings.mfaEnabled && u.twoFactorEnabled && Boolean(u.twoFactorSecret);

/**
 * Settings enforce two-factor (enforceTwoFactorAuth, with mfaEnabled) and the user has none: signed
 * in, but nothing is served until they set it up. Staff viewing as a customer are not held to it.
 */
export const mustSetUpTwoFactor = (twoFactorEnabled: boolean, settings: TSystemSettings, impersonated: boolean) =>
  settings.mfaEnabled && settings.enforceTwoFactorAuth && !twoFactorEnabled && !impersonated;

const settingsLink = (u: Pick<UserRow, 'kind'>) =>
  u.kind === 'staff' ? '/admin/settings?tab=profile' : '/customer/settings?tab=two-factor';

/**
 * A Security notification to the user themself (security events cannot be muted): a change of their
 * two-factor sign-in, or a sign-in from a new device.
 */
export function notifySecurity(
  tx: Ctx,
  u: Pick<UserRow, 'id' | 'kind'>,
  title: string,
  message: string,
  event: 'twoFactorChanged' | 'signInNewDevice' = 'twoFactorChanged',
): Promise<void> {
  return notifyUsers(tx, [u.id], { event, title, message, link: settingsLink(u) });
}

/**
 * Whether this sign-in needs the code step: always with every_login (or any mode but
 * once_per_computer), and with once_per_computer unless the browser shows a trusted-device cookie
 * of this user that has not run out.
 */
export async function secondStepNeeded(
  ctx: Ctx,
  u: UserRow,
  settings: TSystemSettings,
  trustedDevice: string | undefined,
): Promise<boolean> {
  if (!usesTwoFactor(u, settings)) return false;
  if (u.twoFactorMode !== 'once_per_computer' || !trustedDevice) return true;
  return !(await repo.isTrustedDevice(ctx.db, u.id, sha256(trustedDevice), new Date()));
}

/** Opens the code step: a random ticket whose hash alone is stored, for 5 minutes. */
export async function issueChallenge(tx: Ctx, u: UserRow, remember: boolean, now: Date): Promise<TTwoFactorChallenge> {
  const challengeId = randomToken();
  const expiresAt = new Date(now.getTime() + CHALLENGE_MS);
  await repo.insertChallenge(tx.db, { idHash: sha256(challengeId), userId: u.id, remember, expiresAt });
  return {
    challengeId,
    expiresAt: expiresAt.toISOString(),
    mode: u.twoFactorMode === 'once_per_computer' ? 'once_per_computer' : 'every_login',
  };
}

/** Marks this computer trusted for 30 days (once_per_computer); returns the cookie's value. */
export async function trustDevice(tx: Ctx, u: Pick<UserRow, 'id'>, now: Date): Promise<string> {
  const token = randomToken();
  await repo.insertTrustedDevice(tx.db, {
    tokenHash: sha256(token),
    userId: u.id,
    userAgent: tx.origin.userAgent,
    expiresAt: new Date(now.getTime() + TRUSTED_DEVICE_MS),
  });
  return token;
}

export type CodeCheck = { ok: false } | { ok: true; via: 'app' } | { ok: true; via: 'recovery'; recoveryLeft: number };

/**
 * Checks a code of the user: a 6-digit code of the authenticator (the current 30 seconds or one step
 * either side, never a step already used: the last one is remembered atomically), or, where allowed,
 * one of the recovery codes (each works once).
 */
export async function checkUserCode(ctx: Ctx, u: UserRow, rawCode: string, opts: { recovery: boolean }): Promise<CodeCheck> {
  const code = rawCode.trim().replace(/\s/g, '');
  if (!u.twoFactorSecret) return { ok: false };
  if (/^\d{6}$/.test(code)) {
    const step = matchTotp(u.twoFactorSecret, code, Date.now() / 1000, u.twoFactorLastStep);
    if (step === null) return { ok: false };
    return (await repo.claimTotpStep(ctx.db, u.id, step)) ? { ok: true, via: 'app' } : { ok: false };
  }
  if (opts.recovery && looksLikeRecoveryCode(code)) {
    const left = await repo.claimRecoveryCode(ctx.db, u.id, recoveryCodeHash(code));
    return left === null ? { ok: false } : { ok: true, via: 'recovery', recoveryLeft: left };
  }
  return { ok: false };
}

/**
 * A check of a signed-in user's code or password that a stolen session must not be able to repeat
 * forever: each try counts toward the sign-in lockout of the user's address (a right one gives its
 * try back), and a locked address is refused without a check.
 */
async function lockoutGuarded(ctx: Ctx, u: UserRow, check: () => Promise<boolean>): Promise<boolean> {
  const settings = await getSettings(ctx.db);
  const email = u.email.toLowerCase();
  const now = new Date();
  const claim = await repo.claimSignInAttempt(ctx.db, email, lockPolicy(settings), now);
  if (claim.refusedUntil) {
    throw new AppError(423, 'ACCOUNT_LOCKED', lockedMessage(Math.ceil((claim.refusedUntil.getTime() - now.getTime()) / 60_000)));
  }
  const ok = await check();
  if (ok) {
    await repo.releaseSignInAttempt(ctx.db, email, claim.locks);
    return true;
  }
  if (claim.locks) {
    await inTransaction(ctx, (tx) =>
      audit(tx, 'auth.lockout', u, `Sign-in locked for ${email} after ${claim.attempt} failed attempts (wrong two-factor codes)`),
    );
    throw new AppError(423, 'ACCOUNT_LOCKED', lockedMessage(settings.accountLockoutDuration));
  }
  return false;
}

/** The signed-in person (staff viewing as a customer act as themselves here, never as the customer). */
async function ownRow(ctx: Ctx): Promise<UserRow> {
  const me = userOf(ctx);
  if (me.impersonatorId)
    throw forbidden("Two-factor sign-in belongs to the user's own account: it cannot be changed while viewing as them.");
  const row = await repo.findUserById(ctx.db, me.userId);
  if (!row) throw notFound('User');
  return row.user;
}

export async function twoFactorStatus(ctx: Ctx): Promise<TTwoFactorStatus> {
  const me = userOf(ctx);
  const row = await repo.findUserById(ctx.db, me.userId);
  if (!row) throw notFound('User');
  const u = row.user;
  const settings = await getSettings(ctx.db);
  return {
    available: settings.mfaEnabled,
    required: settings.mfaEnabled && settings.enforceTwoFactorAuth,
    enabled: u.twoFactorEnabled,
    mode: u.twoFactorMode as TTwoFactorStatus['mode'],
    method: u.twoFactorMethod as TTwoFactorStatus['method'],
    enabledAt: u.twoFactorEnabledAt?.toISOString() ?? null,
    recoveryCodesLeft: u.twoFactorEnabled ? u.twoFactorRecoveryHashes.length : 0,
    trustedDevices: u.twoFactorEnabled ? await repo.countTrustedDevices(ctx.db, u.id, new Date()) : 0,
  };
}

/**
 * Setup: a new secret, kept as pending until a code from it proves the app holds it; shown as a QR
 * code of the otpauth:// link, the link itself and the key to type. Opening setup again replaces it.
 */
export async function startTwoFactorSetup(ctx: Ctx): Promise<TTwoFactorSetup> {
  const u = await ownRow(ctx);
  const settings = await getSettings(ctx.db);
  if (!settings.mfaEnabled) throw conflict(TWO_FACTOR_UNAVAILABLE);
  if (u.twoFactorEnabled) throw conflict('Two-factor authentication is already enabled.');
  const secret = newTotpSecret();
  const issuer = ctx.config.PORTAL_BRAND;
  const url = otpauthUrl(secret, issuer, u.email);
  const qrCode = await QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 1, width: 224 });
  await inTransaction(ctx, async (tx) => {
    await repo.setTwoFactor(tx.db, u.id, { twoFactorPendingSecret: secret });
    await audit(tx, 'auth.two_factor_setup', u, `${u.name} opened the two-factor authentication setup`);
  });
  return { secret: groupedKey(secret), otpauthUrl: url, qrCode, issuer, account: u.email };
}

function newCodesWithHashes() {
  const codes = newRecoveryCodes();
  return { codes, hashes: codes.map(recoveryCodeHash) };
}

/**
 * Verify & Enable: a code of the pending secret (one step of drift either way) turns two-factor on
 * with the chosen mode; ten recovery codes are made, answered once and kept only as hashes.
 */
export async function enableTwoFactor(ctx: Ctx, body: z.output<typeof ZEnableTwoFactorBody>): Promise<TRecoveryCodes> {
  const u = await ownRow(ctx);
  const settings = await getSettings(ctx.db);
  if (!settings.mfaEnabled) throw conflict(TWO_FACTOR_UNAVAILABLE);
  if (u.twoFactorEnabled) throw conflict('Two-factor authentication is already enabled.');
  const secret = u.twoFactorPendingSecret;
  if (!secret) throw conflict('Open the two-factor setup first: no key is waiting for a code.');
  const step = matchTotp(secret, body.code, Date.now() / 1000, null);
  if (step === null) throw invalid({ code: 'The code does not match. Enter the newest code from your authenticator app.' });
  const { codes, hashes } = newCodesWithHashes();
  await inTransaction(ctx, async (tx) => {
    const row = await repo.setTwoFactor(tx.db, u.id, {
      twoFactorEnabled: true,
      twoFactorMode: body.mode,
      twoFactorSecret: secret,
      twoFactorPendingSecret: null,
      twoFactorEnabledAt: new Date(),
      twoFactorLastStep: step,
      twoFactorRecoveryHashes: hashes,
    });
    if (!row) throw notFound('User');
    await repo.deleteUserTrustedDevices(tx.db, u.id);
    await audit(
      tx,
      'auth.two_factor_enabled',
      u,
      `${u.name} enabled two-factor authentication (${body.mode === 'every_login' ? 'every login' : 'once per computer'})`,
      { after: { twoFactorEnabled: true, twoFactorMode: body.mode } },
    );
    await notifySecurity(
      tx,
      u,
      'Two-factor authentication enabled',
      'Two-factor authentication is now on: signing in asks for a code from your authenticator app.',
    );
  });
  return { recoveryCodes: codes };
}

/**
 * Turns two-factor off for a user: the secrets, the recovery codes, the trusted computers and any
 * open code step go. Runs in the caller's transaction (turning it off, a staff Admin's reset).
 */
export async function clearTwoFactor(tx: Ctx, userId: string): Promise<UserRow | undefined> {
  const row = await repo.setTwoFactor(tx.db, userId, {
    twoFactorEnabled: false,
    twoFactorMode: 'disabled',
    twoFactorSecret: null,
    twoFactorPendingSecret: null,
    twoFactorEnabledAt: null,
    twoFactorLastStep: null,
    twoFactorRecoveryHashes: [],
  });
  await repo.deleteUserTrustedDevices(tx.db, userId);
  await repo.deleteUserChallenges(tx.db, userId);
  return row;
}

/** Turning it off (after the spec's confirmation): proven with a current code, a recovery code or the password. */
export async function disableTwoFactor(ctx: Ctx, body: TDisableTwoFactorBody): Promise<void> {
  const u = await ownRow(ctx);
  const settings = await getSettings(ctx.db);
  if (!u.twoFactorEnabled) throw conflict('Two-factor authentication is not enabled.');
  if (settings.mfaEnabled && settings.enforceTwoFactorAuth) {
    throw conflict('Your administrator requires two-factor authentication: it cannot be turned off.');
  }
  const ok = await lockoutGuarded(ctx, u, async () =>
    body.code ? (await checkUserCode(ctx, u, body.code, { recovery: true })).ok : verifyPassword(body.password ?? '', u.passwordHash),
  );
  if (!ok) throw invalid(body.code ? { code: TWO_FACTOR_WRONG_CODE } : { password: 'Password is incorrect' });
  await inTransaction(ctx, async (tx) => {
    await clearTwoFactor(tx, u.id);
    await audit(tx, 'auth.two_factor_disabled', u, `${u.name} disabled two-factor authentication`, {
      before: { twoFactorEnabled: true, twoFactorMode: u.twoFactorMode },
      after: { twoFactorEnabled: false, twoFactorMode: 'disabled' },
    });
    await notifySecurity(
      tx,
      u,
      'Two-factor authentication disabled',
      'Two-factor authentication was turned off: signing in asks only for your password. If it was not you, change your password now.',
    );
  });
}

/** New recovery codes (the old ones stop working), after a current code from the app. */
export async function regenerateRecoveryCodes(ctx: Ctx, code: string): Promise<TRecoveryCodes> {
  const u = await ownRow(ctx);
  const settings = await getSettings(ctx.db);
  if (!usesTwoFactor(u, settings)) throw conflict('Two-factor authentication is not enabled.');
  const ok = await lockoutGuarded(ctx, u, async () => (await checkUserCode(ctx, u, code, { recovery: false })).ok);
  if (!ok) throw invalid({ code: TWO_FACTOR_WRONG_CODE });
  const { codes, hashes } = newCodesWithHashes();
  await inTransaction(ctx, async (tx) => {
    await repo.setTwoFactor(tx.db, u.id, { twoFactorRecoveryHashes: hashes });
    await audit(tx, 'auth.two_factor_recovery_codes', u, `${u.name} made new two-factor recovery codes (the old ones no longer work)`);
  });
  return { recoveryCodes: codes };
}

/**
 * Asks a fresh code before a sensitive change (creating an API key, changing payment methods), only
 * when the person acting has two-factor on: staff viewing as a customer answer with their own code.
 * API keys and jobs act without a person and pass. Missing or wrong: 403 TWO_FACTOR_REQUIRED (the web
 * asks for the code and sends the request again); wrong tries count toward the sign-in lockout.
 */
export async function requireFreshTwoFactor(ctx: Ctx, code?: string | null): Promise<void> {
  const actor = sessionUser(ctx);
  if (!actor) return;
  const settings = await getSettings(ctx.db);
  if (!settings.mfaEnabled) return;
  const row = await repo.findUserById(ctx.db, actor.impersonatorId ?? actor.userId);
  if (!row || !usesTwoFactor(row.user, settings)) return;
  const typed = code?.trim();
  if (!typed) throw new AppError(403, 'TWO_FACTOR_REQUIRED', TWO_FACTOR_FRESH_CODE);
  const ok = await lockoutGuarded(ctx, row.user, async () => (await checkUserCode(ctx, row.user, typed, { recovery: false })).ok);
  if (!ok) throw new AppError(403, 'TWO_FACTOR_REQUIRED', TWO_FACTOR_WRONG_CODE, { twoFactorCode: TWO_FACTOR_WRONG_CODE });
}
