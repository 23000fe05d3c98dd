import { randomInt } from 'node:crypto';
import { generateSecret, generateSync, generateURI, verifySync } from 'otplib';
import { sha256 } from '../../lib/tokens.ts';

/**
 * Time-based one-time passwords (RFC 6238) as authenticator apps make them: HMAC-SHA-1, 30-second
 * steps from the Unix epoch, 6 digits. otplib computes them; this module fixes the parameters.
 */
export const TOTP_PERIOD_S = 30;
export const TOTP_DIGITS = 6;
/** One step of drift either way: a code from the previous or the next 30 seconds is still accepted. */
export const TOTP_DRIFT_STEPS = 1;

/** A new shared secret: 20 random bytes (160 bits, RFC 4226's recommendation) in Base32. */
export const newTotpSecret = (): string => generateSecret({ length: 20 });

/** The otpauth:// link authenticator apps read (from the QR code or tapped on a phone). */
export function otpauthUrl(secret: string, issuer: string, account: string): string {
  return generateURI({ issuer, label: account, secret, algorithm: 'sha1', digits: TOTP_DIGITS, period: TOTP_PERIOD_S });
}

/** The Base32 key in groups of four, as a person types it into an app. */
export const groupedKey = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

export const stepAt = (epochSeconds: number) => Math.floor(epochSeconds / TOTP_PERIOD_S);

/** The code for a time (tests and tools; the sign-in never makes codes). */
export function totpAt(secret: string | Uint8Array, epochSeconds: number, digits: 6 | 8 = TOTP_DIGITS): string {
  return generateSync({ secret, epoch: epochSeconds, digits, period: TOTP_PERIOD_S, algorithm: 'sha1' });
}

/**
 * The time step a code belongs to, when it is the code of the current step or of one step either
 * side, and only of a step after `afterStep` (the last one accepted: never the same code twice).
 * Null for anything else, malformed input included.
 */
export function matchTotp(secret: string, code: string, epochSeconds: number, afterStep: number | null): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  try {
    const result = verifySync({
      secret,
      token: code,
      epoch: epochSeconds,
      period: TOTP_PERIOD_S,
      digits: TOTP_DIGITS,
      algorithm: 'sha1',
      epochTolerance: TOTP_DRIFT_STEPS * TOTP_PERIOD_S,
      ...(afterStep !== null && afterStep >= 0 ? { afterTimeStep: afterStep } : {}),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    // a last step past the window (a clock set back) or a broken secret: no code matches
    return null;
  }
}

// Recovery codes: ten single-use codes shown once, kept only as SHA-256 hashes.
export const RECOVERY_CODE_COUNT = 10;
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A recovery code: ten characters (about 49 bits) in two groups, e.g. `k7m2q-x9hpt`. */
function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

export const newRecoveryCodes = (): string[] => Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);

/** What a typed recovery code is compared as: lower case, without spaces or dashes. */
export const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');
export const looksLikeRecoveryCode = (code: string) => /^[a-z0-9]{10}$/.test(normalizeRecoveryCode(code));
export const recoveryCodeHash = (code: string) => sha256(`recovery:${normalizeRecoveryCode(code)}`);
