import { z } from 'zod';
import { ZEmail, ZIsoDateTime, ZText } from './common.ts';
import { ROLE_KEYS, USER_KINDS } from './roles.ts';

export const ZPortal = z.enum(['admin', 'customer']);
export type TPortal = z.infer<typeof ZPortal>;

export const ZLoginBody = z.object({
  email: ZEmail,
  password: ZText().min(1, 'Password is required').max(200),
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
});
export type TSessionUser = z.infer<typeof ZSessionUser>;

export const ZSessionResponse = z.object({
  user: ZSessionUser.nullable(),
  brand: z.string(),
  idleTimeoutMinutes: z.number().int(),
});
export type TSessionResponse = z.infer<typeof ZSessionResponse>;

/** Leaving "Viewing as": where the staff user goes next (the detail page of the customer they viewed). */
export const ZExitImpersonationResponse = z.object({ ok: z.literal(true), redirectTo: z.string() });
export type TExitImpersonationResponse = z.infer<typeof ZExitImpersonationResponse>;

export const ZLoginResponse = z.object({ user: ZSessionUser });

export const ZForgotPasswordBody = z.object({ email: ZEmail, portal: ZPortal });
export const ZResetPasswordBody = z.object({
  token: ZText().min(20).max(200),
  password: ZText().min(1, 'Password is required').max(200),
});

export const PASSWORDS_DIFFER = 'New passwords do not match';
export const PASSWORD_CHANGE_REQUIRED = 'Choose a new password before you continue.';
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
