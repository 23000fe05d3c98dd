/**
 * The prerendered sign-in form's Sign in button carries SUBMIT_MARK (sign-in-prerender.tsx);
 * sign-in-main.ts marks the form with SUBMIT_REQUESTED when it is pressed before the live form is
 * drawn, and the live form then signs in (features/auth/components/typed-sign-in.ts). A module of
 * its own, with nothing else in it: the sign-in entry's first file (apps/web/vite.config.ts).
 */
export const SUBMIT_MARK = 'data-sign-in';
export const SUBMIT_REQUESTED = 'data-sign-in-requested';
