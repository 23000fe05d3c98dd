import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { type BackupConfig, backup, defaultBackupFile, inspectTarget, restore } from '../src/db/backup.ts';
import { findPgTool } from '../src/db/backup-pg.ts';
import { migrate, openDatabase } from '../src/db/client.ts';
import { seed } from '../src/db/seed/index.ts';
import { openJobQueue } from '../src/jobs/queue.ts';
import { ALL_JOBS } from '../src/jobs/registry.ts';
import { TEST_PASSWORD, testDbKind } from './env.ts';

type Query = (text: string) => Promise<Record<string, unknown>[]>;

/**
 * What a restore must bring back: every table's row count and a checksum of its rows (all schemas:
 * the portal's, drizzle's migrations, pg-boss's queue), each sequence's position, and the list of
 * tables, types and functions, so nothing made after the backup survives it.
 */
async function fingerprint(query: Query): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const tables = await query(
    `SELECT format('%I.%I', n.nspname, c.relname) AS name
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition
        AND n.nspname <> 'information_schema' AND n.nspname NOT LIKE 'pg\\_%'
      ORDER BY 1`,
  );
  for (const { name } of tables) {
    const [row] = await query(
      `SELECT count(*)::int AS n, coalesce(md5(string_agg(t::text, '|' ORDER BY t::text)), '') AS sum FROM ${name} t`,
    );
    out[`table ${name}`] = `${row?.n} rows, ${row?.sum}`;
  }
  for (const row of await query(
    `SELECT format('%I.%I', schemaname, sequencename) AS name, coalesce(last_value, 0)::text AS v FROM pg_sequences
      WHERE schemaname <> 'information_schema' AND schemaname NOT LIKE 'pg\\_%'`,
  ))
    out[`sequence ${row.name}`] = String(row.v);
  for (const row of await query(
    `SELECT t.oid::regtype::text AS name FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
      WHERE t.typtype = 'e' AND n.nspname <> 'information_schema' AND n.nspname NOT LIKE 'pg\\_%'`,
  ))
    out[`type ${row.name}`] = 'enum';
  for (const row of await query(
    `SELECT p.oid::regprocedure::text AS name FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname <> 'information_schema' AND n.nspname NOT LIKE 'pg\\_%'`,
  ))
    out[`function ${row.name}`] = 'function';
  return out;
}

/** Changes made after the backup: rows deleted, inserted and updated in a few tables, and new objects. */
const CHANGES = [
  'DELETE FROM audit_log WHERE id IN (SELECT id FROM audit_log ORDER BY id LIMIT 5)',
  `INSERT INTO audit_log (action, entity_type, summary) VALUES ('backup.test', 'test', 'made after the backup')`,
  `UPDATE customers SET name = name || ' (changed)'`,
  'DELETE FROM sessions',
  // As a later migration would: a table that refers to one in the backup, an enum, a function.
  'CREATE TABLE made_after_backup (customer_id uuid REFERENCES customers(id))',
  `CREATE TYPE mood_after_backup AS ENUM ('a', 'b')`,
  `CREATE FUNCTION after_backup() RETURNS int LANGUAGE sql AS 'SELECT 1'`,
];

const SERVER_DIR = path.resolve(import.meta.dirname, '..');
const CLI = path.join(SERVER_DIR, 'src/db/backup-cli.ts');

