/** Remember me keeps only the email, to pre-fill the sign-in form; it grants nothing. */
const KEY = 'rememberedUser';

export function readRememberedEmail(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function writeRememberedEmail(email: string | null): void {
  try {
    if (email) localStorage.setItem(KEY, email);
    else localStorage.removeItem(KEY);
  } catch {
    // Storage may be unavailable (private mode); remembering is a convenience only.
  }
}
