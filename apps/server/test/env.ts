/** Which database the server tests run on: the embedded PGlite, or PostgreSQL (TEST_DATABASE_URL). */
export const testDbKind = (): 'pg' | 'pglite' => (process.env.PORTAL_TEST_DB === 'pg' ? 'pg' : 'pglite');
export const TEMPLATE_DB = 'portal_test_template';
export const TEST_PASSWORD = 'Portal-Demo-1';
