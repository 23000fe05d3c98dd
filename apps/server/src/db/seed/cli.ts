/**
 * `npm run db:seed [-- --force]`: migrates the PostgreSQL database at DATABASE_URL and loads the
 * demo data set when the users table is empty. `--force` empties every table first and seeds again.
 * (The embedded PGlite database is seeded by the server itself on first start.)
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../config.ts';
import { type Db, isEmpty, migrate, openDatabase } from '../client.ts';
import { DEMO_USERS, seed } from './index.ts';

const DEFAULT_DEMO_PASSWORD = 'Portal-Demo-1';

function usage(): string {
  return 'Usage: npm run db:seed [-- --force]\n  --force  empty every table, then seed again';
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
  try {
    const { values } = parseArgs({
      args: process.argv.slice(2),
      options: {
        force: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
        // a later `--scale N` multiplies the seed volumes (DEFAULT_VOLUMES in build.ts)
      },
      strict: true,
      allowPositionals: false,
    });
    if (values.help) {
      console.log(usage());
      return 0;
    }
    force = values.force === true;
  } catch (err) {
    console.error(`${(err as Error).message}\n${usage()}`);
    return 2;
  }

  const config = loadConfig();
  if (!config.DATABASE_URL) {
    console.error('DATABASE_URL is not set. Set it to a PostgreSQL URL (the embedded database is seeded by the server on first start).');
    return 1;
  }

  const database = await openDatabase({ url: config.DATABASE_URL, poolSize: 2 });
  try {
    await migrate(database);
    if (!(await isEmpty(database.db))) {
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
    return 0;
  } finally {
    await database.close();
  }
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
