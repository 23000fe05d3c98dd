/**
 * The sign-in pages' field rules. They mirror the contract's ZEmail and ZLoginBody (same rules, same
 * messages; auth-validation.test.ts checks both agree) without shipping Zod in the sign-in page's
 * JavaScript, which must stay within the first-load budget. See docs/decisions.
 */

// Zod 4's "practical email" pattern, which ZEmail uses.
const EMAIL = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export function emailError(value: string): string | null {
  const email = value.trim();
  if (email.length === 0) return 'Email is required';
  if (email.length > 254 || !EMAIL.test(email)) return 'Email address is invalid';
  return null;
}

export function passwordError(value: string): string | null {
  if (value.length === 0) return 'Password is required';
  if (value.length > 200) return 'Password is too long';
  return null;
}

/** The customer spec's verification code rule (the contract's ZTwoFactorCode): exactly 6 digits. */
export const TWO_FACTOR_CODE_MESSAGE = 'Please enter a valid 6-digit verification code';

export function twoFactorCodeError(value: string): string | null {
  return /^\d{6}$/.test(value.trim()) ? null : TWO_FACTOR_CODE_MESSAGE;
}

/** A recovery code as shown (`k7m2q-x9hpt`): ten letters and digits, dashes and spaces ignored. */
export function recoveryCodeError(value: string): string | null {
  if (value.trim().length === 0) return 'Enter one of your recovery codes';
  return /^[A-Za-z0-9]{10}$/.test(value.replace(/[\s-]/g, '')) ? null : 'A recovery code has ten letters and digits, e.g. k7m2q-x9hpt';
}
