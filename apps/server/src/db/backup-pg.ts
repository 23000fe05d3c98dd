/**
 * The PostgreSQL half of the backups (backup.ts): `pg_dump -Fc` (`.dump`); restored by
 * `pg_restore --clean --if-exists` piped into `psql` in one transaction, after emptying the portal's
 * schemas, so the database becomes the backup exactly (tables made by later migrations included) or,
 * on any error, stays as it was. The client tools must be the server's major version or newer.
 */
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TargetInfo } from './backup.ts';
import { BackupError } from './backup-error.ts';

/** What a restore would replace on the database at `url`, and who else is connected to it. */
export async function inspectPostgres(url: string): Promise<TargetInfo> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ db: string; has_data: boolean; others: number }>(
      `SELECT current_database() AS db,
              EXISTS (SELECT 1 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                       WHERE c.relkind IN ('r', 'p') AND n.nspname <> 'information_schema'
                         AND n.nspname NOT LIKE 'pg\\_%') AS has_data,
              (SELECT count(*)::int FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()) AS others`,
    );
    const row = rows[0];
    const u = new URL(url);
    return {
      engine: 'postgres',
      label: `the PostgreSQL database ${row?.db ?? '?'} on ${u.host}`,
      hasData: row?.has_data === true,
      inUseBy: null,
      otherSessions: row?.others ?? 0,
    };
  } finally {
    await client.end();
  }
}

export interface PgTool {
  bin: string;
  major: number;
}

/** Where the client tools live besides PATH: Debian's versioned folders, Homebrew's libpq, PGDG on RHEL. */
function toolDirs(): string[] {
  const versioned = (root: string, pattern: RegExp, sub: string) => {
    try {
      return readdirSync(root)
        .filter((d) => pattern.test(d))
        .sort((a, b) => Number(b.replace(/\D/g, '')) - Number(a.replace(/\D/g, '')))
        .map((d) => path.join(root, d, sub));
    } catch {
      return [];
    }
  };
  return [
    ...versioned('/usr/lib/postgresql', /^\d+$/, 'bin'),
    ...versioned('/usr', /^pgsql-\d+$/, 'bin'),
    '/opt/homebrew/opt/libpq/bin',
    '/usr/local/opt/libpq/bin',
  ];
}

