/**
 * Backups of either engine, to one file (`npm run db:backup`, `npm run db:restore`; backup-cli.ts).
 *
 * - The embedded PGlite (here): its data-dir dump (`dumpDataDir`, a gzipped tarball, `.tgz`), restored
 *   with `loadDataDir` into a fresh folder that then takes the data folder's place. PGlite holds its
 *   data folder alone: both need the server stopped, and both refuse while a process has it open.
 * - PostgreSQL (DATABASE_URL): `pg_dump -Fc` (`.dump`) and `pg_restore` into `psql` in one
 *   transaction (backup-pg.ts).
 */
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
import type { Config } from '../config.ts';
import { BackupError } from './backup-error.ts';
import { backupPostgres, inspectPostgres, restorePostgres } from './backup-pg.ts';

export type BackupConfig = Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>;
export type Engine = 'pglite' | 'postgres';

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
  return inspectPostgres(config.DATABASE_URL);
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
