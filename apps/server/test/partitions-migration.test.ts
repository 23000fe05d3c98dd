/**
 * Migration 0018 turns the four tables that grow without end into partitioned ones on a database
 * that already holds rows (an upgrade): every row kept with its id, each in its month, and new rows
 * numbered after the old ones. Runs on the engine of the project (a fresh database each).
 */
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { applyMigrations, type Database, MIGRATIONS_DIR, migrate, openDatabase, rowsOf } from '../src/db/client.ts';
import { PARTITIONED, PARTITIONED_TABLES } from '../src/db/partitions.ts';
import { seed } from '../src/db/seed/index.ts';
import { TEST_PASSWORD, testDbKind } from './env.ts';

/** The committed migrations before 0018, in a folder of their own. */
function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-migrations-'));
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number; tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  for (const e of journal.entries.slice(at)) unlinkSync(path.join(dir, `${e.tag}.sql`));
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (testDbKind() !== 'pg') return { database: await openDatabase({}), drop: async () => {} };
  const url = process.env.TEST_DATABASE_URL as string;
  const name = `portal_test_upgrade_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  return {
    database: await openDatabase({ url: u.toString(), poolSize: 2 }),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

const older = migrationsBefore('0018_partitioned_usage_tables');
const { database, drop } = await freshDatabase();
afterAll(async () => {
  await database.close();
  await drop();
  rmSync(older, { recursive: true, force: true });
});

const one = async <T>(q: ReturnType<typeof sql>) => rowsOf<T>(await database.db.execute(q))[0] as T;

/** What must survive: each table's row count, its ids, and a digest of every row's contents (by column name: the order of columns may change). */
async function fingerprint(table: string) {
  return one<{ n: number; ids: string; digest: string }>(sql`
    SELECT count(*)::int AS n, coalesce(sum(id), 0)::text AS ids,
           md5(coalesce(string_agg(to_jsonb(t)::text, '|' ORDER BY id), '')) AS digest
    FROM ${sql.identifier(table)} t`);
}

describe('migration 0018 on a database with rows', () => {
  it('keeps every row and id, puts each in its month and numbers new rows after the old ones', async () => {
    await applyMigrations(database, older);
    await seed(database.db, { demoPassword: TEST_PASSWORD });
    const before = Object.fromEntries(await Promise.all(PARTITIONED_TABLES.map(async (t) => [t, await fingerprint(t)] as const)));
    expect(before.cdrs?.n).toBeGreaterThan(1000);

    await migrate(database);

    for (const table of PARTITIONED_TABLES) {
      expect(await fingerprint(table), table).toEqual(before[table]);
      const kind = await one<{ relkind: string }>(sql`SELECT relkind FROM pg_class WHERE oid = ${table}::regclass`);
      expect(kind.relkind, table).toBe('p');
      const col = sql.identifier(PARTITIONED[table]);
      const placed = await one<{ misplaced: number; in_default: number }>(sql`
        SELECT count(*) FILTER (WHERE tableoid::regclass::text <> ${`${table}_`} || to_char(${col} AT TIME ZONE 'UTC', 'YYYY_MM'))::int AS misplaced,
               count(*) FILTER (WHERE tableoid::regclass::text = ${`${table}_default`})::int AS in_default
        FROM ${sql.identifier(table)}`);
      expect(placed, table).toEqual({ misplaced: 0, in_default: 0 });
    }
    const max = await one<{ id: number }>(sql`SELECT max(id)::int AS id FROM audit_log`);
    const next = await one<{ id: number }>(sql`
      INSERT INTO audit_log (action, entity_type, summary) VALUES ('test', 'test', 'after the upgrade') RETURNING id::int AS id`);
    expect(next.id).toBeGreaterThan(max.id);
  });
});
