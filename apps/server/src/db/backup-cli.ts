/**
 * `npm run db:backup [-- <file>]` and `npm run db:restore -- <file> [--yes]` (see backup.ts).
 *
 * The engine is the server's: PostgreSQL when DATABASE_URL is set, else the embedded database in
 * DATA_DIR (default ./data). Relative paths (the file, DATA_DIR) count from the folder the command
 * was typed in, as `npm start` there would see them, not from apps/server where npm runs the script.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { backup, defaultBackupFile, engineOf, inspectTarget, restore } from './backup.ts';
import { BackupError } from './backup-error.ts';

const USAGE = [
  'Usage:',
  '  npm run db:backup [-- <file>]          back up the database (default file: backups/portal-<engine>-<UTC time>.<tgz|dump>)',
  '  npm run db:restore -- <file> [--yes]   replace the database with a backup (--yes: even when it has data)',
  '',
  'PostgreSQL when DATABASE_URL is set (pg_dump/pg_restore/psql of the server version or newer), else the',
  'embedded database in DATA_DIR (default ./data): stop the server using it first.',
].join('\n');

const out = (line: string) => process.stdout.write(`${line}\n`);

function size(bytes: number): string {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

async function main(): Promise<number> {
  const [command, ...rest] = process.argv.slice(2);
  let values: { yes?: boolean; help?: boolean };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: rest,
      options: { yes: { type: 'boolean', short: 'y', default: false }, help: { type: 'boolean', short: 'h', default: false } },
      strict: true,
      allowPositionals: true,
    }));
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n${USAGE}\n`);
    return 2;
  }
  if (values.help) {
    out(USAGE);
    return 0;
  }
  if ((command !== 'backup' && command !== 'restore') || positionals.length > 1 || (command === 'backup' && values.yes)) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }

  // npm runs the script in apps/server and says where it was started in INIT_CWD.
  const base = process.env.INIT_CWD || process.cwd();
  const loaded = loadConfig();
  const config = { DATABASE_URL: loaded.DATABASE_URL, DATA_DIR: path.resolve(base, loaded.DATA_DIR) };
  const engine = engineOf(config);
  const where = engine === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${config.DATA_DIR}`;

  if (command === 'backup') {
    const file = path.resolve(base, positionals[0] ?? defaultBackupFile(engine));
    out(`Backing up ${where} to ${file} ...`);
    const result = await backup(config, file);
    out(`Backed up in ${result.seconds.toFixed(1)} s: ${result.file} (${size(result.bytes)}).`);
    const shown = path.relative(base, result.file);
    out(`Restore it with: npm run db:restore -- ${shown.startsWith('..') || path.isAbsolute(shown) ? result.file : shown}`);
    return 0;
  }

  const given = positionals[0];
  if (!given) {
    process.stderr.write(`Which backup? Name the file to restore.\n${USAGE}\n`);
    return 2;
  }
  const file = path.resolve(base, given);
  if (!existsSync(file)) {
    process.stderr.write(`${file}: no such backup file.\n`);
    return 1;
  }
  const target = await inspectTarget(config);
  const title = target.label.charAt(0).toUpperCase() + target.label.slice(1);
  if (target.inUseBy) {
    process.stderr.write(`${title} is in use by ${target.inUseBy}.\nStop the server first: PGlite holds its data folder alone.\n`);
    return 1;
  }
  if (target.hasData && !values.yes) {
    process.stderr.write(
      `${title} has data: restoring replaces all of it with ${file}.\nRun again with --yes to go ahead: npm run db:restore -- ${given} --yes\n`,
    );
    return 1;
  }
  if (target.otherSessions > 0)
    process.stderr.write(
      `Warning: ${target.otherSessions} other session(s) on ${target.label}: stop the portal's instances during a restore (they would wait or fail, and keep what they cached).\n`,
    );
  out(`Restoring ${target.label} from ${file} ...`);
  const result = await restore(config, file);
  out(`Restored in ${result.seconds.toFixed(1)} s. Start the server: it applies any newer migrations to the restored database.`);
  return 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(
      err instanceof BackupError ? `${err.message}\n` : `${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
    process.exitCode = 1;
  },
);
