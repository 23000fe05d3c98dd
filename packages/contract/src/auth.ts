import { z } from 'zod';
import { ZEmail, ZIsoDateTime, ZText } from './common.ts';
import { ROLE_KEYS, USER_KINDS } from './roles.ts';
import { TWO_FACTOR_METHODS, TWO_FACTOR_MODES } from './users.ts';

export const ZPortal = z.enum(['admin', 'customer']);
export type TPortal = z.infer<typeof ZPortal>;

/** A password as typed (sign-in, reset, sign-up); the policy is checked by the server against the settings. */
export const ZPassword = ZText().min(1, 'Password is required').max(200);
/** A random token handed out by the server: an emailed link's, a sign-in challenge's id. */
export const ZIssuedToken = ZText().min(20).max(200);

export const ZLoginBody = z.object({
  email: ZEmail,
  password: ZPassword,
  remember: z.boolean().default(false),
  portal: ZPortal,
});
export type TLoginBody = z.infer<typeof ZLoginBody>;

export const ZSessionUser = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  kind: z.enum(USER_KINDS),
  role: z.string(),
  roleKey: z.enum(ROLE_KEYS),
  portal: ZPortal,
  customerId: z.uuid().nullable(),
  customerName: z.string().nullable(),
  permissions: z.array(z.string()),
  impersonatedBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  lastLoginAt: ZIsoDateTime.nullable(),
  /** Signed in with a temporary password: nothing else is served until they choose their own. */
  mustChangePassword: z.boolean(),
  /**
   * Why they must: the password is older than settings' passwordExpiryDays (else it is a temporary
   * one an admin set). Absent reads as false.
   */
  passwordExpired: z.boolean().optional(),
  /**
   * Settings enforce two-factor authentication and this user has none yet: nothing else is served
   * until they set it up (absent reads as false).
   */
  mustSetUpTwoFactor: z.boolean().optional(),
});
export type TSessionUser = z.infer<typeof ZSessionUser>;

export const ZSessionResponse = z.object({
  user: ZSessionUser.nullable(),
  brand: z.string(),
  idleTimeoutMinutes: z.number().int(),
  /** Settings' allowUserSelfRegistration: the customer sign-in page links to the sign-up page. */
  selfRegistration: z.boolean(),
});
export type TSessionResponse = z.infer<typeof ZSessionResponse>;

/** Leaving "Viewing as": where the staff user goes next (the detail page of the customer they viewed). */
export const ZExitImpersonationResponse = z.object({ ok: z.literal(true), redirectTo: z.string() });
export type TExitImpersonationResponse = z.infer<typeof ZExitImpersonationResponse>;

/**
 * The password was right and the user has two-factor sign-in: the code step's ticket (valid 5
 * minutes, 5 tries) instead of a session.
 */
export const ZTwoFactorChallenge = z.object({
  challengeId: z.string(),
  expiresAt: ZIsoDateTime,
  /** every_login, or once_per_computer (this computer is trusted for 30 days once the code is right). */
  mode: z.enum(TWO_FACTOR_MODES),
});
export type TTwoFactorChallenge = z.infer<typeof ZTwoFactorChallenge>;

/** Sign-in answers with the session's user, or with the second step to take. */
export const ZLoginResponse = z.union([z.object({ user: ZSessionUser }), z.object({ twoFactor: ZTwoFactorChallenge })]);
export type TLoginResponse = z.infer<typeof ZLoginResponse>;
export const ZSignedInResponse = z.object({ user: ZSessionUser });

export const ZForgotPasswordBody = z.object({ email: ZEmail, portal: ZPortal });
export const ZResetPasswordBody = z.object({
  token: ZIssuedToken,
  password: ZPassword,
});

export const PASSWORDS_DIFFER = 'New passwords do not match';
export const PASSWORD_CHANGE_REQUIRED = 'Choose a new password before you continue.';
/** Sign-in with a password older than settings' passwordExpiryDays: the change comes first. */
export const PASSWORD_EXPIRED = 'Your password has expired. Choose a new password to continue.';
/** Change Password (User Settings, and the first sign-in with a temporary password). */
export const ZChangePasswordBody = z
  .object({
    currentPassword: ZText().min(1, 'Current password is required').max(200),
    newPassword: ZText().min(1, 'New password is required').max(200),
    confirmPassword: ZText().min(1, 'Please confirm the new password').max(200),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ['confirmPassword'], message: PASSWORDS_DIFFER });
export type TChangePasswordBody = z.infer<typeof ZChangePasswordBody>;

export interface TPasswordPolicy {
  passwordMinLength: number;
  passwordRequireUppercase: boolean;
  passwordRequireNumbers: boolean;
  passwordRequireSpecial: boolean;
}

/** The password policy from settings, as one message naming what is missing (null when fine). */
export function passwordPolicyProblem(password: string, policy: TPasswordPolicy): string | null {
  const needs: string[] = [];
  if (password.length < policy.passwordMinLength) needs.push(`at least ${policy.passwordMinLength} characters`);
  if (policy.passwordRequireUppercase && !/[A-Z]/.test(password)) needs.push('an uppercase letter');
  if (policy.passwordRequireNumbers && !/[0-9]/.test(password)) needs.push('a number');
  if (policy.passwordRequireSpecial && !/[^A-Za-z0-9]/.test(password)) needs.push('a special character');
  if (!needs.length) return null;
  const last = needs.pop();
  return `Password must contain ${needs.length ? `${needs.join(', ')} and ${last}` : last}.`;
}