/** `npm run db:backup` / `db:restore` as npm runs them: in apps/server, with INIT_CWD where they were typed. */
function runCli(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
      cwd: SERVER_DIR,
      env: { ...process.env, DATABASE_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}

describe.skipIf(testDbKind() !== 'pglite')('backups of the embedded database (PGlite)', () => {
  let dir: string;
  let dataDir: string;
  let config: BackupConfig;

  const withPglite = async <T>(fn: (query: Query) => Promise<T>): Promise<T> => {
    const pglite = await PGlite.create(dataDir);
    try {
      return await fn(async (text) => (await pglite.query<Record<string, unknown>>(text)).rows);
    } finally {
      await pglite.close();
    }
  };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'portal-backup-'));
    dataDir = path.join(dir, 'data');
    config = { DATABASE_URL: undefined, DATA_DIR: dataDir };
    // The migrated, seeded database of the test run, as a data folder like the server's.
    const pglite = await PGlite.create(dataDir, { loadDataDir: new Blob([readFileSync(inject('pgliteSnapshot'))]) });
    await pglite.close();
  });

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('npm run db:backup, changes, npm run db:restore: the data is as it was at the backup', async () => {
    const before = await withPglite(fingerprint);
    expect(Object.keys(before).filter((k) => k.startsWith('table ')).length).toBeGreaterThan(20);

    const env = { INIT_CWD: dir, DATA_DIR: 'data' };
    const run = await runCli(['backup'], env);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const files = readdirSync(path.join(dir, 'backups'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^portal-pglite-\d{8}T\d{6}Z\.tgz$/);
    const file = path.join('backups', files[0] as string);
    expect(run.stdout).toContain(`npm run db:restore -- ${file}`);

    const changed = await withPglite(async (query) => {
      for (const statement of CHANGES) await query(statement);
      return fingerprint(query);
    });
    expect(changed).not.toEqual(before);

    // A restore without a file, or over data without --yes, is refused and changes nothing.
    const noFile = await runCli(['restore'], env);
    expect(noFile.code).toBe(2);
    expect(noFile.stderr).toContain('Name the file to restore');
    const noYes = await runCli(['restore', file], env);
    expect(noYes.code).toBe(1);
    expect(noYes.stderr).toContain('has data');
    expect(noYes.stderr).toContain(`npm run db:restore -- ${file} --yes`);

    const restored = await runCli(['restore', file, '--yes'], env);
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(await withPglite(fingerprint)).toEqual(before);
    // Nothing left beside the data folder, and the folder is closed.
    expect(readdirSync(dir).sort()).toEqual(['backups', 'data']);
    expect(existsSync(path.join(dataDir, 'postmaster.pid'))).toBe(false);
  });

  it('refuses to back up or restore while a process has the data folder open', async () => {
    const file = path.join(dir, 'backups', readdirSync(path.join(dir, 'backups'))[0] as string);
    const pglite = await PGlite.create(dataDir);
    try {
      const target = await inspectTarget(config);
      expect(target.hasData).toBe(true);
      expect(target.inUseBy).toContain(`process ${process.pid}`);
      await expect(restore(config, file)).rejects.toThrow(/while it is in use by process \d+.*Stop the server first/s);
      await expect(backup(config, path.join(dir, 'other.tgz'))).rejects.toThrow(/in use by process/);
      expect(existsSync(path.join(dir, 'other.tgz'))).toBe(false);
    } finally {
      await pglite.close();
    }
    expect((await inspectTarget(config)).inUseBy).toBeNull();
  });

  it('refuses what is not an embedded dump, a missing file, an existing backup file and a folder without a database', async () => {
    const archive = path.join(dir, 'postgres.dump');
    writeFileSync(archive, 'PGDMP\u0001\u000e\u0000');
    await expect(restore(config, archive)).rejects.toThrow(/is a PostgreSQL archive \(pg_dump\): set DATABASE_URL/);
    const junk = path.join(dir, 'junk.tgz');
    writeFileSync(junk, 'not a backup');
    await expect(restore(config, junk)).rejects.toThrow(/is not a dump of the embedded database/);
    await expect(restore(config, path.join(dir, 'missing.tgz'))).rejects.toThrow(/no such backup file/);
    const backups = path.join(dir, 'backups');
    const cut = path.join(dir, 'cut.tgz');
    writeFileSync(cut, readFileSync(path.join(backups, readdirSync(backups)[0] as string)).subarray(0, 100_000));
    await expect(restore(config, cut)).rejects.toThrow(/is damaged or cut off.*nothing was changed/);
    expect(readdirSync(dir).filter((f) => f.startsWith('data'))).toEqual(['data']);
    await expect(backup(config, junk)).rejects.toThrow(/already exists/);
    await expect(backup({ DATA_DIR: path.join(dir, 'empty') }, path.join(dir, 'empty.tgz'))).rejects.toThrow(/No embedded database in/);
    expect(existsSync(path.join(dir, 'empty'))).toBe(false);
  });

  it('names default files by engine and UTC time, and says how to install missing PostgreSQL tools', async () => {
    const at = new Date('2025-03-01T12:34:56.789Z');
    expect(defaultBackupFile('pglite', at)).toBe(path.join('backups', 'portal-pglite-20250301T123456Z.tgz'));
    expect(defaultBackupFile('postgres', at)).toBe(path.join('backups', 'portal-postgres-20250301T123456Z.dump'));
    await expect(findPgTool('pg_dump', 15, [path.join(dir, 'no-such-bin', 'pg_dump')])).rejects.toThrow(
      /pg_dump was not found.*apt-get install postgresql-client.*brew install libpq/s,
    );
  });
});

