/**
 * `npm run db:seed [-- --force]`: migrates the PostgreSQL database at DATABASE_URL and loads the
 * demo data set when the users table is empty. `--force` empties every table first and seeds again.
 * (The embedded PGlite database is seeded by the server itself on first start.)
 *
 * `npm run db:seed -- --scale N [--messages M]`: seeds if needed, then adds N CDRs and M messages
 * (default N) with COPY: on DATABASE_URL, or without it on the embedded database in DATA_DIR
 * (stop the server using that folder first).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../config.ts';
import { type Database, type Db, isEmpty, migrate, openDatabase } from '../client.ts';
import { DEMO_USERS, seed } from './index.ts';
import { progressBar, scale } from './scale.ts';

const DEFAULT_DEMO_PASSWORD = 'Portal-Demo-1';

function usage(): string {
  return [
    'Usage: npm run db:seed [-- --force] [-- --scale N [--messages M]]',
    '  --force         empty every table, then seed again',
    '  --scale N       add N call detail records (and N messages unless --messages says otherwise) through COPY;',
    '                  without DATABASE_URL this loads the embedded database in DATA_DIR (default ./data)',
    '  --messages M    how many messages --scale adds',
  ].join('\n');
}

async function truncateAll(db: Db): Promise<void> {
  const result = await db.execute<{ tablename: string }>(
    sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  const tables = (result as unknown as { rows: { tablename: string }[] }).rows.map((r) => r.tablename);
  if (tables.length === 0) return;
  const list = tables.map((t) => `"public"."${t.replaceAll('"', '""')}"`).join(', ');
  await db.execute(sql.raw(`TRUNCATE TABLE ${list} RESTART IDENTITY CASCADE`));
}

async function main(): Promise<number> {
  let force = false;
  let scaleCdrs = 0;
  let scaleMessages: number | null = null;
  try {
    const { values } = parseArgs({
      args: process.argv.slice(2),
      options: {
        force: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
        scale: { type: 'string' },
        messages: { type: 'string' },
      },
      strict: true,
      allowPositionals: false,
    });
    if (values.help) {
      console.log(usage());
      return 0;
    }
    force = values.force === true;
    const count = (name: string, v: string | undefined) => {
      if (v === undefined) return null;
      const n = Number(v.replaceAll('_', ''));
      if (!Number.isSafeInteger(n) || n < 0) throw new Error(`--${name} must be a whole number, e.g. 1000000`);
      return n;
    };
    scaleCdrs = count('scale', values.scale) ?? 0;
    scaleMessages = count('messages', values.messages);
  } catch (err) {
    console.error(`${(err as Error).message}\n${usage()}`);
    return 2;
  }

  const config = loadConfig();
  const scaling = scaleCdrs > 0 || (scaleMessages ?? 0) > 0;
  if (!config.DATABASE_URL && !scaling) {
    console.error('DATABASE_URL is not set. Set it to a PostgreSQL URL (the embedded database is seeded by the server on first start).');
    return 1;
  }

  const database = config.DATABASE_URL
    ? await openDatabase({ url: config.DATABASE_URL, poolSize: 2 })
    : await openDatabase({ dataDir: path.resolve(config.DATA_DIR) });
  try {
    await migrate(database);
    if (!(await isEmpty(database.db))) {
      if (scaling && !force) return await addScale(database, scaleCdrs, scaleMessages ?? scaleCdrs);
      if (!force) {
        console.log('The database already has users: nothing seeded. Use --force to empty every table and seed again.');
        return 0;
      }
      console.log('--force: emptying every table...');
      await truncateAll(database.db);
    }
    const started = performance.now();
    await seed(database.db, { demoPassword: config.PORTAL_DEMO_PASSWORD });
    console.log(`Seeded the demo data in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    const password = config.PORTAL_DEMO_PASSWORD === DEFAULT_DEMO_PASSWORD ? DEFAULT_DEMO_PASSWORD : 'the configured PORTAL_DEMO_PASSWORD';
    console.log(`Demo sign-ins (password: ${password}):`);
    for (const u of DEMO_USERS) console.log(`  ${u.email.padEnd(22)} ${u.portal} portal, ${u.role}`);
    if (scaling) return await addScale(database, scaleCdrs, scaleMessages ?? scaleCdrs);
    return 0;
  } finally {
    await database.close();
  }
}

async function addScale(database: Database, cdrs: number, messages: number): Promise<number> {
  const where = database.kind === 'pg' ? 'PostgreSQL (DATABASE_URL)' : 'the embedded database';
  console.log(`Adding ${cdrs.toLocaleString('en-US')} CDRs and ${messages.toLocaleString('en-US')} messages to ${where} with COPY...`);
  const result = await scale(database, { cdrs, messages, onProgress: progressBar('Loading') });
  console.log(
    `Loaded ${(cdrs + messages).toLocaleString('en-US')} rows in ${result.seconds.toFixed(1)} s (${Math.round(result.rowsPerSecond).toLocaleString('en-US')} rows/s); usage rollups refreshed.`,
  );
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    console.error(err instanceof Error ? (err.stack ?? err.message) : err);
    process.exitCode = 1;
  },
);
