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
