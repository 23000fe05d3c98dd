import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { type BuildOptions, buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type Database, type Db, openDatabase } from '../src/db/client.ts';
import { auditLog } from '../src/db/schema/index.ts';
import { TEMPLATE_DB, TEST_PASSWORD, testDbKind } from './env.ts';

export { TEST_PASSWORD };

/** Drops a test database once the closed pool's connections are gone (no FORCE: no killed sessions). */
async function dropWhenIdle(admin: pg.Client, name: string): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      return;
    } catch (err) {
      // 55006: still being accessed by a closing connection.
      if ((err as { code?: string }).code !== '55006') throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

/** A fresh copy of the migrated, seeded database for one test file. */
export async function openTestDatabase(): Promise<Database> {
  if (testDbKind() === 'pg') {
    const url = process.env.TEST_DATABASE_URL as string;
    const name = `portal_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB}`);
    const u = new URL(url);
    u.pathname = `/${name}`;
    const database = await openDatabase({ url: u.toString(), poolSize: 4 });
    const close = database.close;
    return {
      ...database,
      close: async () => {
        await close();
        await dropWhenIdle(admin, name);
        await admin.end();
      },
    };
  }
  const snapshot = readFileSync(inject('pgliteSnapshot'));
  return openDatabase({ loadDataDir: new Blob([snapshot]) });
}

/**
 * The API tests sign in hundreds of times from one address (127.0.0.1); the per-address limits
 * are lifted here and tested at their real values in auth-attack.test.ts.
 */
export const TEST_ENV: Record<string, string> = {
  LOG_LEVEL: 'silent',
  WEB_DIST: '/nonexistent',
  RATE_LIMIT_SIGN_IN_PER_MINUTE: '100000',
  RATE_LIMIT_PASSWORD_RESET_PER_MINUTE: '100000',
};

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** The job queue (off by default: jobs are enqueued and wait; see BuildOptions.jobs). */
  jobs?: BuildOptions['jobs'];
  /** Another app's database (a second instance on the same database); the first app closes it. */
  database?: Database;
  /** Receives the app's log lines (pino's JSON), at the env's LOG_LEVEL (silent unless it sets one). */
  logStream?: BuildOptions['logStream'];
}

export async function createTestApp(env: Record<string, string> = {}, opts: TestAppOptions = {}): Promise<TestApp> {
  const database = opts.database ?? (await openTestDatabase());
  const config = loadConfig({ ...TEST_ENV, ...env });
  const app = await buildApp({
    database,
    config,
    logger: false,
    jobs: opts.jobs ?? false,
    ...(opts.logStream ? { logStream: opts.logStream } : {}),
  });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      if (!opts.database) await database.close();
    },
  };
}

export const DEMO = {
  admin: { email: 'admin@example.com', portal: 'admin' },
  support: { email: 'support@example.com', portal: 'admin' },
  customer: { email: 'customer@example.com', portal: 'customer' },
  user: { email: 'user@example.com', portal: 'customer' },
  other: { email: 'other@example.com', portal: 'customer' },
} as const;
export type DemoName = keyof typeof DEMO;

export async function login(app: FastifyInstance, email: string, portal: 'admin' | 'customer', password = TEST_PASSWORD, remember = false) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'x-portal-csrf': '1' },
    payload: { email, password, portal, remember },
  });
}

/** Signs a demo user in and returns the session cookie header value. */
export async function signIn(app: FastifyInstance, who: DemoName): Promise<string> {
  const res = await login(app, DEMO[who].email, DEMO[who].portal);
  if (res.statusCode !== 200) throw new Error(`Sign-in failed for ${who}: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === 'portal_sid');
  if (!cookie) throw new Error('No session cookie');
  return `portal_sid=${cookie.value}`;
}

/** Signs each of the demo users in: their session cookie header values by name (none for a name not signed in). */
export async function signInAll(app: FastifyInstance, names: readonly DemoName[]): Promise<Record<string, string>> {
  const cookies: Record<string, string> = {};
  for (const who of names) cookies[who] = await signIn(app, who);
  return cookies;
}

/** app.inject with the session cookie and the CSRF header a browser client sends. */
export function as(app: FastifyInstance, cookie: string | null, opts: InjectOptions): Promise<LightMyRequestResponse> {
  return app.inject({
    ...opts,
    headers: { 'x-portal-csrf': '1', ...(cookie ? { cookie } : {}), ...(opts.headers ?? {}) },
  }) as Promise<LightMyRequestResponse>;
}

/** The audit entries of one action on one record. */
export function auditEntries(db: Db, action: string, entityId: string) {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, entityId)));
}