describe.skipIf(testDbKind() !== 'pg')('backups of a PostgreSQL database', () => {
  // Its own database on the test server, dropped afterwards; no other database is touched.
  const name = `portal_backup_test_${randomBytes(6).toString('hex')}`;
  let admin: pg.Client;
  let client: pg.Client;
  let dir: string;
  let config: BackupConfig;
  const query: Query = async (text) => (await client.query(text)).rows;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const u = new URL(process.env.TEST_DATABASE_URL as string);
    u.pathname = `/${name}`;
    config = { DATABASE_URL: u.toString(), DATA_DIR: './data' };
    const database = await openDatabase({ url: config.DATABASE_URL, poolSize: 2 });
    try {
      await migrate(database);
      await seed(database.db, { demoPassword: TEST_PASSWORD });
      const queue = await openJobQueue({ database, config: loadConfig({}), log: pino({ level: 'silent' }) }, ALL_JOBS, { workers: false });
      await queue.stop();
    } finally {
      await database.close();
    }
    client = new pg.Client({ connectionString: config.DATABASE_URL });
    await client.connect();
    dir = mkdtempSync(path.join(tmpdir(), 'portal-backup-pg-'));
  });

  afterAll(async () => {
    await client?.end();
    await admin?.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin?.end();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('backs up with pg_dump, and a restore brings back the data as it was, without what came after', async () => {
    const before = await fingerprint(query);
    expect(Object.keys(before).some((k) => k.startsWith('table pgboss.'))).toBe(true);
    const file = path.join(dir, 'portal.dump');
    const result = await backup(config, file);
    expect(result.engine).toBe('postgres');
    expect(readFileSync(file).subarray(0, 5).toString()).toBe('PGDMP');

    for (const statement of CHANGES) await query(statement);
    await query('CREATE TABLE pgboss.made_after_backup (x int)');
    const changed = await fingerprint(query);
    expect(changed).not.toEqual(before);
    expect((await inspectTarget(config)).hasData).toBe(true);

    // A cut-off archive fails in the restore's one transaction: nothing changes.
    const cut = path.join(dir, 'cut.dump');
    writeFileSync(cut, readFileSync(file).subarray(0, Math.floor(result.bytes * 0.6)));
    await expect(restore(config, cut)).rejects.toThrow(/rolled back|nothing was changed/);
    expect(await fingerprint(query)).toEqual(changed);

    await restore(config, file);
    expect(await fingerprint(query)).toEqual(before);
  });

  it('refuses an embedded dump and an existing file', async () => {
    const tgz = path.join(dir, 'embedded.tgz');
    writeFileSync(tgz, Buffer.from([0x1f, 0x8b, 0x08, 0x00]));
    await expect(restore(config, tgz)).rejects.toThrow(/is a dump of the embedded database: unset DATABASE_URL/);
    await expect(backup(config, tgz)).rejects.toThrow(/already exists/);
  });
});
