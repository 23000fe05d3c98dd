/**
 * The sign-in pages' addresses: the server answers them with the sign-in page's own entry
 * (apps/server/src/plugins/web.ts), and the web app and its build know them (apps/web/src/lib/portal.ts).
 */
export const SIGN_IN_PATH = /^\/(admin|customer)\/login\/?$/;

/**
 * Where the sign-in pages drawn at build time (apps/web/src/sign-in-prerender.tsx) hold the brand,
 * which the server writes in when it starts (decision 0052).
 */
export const BRAND_SLOT = '__PORTAL_BRAND__';