function run(bin: string, args: string[], env?: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      if (stderr.length < 100_000) stderr += d.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

async function toolMajor(bin: string): Promise<number | null> {
  try {
    const { code, stdout } = await run(bin, ['--version']);
    const match = /\(PostgreSQL\)\s+(\d+)/.exec(stdout);
    return code === 0 && match ? Number(match[1]) : null;
  } catch {
    return null; // not installed there
  }
}

/**
 * The first `name` (pg_dump, pg_restore, psql) of the server's major version or newer: on PATH, then
 * in the usual install folders. `candidates` replaces that list (tests).
 */
export async function findPgTool(name: string, serverMajor: number, candidates?: string[]): Promise<PgTool> {
  const list = candidates ?? [name, ...toolDirs().map((d) => path.join(d, name))];
  const found: PgTool[] = [];
  for (const bin of list) {
    const major = await toolMajor(bin);
    if (major === null) continue;
    if (major >= serverMajor) return { bin, major };
    found.push({ bin, major });
  }
  const install = [
    `Install the PostgreSQL client tools, version ${serverMajor} or newer:`,
    `  Debian/Ubuntu: sudo apt-get install postgresql-client (or postgresql-client-${serverMajor} from https://apt.postgresql.org when the distribution's is older)`,
    '  macOS: brew install libpq (it installs into /opt/homebrew/opt/libpq/bin, which is looked in)',
    `  RHEL/Fedora: sudo dnf install postgresql (or postgresql${serverMajor} from https://yum.postgresql.org)`,
  ].join('\n');
  if (found.length === 0) throw new BackupError(`${name} was not found (it is needed for PostgreSQL ${serverMajor}).\n${install}`);
  const seen = found.map((t) => `${t.bin} is version ${t.major}`).join(', ');
  throw new BackupError(`${name} must be the server's major version (${serverMajor}) or newer: ${seen}.\n${install}`);
}

/** The URL without its password, which goes in PGPASSWORD instead (not in the process list). */
function libpqTarget(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { url: u.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

async function serverMajor(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ v: string }>("SELECT current_setting('server_version_num') AS v");
    return Math.floor(Number(rows[0]?.v) / 10_000);
  } finally {
    await client.end();
  }
}

const firstLines = (text: string, n = 15) => text.trim().split('\n').slice(0, n).join('\n');

export async function backupPostgres(url: string, file: string): Promise<void> {
  const major = await serverMajor(url);
  const pgDump = await findPgTool('pg_dump', major);
  const target = libpqTarget(url);
  const { code, stderr } = await run(pgDump.bin, ['--format=custom', '--file', file, '--dbname', target.url], target.env);
  if (code !== 0) throw new BackupError(`pg_dump failed (exit ${code}):\n${firstLines(stderr)}`);
}

/**
 * Empties what the backup will recreate, in the restore's transaction: every table, view, sequence,
 * type and function in public (the schema stays, with its owner and grants), and the backup's other
 * schemas (drizzle's, pg-boss's). So tables that later migrations made go too, and the next start
 * migrates the restored database as it would have then.
 */
function emptyingSql(schemas: string[]): string {
  const quote = (s: string) => `"${s.replaceAll('"', '""')}"`;
  const drops = schemas
    .filter((s) => s !== 'public' && s !== 'information_schema' && !s.startsWith('pg_'))
    .map((s) => `DROP SCHEMA IF EXISTS ${quote(s)} CASCADE;`);
  return `SET client_min_messages = warning;
SELECT pg_catalog.set_config('search_path', '', false);
BEGIN;
DO $portal_restore$
DECLARE r record;
BEGIN
  FOR r IN
    SELECT c.oid::regclass::text AS name,
           CASE c.relkind WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' WHEN 'f' THEN 'FOREIGN TABLE'
                          WHEN 'S' THEN 'SEQUENCE' ELSE 'TABLE' END AS kind
      FROM pg_catalog.pg_class c
     WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p', 'v', 'm', 'f', 'S') AND NOT c.relispartition
       -- a partitioned table depends on itself ('i'); its partitions go with it
       AND NOT EXISTS (SELECT 1 FROM pg_catalog.pg_depend d
                        WHERE d.classid = 'pg_catalog.pg_class'::regclass AND d.objid = c.oid AND d.deptype IN ('a', 'i', 'e')
                          AND NOT (d.refclassid = 'pg_catalog.pg_class'::regclass AND d.refobjid = c.oid))
  LOOP
    EXECUTE format('DROP %s IF EXISTS %s CASCADE', r.kind, r.name);
  END LOOP;
  FOR r IN
    SELECT p.oid::regprocedure::text AS name, CASE p.prokind WHEN 'a' THEN 'AGGREGATE' ELSE 'ROUTINE' END AS kind
      FROM pg_catalog.pg_proc p
     WHERE p.pronamespace = 'public'::regnamespace
       AND NOT EXISTS (SELECT 1 FROM pg_catalog.pg_depend d
                        WHERE d.classid = 'pg_catalog.pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
  LOOP
    EXECUTE format('DROP %s IF EXISTS %s CASCADE', r.kind, r.name);
  END LOOP;
  FOR r IN
    SELECT t.oid::regtype::text AS name
      FROM pg_catalog.pg_type t
     WHERE t.typnamespace = 'public'::regnamespace
       AND (t.typtype IN ('e', 'd', 'r') OR (t.typtype = 'c' AND (SELECT c.relkind FROM pg_catalog.pg_class c WHERE c.oid = t.typrelid) = 'c'))
       AND NOT EXISTS (SELECT 1 FROM pg_catalog.pg_depend d
                        WHERE d.classid = 'pg_catalog.pg_type'::regclass AND d.objid = t.oid AND d.deptype IN ('i', 'e'))
  LOOP
    EXECUTE format('DROP TYPE IF EXISTS %s CASCADE', r.name);
  END LOOP;
END
$portal_restore$;
${drops.join('\n')}
`;
}

export async function restorePostgres(url: string, file: string): Promise<void> {
  const major = await serverMajor(url);
  const pgRestore = await findPgTool('pg_restore', major);
  // psql from the same installation when it is there.
  const besides = path.join(path.dirname(pgRestore.bin), 'psql');
  const psql = await findPgTool('psql', major, path.isAbsolute(pgRestore.bin) ? [besides, 'psql'] : undefined);
  const target = libpqTarget(url);

  const listing = await run(pgRestore.bin, ['--list', file]);
  if (listing.code !== 0) throw new BackupError(`${file} cannot be read by pg_restore ${pgRestore.major}:\n${firstLines(listing.stderr)}`);
  if (!/^\d+; \d+ \d+ TABLE public users /m.test(listing.stdout))
    throw new BackupError(`${file} does not hold the portal's database (it has no users table): nothing was changed.`);
  const schemas = [...listing.stdout.matchAll(/^\d+; \d+ \d+ SCHEMA - (\S+) /gm)].map((m) => m[1] as string);

  // pg_restore writes the SQL; psql runs it after the emptying statements, all in one transaction
  // that is committed only once pg_restore has written everything.
  await new Promise<void>((resolve, reject) => {
    const sqlOut = spawn(pgRestore.bin, ['--clean', '--if-exists', '--no-owner', '--no-privileges', '--file', '-', file], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const runner = spawn(psql.bin, ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '--dbname', target.url], {
      env: target.env,
      stdio: ['pipe', 'ignore', 'pipe'],
    });
    let restoreErr = '';
    let psqlErr = '';
    sqlOut.stderr.on('data', (d: Buffer) => {
      if (restoreErr.length < 100_000) restoreErr += d.toString();
    });
    runner.stderr.on('data', (d: Buffer) => {
      if (psqlErr.length < 100_000) psqlErr += d.toString();
    });
    // psql stops at the first error (ON_ERROR_STOP): what is still being written then goes nowhere.
    runner.stdin.on('error', () => {});
    sqlOut.stdout.on('error', () => {});
    let restoreCode: number | null = null;
    let psqlCode: number | null = null;
    let failed: Error | null = null;
    const finish = () => {
      if (restoreCode === null || psqlCode === null) return;
      if (failed) reject(failed);
      else if (psqlCode !== 0)
        reject(new BackupError(`The restore failed and was rolled back (psql exit ${psqlCode}):\n${firstLines(psqlErr)}`));
      else if (restoreCode !== 0)
        reject(new BackupError(`pg_restore failed (exit ${restoreCode}); nothing was changed:\n${firstLines(restoreErr)}`));
      else resolve();
    };
    sqlOut.on('error', (err) => {
      failed = err;
      restoreCode = 1;
      runner.stdin.end();
      finish();
    });
    runner.on('error', (err) => {
      failed = err;
      psqlCode = 1;
      sqlOut.kill();
      finish();
    });
    runner.stdin.write(emptyingSql(schemas));
    sqlOut.stdout.pipe(runner.stdin, { end: false });
    sqlOut.on('close', (code) => {
      restoreCode = code ?? 1;
      // Without COMMIT, psql ends at the end of its input and the transaction is rolled back.
      if (restoreCode === 0) runner.stdin.end('COMMIT;\n');
      else runner.stdin.end();
      finish();
    });
    runner.on('close', (code) => {
      psqlCode = code ?? 1;
      if (restoreCode === null) sqlOut.kill();
      finish();
    });
  });
}
