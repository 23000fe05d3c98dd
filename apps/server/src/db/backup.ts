/**
 * Backups of either engine, to one file (`npm run db:backup`, `npm run db:restore`; backup-cli.ts).
 *
 * - The embedded PGlite: its data-dir dump (`dumpDataDir`, a gzipped tarball, `.tgz`), restored with
 *   `loadDataDir` into a fresh folder that then takes the data folder's place. PGlite holds its data
 *   folder alone: both need the server stopped, and both refuse while a process has it open.
 * - PostgreSQL (DATABASE_URL): `pg_dump -Fc` (`.dump`); restored by `pg_restore --clean --if-exists`
 *   piped into `psql` in one transaction, after emptying the portal's schemas, so the database becomes
 *   the backup exactly (tables made by later migrations included) or, on any error, stays as it was.
 *   The client tools must be the server's major version or newer.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  createReadStream,
  createWriteStream,
  existsSync,
  openAsBlob,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  statSync,
} from 'node:fs';
import { cp, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { createGunzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Config } from '../config.ts';

export type BackupConfig = Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>;
export type Engine = 'pglite' | 'postgres';

/** A refusal or failure the user can act on: the CLI prints its message alone, without a stack. */
export class BackupError extends Error {
  override name = 'BackupError';
}

export const engineOf = (config: BackupConfig): Engine => (config.DATABASE_URL ? 'postgres' : 'pglite');

/** `backups/portal-<engine>-<UTC timestamp>.<tgz|dump>`, e.g. backups/portal-pglite-20250301T120000Z.tgz. */
export function defaultBackupFile(engine: Engine, now = new Date(), dir = 'backups'): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(/[-:]/g, '');
  return path.join(dir, `portal-${engine}-${stamp}.${engine === 'pglite' ? 'tgz' : 'dump'}`);
}

export interface BackupResult {
  engine: Engine;
  file: string;
  bytes: number;
  seconds: number;
}

export async function backup(config: BackupConfig, file: string): Promise<BackupResult> {
  const started = performance.now();
  const target = path.resolve(file);
  if (existsSync(target)) throw new BackupError(`${target} already exists: choose another file name.`);
  await mkdir(path.dirname(target), { recursive: true });
  // Written beside the target and renamed once complete: a failed backup leaves no file that looks whole.
  const partial = `${target}.partial-${randomBytes(4).toString('hex')}`;
  try {
    if (config.DATABASE_URL) await backupPostgres(config.DATABASE_URL, partial);
    else await backupPglite(path.resolve(config.DATA_DIR), partial);
    await rename(partial, target);
  } finally {
    await rm(partial, { force: true });
  }
  return { engine: engineOf(config), file: target, bytes: (await stat(target)).size, seconds: (performance.now() - started) / 1000 };
}

export interface RestoreResult {
  engine: Engine;
  seconds: number;
}

/** Replaces the whole database with the backup in `file`: check `inspectTarget` (and ask) first. */
export async function restore(config: BackupConfig, file: string): Promise<RestoreResult> {
  const started = performance.now();
  const source = path.resolve(file);
  if (!existsSync(source) || !statSync(source).isFile()) throw new BackupError(`${source}: no such backup file.`);
  const format = await detectFormat(source);
  if (config.DATABASE_URL) {
    if (format !== 'pg_dump')
      throw new BackupError(
        format === 'pglite'
          ? `${source} is a dump of the embedded database: unset DATABASE_URL to restore it into DATA_DIR.`
          : `${source} is not a PostgreSQL backup (a pg_dump custom-format archive, .dump).`,
      );
    await restorePostgres(config.DATABASE_URL, source);
  } else {
    if (format !== 'pglite')
      throw new BackupError(
        format === 'pg_dump'
          ? `${source} is a PostgreSQL archive (pg_dump): set DATABASE_URL to the server to restore it into.`
          : `${source} is not a dump of the embedded database (a .tgz from npm run db:backup).`,
      );
    await restorePglite(path.resolve(config.DATA_DIR), source);
  }
  return { engine: engineOf(config), seconds: (performance.now() - started) / 1000 };
}

export interface TargetInfo {
  engine: Engine;
  /** Where the data lives, for messages: the data folder, or the database and server. */
  label: string;
  /** Tables (or, embedded, a database) exist there: a restore replaces them. */
  hasData: boolean;
  /** Embedded: the process that has the data folder open (a restore or backup is refused). */
  inUseBy: string | null;
  /** PostgreSQL: other sessions on the database (instances still running?). */
  otherSessions: number;
}

export async function inspectTarget(config: BackupConfig): Promise<TargetInfo> {
  if (!config.DATABASE_URL) {
    const dataDir = path.resolve(config.DATA_DIR);
    return {
      engine: 'pglite',
      label: `the embedded database in ${dataDir}`,
      hasData: existsSync(path.join(dataDir, 'PG_VERSION')),
      inUseBy: embeddedDatabaseUser(dataDir),
      otherSessions: 0,
    };
  }
  const client = new pg.Client({ connectionString: config.DATABASE_URL });
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
    const u = new URL(config.DATABASE_URL);
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

// --- The embedded PGlite -------------------------------------------------------------------------

/**
 * Which process has the embedded database in `dataDir` open, or null. PGlite writes postmaster.pid
 * while it runs (its pid is a fixed -42, so it names no process) and removes it when closed; a
 * second PGlite on the same folder is not refused but would corrupt it. On Linux the process is
 * found by its open files in /proc; elsewhere postmaster.pid alone counts as "in use".
 */
export function embeddedDatabaseUser(dataDir: string): string | null {
  if (!existsSync(path.join(dataDir, 'postmaster.pid'))) return null;
  const notClean = `${path.join(dataDir, 'postmaster.pid')} exists: a server is probably using it (if none is running, it was not stopped cleanly: start the server and stop it once)`;
  let procs: string[];
  try {
    procs = readdirSync('/proc').filter((p) => /^\d+$/.test(p));
    readdirSync('/proc/self/fd');
  } catch {
    return notClean;
  }
  const root = `${realpathSync(dataDir)}${path.sep}`;
  for (const pid of procs) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue; // another user's process, or gone
    }
    for (const fd of fds) {
      let target: string;
      try {
        target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      } catch {
        continue;
      }
      if (!target.startsWith(root)) continue;
      let command = '';
      try {
        command = readFileSync(`/proc/${pid}/cmdline`, 'utf8')
          .replaceAll(/[\0\s]+/g, ' ')
          .trim();
      } catch {}
      return `process ${pid}${command ? ` (${command.length > 120 ? `${command.slice(0, 117)}...` : command})` : ''}${Number(pid) === process.pid ? ', this one' : ''}`;
    }
  }
  // No process has a file open there: postmaster.pid was left by a server that did not stop cleanly.
  return null;
}

