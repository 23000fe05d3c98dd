import { mkdirSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { isEmpty, migrate, openDatabase } from './db/client.ts';
import { seed } from './db/seed/index.ts';
import { startDraining } from './domains/health/routes.ts';

const DEMO_USERS = [
  ['admin@example.com', 'staff Admin (admin portal)'],
  ['support@example.com', 'staff Support (admin portal)'],
  ['customer@example.com', 'Admin of Acme (customer portal)'],
  ['user@example.com', 'User of Acme (customer portal)'],
  ['other@example.com', 'Admin of a second company (customer portal)'],
] as const;

/** The advisory lock instances hold while they build the app (the migrations take 382382). */
const STARTUP_LOCK = 382383;

/**
 * Runs `fn` holding a session advisory lock on its own connection (not the pool's, which may have
 * one connection), so instances on one PostgreSQL server start one after the other.
 */
async function oneAtATime<T>(url: string | undefined, fn: () => Promise<T>): Promise<T> {
  if (!url) return fn();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK]);
    return await fn();
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => {});
    await client.end().catch(() => {});
  }
}

async function main() {
  const config = loadConfig();
  const embedded = !config.DATABASE_URL;
  const dataDir = path.resolve(config.DATA_DIR);
  if (embedded) mkdirSync(dataDir, { recursive: true });
  // The embedded database is migrated (and seeded on first start) in this thread, then, unless
  // EMBEDDED_DB_THREAD=false, reopened in its worker thread for serving.
  let database = await openDatabase(embedded ? { dataDir } : { url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE });
  await migrate(database);
  let seeded = false;
  let empty = await isEmpty(database.db);
  // The embedded default seeds itself on first start; a PostgreSQL server only through `npm run db:seed`.
  if (embedded && empty) {
    await seed(database.db, { demoPassword: config.PORTAL_DEMO_PASSWORD });
    seeded = true;
    empty = false;
  }
  if (embedded && config.EMBEDDED_DB_THREAD) {
    await database.close();
    database = await openDatabase({ dataDir, thread: true });
  }

  // After the migrations: the job queue creates or migrates its own tables, then its workers start.
  // On PostgreSQL, instances starting at the same moment take turns here: pg-boss creating the same
  // queues from two instances at once deadlocks (found by test/cluster.test.ts).
  const app = await oneAtATime(config.DATABASE_URL, () => buildApp({ database, config, jobs: { workers: config.JOB_WORKERS } }));
  // Draining (SIGTERM): every response says Connection: close, so clients and the balancer open
  // their next connection afresh (through the balancer: to another instance). Set on the raw
  // response before Fastify handles the request; Fastify's own headers are added to it.
  let draining = false;
  app.server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
    if (draining) res.setHeader('connection', 'close');
  });
  const drainMs = config.SHUTDOWN_DRAIN_MS ?? (embedded ? 0 : 5000);
  let closing = false;
  let endDrain: (() => void) | null = null;
  /**
   * SIGTERM (a rolling restart, an orchestrator's stop): /readyz answers 503 at once while requests
   * are still served for SHUTDOWN_DRAIN_MS, long enough for the balancer's health checks to move the
   * traffic; then the live streams are told to reconnect and ended, the server stops taking
   * requests and lets the in-flight ones finish, the job queue waits for running jobs, and the
   * database closes. SIGINT (Ctrl-C), or a second signal during the drain, skips the (rest of the) drain.
   */
  const shutdown = async (signal: string) => {
    if (closing) {
      endDrain?.();
      return;
    }
    closing = true;
    const drain = signal === 'SIGTERM' ? drainMs : 0;
    app.log.info({ signal, drainMs: drain }, 'shutting down');
    const force = setTimeout(() => process.exit(1), drain + 15_000);
    force.unref();
    try {
      if (drain > 0) {
        draining = true;
        startDraining(app);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, drain);
          endDrain = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
      // Stops taking requests (the live streams end first), then the job queue waits for running
      // jobs, then the database closes.
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const shown = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  const lines = [
    '',
    `  ${config.PORTAL_BRAND} portal is running at http://${shown}:${config.PORT}`,
    `  Database: ${embedded ? `embedded PGlite in ${dataDir}${seeded ? ' (created and seeded now)' : ''}` : 'PostgreSQL (DATABASE_URL)'}`,
    '',
    ...(empty
      ? ['  The database has no users yet: run `npm run db:seed` to load the demo data and its sign-ins.']
      : [
          `  Demo sign-ins (password: ${config.PORTAL_DEMO_PASSWORD === 'Portal-Demo-1' ? 'Portal-Demo-1' : 'the PORTAL_DEMO_PASSWORD you set'}):`,
          ...DEMO_USERS.map(([email, what]) => `    ${email.padEnd(22)} ${what}`),
        ]),
    `  Admin portal: http://${shown}:${config.PORT}/admin/login   Customer portal: http://${shown}:${config.PORT}/customer/login`,
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