/** An address refused at sign-in until lockedUntil (failed attempts reached the settings' limit). */
export const ZSignInLock = z.object({
  email: z.string(),
  failures: z.number().int(),
  lockedUntil: ZIsoDateTime,
  /** The user with that address, when there is one (unknown addresses lock the same way). */
  userId: z.uuid().nullable(),
  userName: z.string().nullable(),
});
export type TSignInLock = z.infer<typeof ZSignInLock>;
export const ZSignInLockList = z.object({ items: z.array(ZSignInLock) });
export type TSignInLockList = z.infer<typeof ZSignInLockList>;
export const ZUnlockSignInBody = z.object({ email: ZEmail });
export type TUnlockSignInBody = z.infer<typeof ZUnlockSignInBody>;

// ---------------------------------------------------------------------------------------------
// Two-factor sign-in (RFC 6238 time-based codes from an authenticator app)

export const TWO_FACTOR_CODE_INVALID = 'Please enter a valid 6-digit verification code';
export const TWO_FACTOR_ENABLED = 'Two-factor authentication enabled successfully';
export const TWO_FACTOR_DISABLE_CONFIRM =
  'Are you sure you want to disable two-factor authentication? This will reduce the security of your account.';
export const TWO_FACTOR_SETUP_REQUIRED = 'Set up two-factor authentication before you continue.';
export const TWO_FACTOR_FRESH_CODE = 'Enter the 6-digit code from your authenticator app to continue.';
export const TWO_FACTOR_WRONG_CODE = 'The code is incorrect or has already been used.';
export const TWO_FACTOR_UNAVAILABLE = 'Two-factor authentication is turned off for this portal.';
/** "Once per computer": a code every 30 days on a trusted computer (admin spec 9). */
export const TRUSTED_DEVICE_DAYS = 30;
export const RECOVERY_CODES = 10;

/** The customer spec's code: exactly 6 characters, digits only, required. */
export const isTwoFactorCode = (value: string) => /^\d{6}$/.test(value);
export const ZTwoFactorCode = ZText()
  .trim()
  .regex(/^\d{6}$/, TWO_FACTOR_CODE_INVALID);

/** When the code is asked, as a user chooses it (disabled is what turning it off sets). */
export const TWO_FACTOR_ASK_MODES = ['every_login', 'once_per_computer'] as const;

/** The sign-in's second step: a code from the app, or one of the recovery codes. */
export const ZLoginTwoFactorBody = z.object({
  challengeId: ZIssuedToken,
  code: ZText().trim().min(1, TWO_FACTOR_CODE_INVALID).max(40),
});
export type TLoginTwoFactorBody = z.infer<typeof ZLoginTwoFactorBody>;

/** The signed-in user's two-factor state (User Settings, the admin profile). */
export const ZTwoFactorStatus = z.object({
  /** Settings' mfaEnabled: off hides and refuses the setup. */
  available: z.boolean(),
  /** Settings' enforceTwoFactorAuth: users without it must set it up. */
  required: z.boolean(),
  enabled: z.boolean(),
  mode: z.enum(TWO_FACTOR_MODES),
  method: z.enum(TWO_FACTOR_METHODS),
  enabledAt: ZIsoDateTime.nullable(),
  recoveryCodesLeft: z.number().int(),
  trustedDevices: z.number().int(),
});
export type TTwoFactorStatus = z.infer<typeof ZTwoFactorStatus>;

/** A new secret, shown as a QR code, an otpauth:// link and the key to type; enabled once a code matches. */
export const ZTwoFactorSetup = z.object({
  /** Base32, in groups of four. */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth:// link as a PNG data URL. */
  qrCode: z.string(),
  issuer: z.string(),
  account: z.string(),
});
export type TTwoFactorSetup = z.infer<typeof ZTwoFactorSetup>;

export const ZEnableTwoFactorBody = z.object({
  code: ZTwoFactorCode,
  mode: z.enum(TWO_FACTOR_ASK_MODES).default('every_login'),
});
export type TEnableTwoFactorBody = z.input<typeof ZEnableTwoFactorBody>;

/** Ten single-use recovery codes, shown once. */
export const ZRecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
export type TRecoveryCodes = z.infer<typeof ZRecoveryCodes>;

/** Turning it off proves it is them: a current code (or a recovery code), or the password. */
export const ZDisableTwoFactorBody = z
  .object({
    code: ZText().trim().max(40).optional(),
    password: ZText().max(200).optional(),
  })
  .refine((v) => Boolean(v.code || v.password), { path: ['code'], message: 'Enter a code from your authenticator app or your password' });
export type TDisableTwoFactorBody = z.infer<typeof ZDisableTwoFactorBody>;

export const ZRegenerateRecoveryCodesBody = z.object({ code: ZTwoFactorCode });
export type TRegenerateRecoveryCodesBody = z.infer<typeof ZRegenerateRecoveryCodesBody>;