function refuseIfInUse(dataDir: string, action: string): void {
  const user = embeddedDatabaseUser(dataDir);
  if (user)
    throw new BackupError(
      `Cannot ${action} the embedded database in ${dataDir} while it is in use by ${user}. Stop the server first: PGlite holds its data folder alone.`,
    );
}

async function backupPglite(dataDir: string, file: string): Promise<void> {
  if (!existsSync(path.join(dataDir, 'PG_VERSION')))
    throw new BackupError(`No embedded database in ${dataDir} (set DATA_DIR to the server's data folder, or DATABASE_URL for PostgreSQL).`);
  refuseIfInUse(dataDir, 'back up');
  const pglite = await PGlite.create(dataDir);
  try {
    // Everything in the data files, so the dump does not depend on replaying the write-ahead log.
    await pglite.exec('CHECKPOINT');
    const dump = await pglite.dumpDataDir('gzip');
    await pipeline(Readable.fromWeb(dump.stream() as WebReadableStream<Uint8Array>), createWriteStream(file));
  } finally {
    await pglite.close();
  }
}

async function restorePglite(dataDir: string, file: string): Promise<void> {
  refuseIfInUse(dataDir, 'restore');
  // Loaded into a new folder beside the data folder first: a bad or cut-off dump leaves the data
  // folder as it was.
  const parent = path.dirname(dataDir);
  await mkdir(parent, { recursive: true });
  const id = randomBytes(4).toString('hex');
  const staging = `${dataDir}.restoring-${id}`;
  try {
    const gzip = (await readHead(file, 2)).equals(Buffer.from([0x1f, 0x8b]));
    // PGlite's own gunzip fails on a cut-off file with an error nothing can catch: check it first.
    if (gzip)
      await pipeline(createReadStream(file), createGunzip(), new Writable({ write: (_chunk, _encoding, done) => done() })).catch(
        (err: Error) => {
          throw new BackupError(`${file} is damaged or cut off (${err.message}): nothing was changed.`);
        },
      );
    const dump = await openAsBlob(file, { type: gzip ? 'application/gzip' : 'application/x-tar' });
    let pglite: PGlite;
    try {
      pglite = await PGlite.create(staging, { loadDataDir: dump });
    } catch (err) {
      throw new BackupError(`${file} could not be loaded as an embedded database: ${(err as Error).message}`);
    }
    try {
      const { rows } = await pglite.query<{ portal: boolean }>(`SELECT to_regclass('public.users') IS NOT NULL AS portal`);
      if (!rows[0]?.portal)
        throw new BackupError(`${file} does not hold the portal's database (it has no users table): nothing was changed.`);
    } finally {
      await pglite.close();
    }
    refuseIfInUse(dataDir, 'restore');
    await replaceDir(dataDir, staging, `${dataDir}.replaced-${id}`);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** Puts `staging` in `dataDir`'s place; `dataDir` may be a mount point (a volume), which cannot be renamed. */
async function replaceDir(dataDir: string, staging: string, aside: string): Promise<void> {
  if (!existsSync(dataDir)) {
    await rename(staging, dataDir);
    return;
  }
  try {
    await rename(dataDir, aside);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'EBUSY' && code !== 'EXDEV' && code !== 'EPERM' && code !== 'EACCES') throw err;
    // The folder stays; its contents are replaced.
    for (const entry of await readdir(dataDir)) await rm(path.join(dataDir, entry), { recursive: true, force: true });
    await cp(staging, dataDir, { recursive: true });
    return;
  }
  try {
    await rename(staging, dataDir);
  } catch (err) {
    await rename(aside, dataDir);
    throw err;
  }
  await rm(aside, { recursive: true, force: true });
}

async function readHead(file: string, bytes: number): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** What a file holds, by its first bytes: a pg_dump custom archive, or a (gzipped) tarball. */
async function detectFormat(file: string): Promise<'pglite' | 'pg_dump' | 'unknown'> {
  const head = await readHead(file, 512);
  if (head.subarray(0, 5).toString('latin1') === 'PGDMP') return 'pg_dump';
  if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
  if (head.subarray(257, 262).toString('latin1') === 'ustar') return 'pglite';
  return 'unknown';
}

// --- PostgreSQL ----------------------------------------------------------------------------------

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

async function backupPostgres(url: string, file: string): Promise<void> {
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
       AND NOT EXISTS (SELECT 1 FROM pg_catalog.pg_depend d
                        WHERE d.classid = 'pg_catalog.pg_class'::regclass AND d.objid = c.oid AND d.deptype IN ('a', 'i', 'e'))
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

async function restorePostgres(url: string, file: string): Promise<void> {
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
