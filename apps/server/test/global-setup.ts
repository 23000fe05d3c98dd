import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { pino } from 'pino';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../src/config.ts';
import { type Database, migrate, openDatabase } from '../src/db/client.ts';
import { seed } from '../src/db/seed/index.ts';
import { openJobQueue } from '../src/jobs/queue.ts';
import { ALL_JOBS } from '../src/jobs/registry.ts';
import { TEMPLATE_DB, TEST_PASSWORD } from './env.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
  }
}

/** The job queue's tables and queues, as a first start makes them: tests enqueue without opening the queue. */
async function prepareJobQueue(database: Database): Promise<void> {
  const queue = await openJobQueue({ database, config: loadConfig({}), log: pino({ level: 'silent' }) }, ALL_JOBS, { workers: false });
  await queue.stop();
}

/**
 * Migrates and seeds once per run: a PGlite data-dir dump that each test file loads (about a
 * second instead of a fresh migrate+seed), or a PostgreSQL template database that each test file
 * copies.
 */
export default async function setup(project: TestProject) {
  if (project.name === 'server-pg') {
    const url = process.env.TEST_DATABASE_URL as string;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
    const u = new URL(url);
    u.pathname = `/${TEMPLATE_DB}`;
    const database = await openDatabase({ url: u.toString(), poolSize: 2 });
    await migrate(database);
    await seed(database.db, { demoPassword: TEST_PASSWORD });
    await prepareJobQueue(database);
    await database.close();
    project.provide('pgliteSnapshot', '');
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
      await admin.end();
    };
  }
  const database = await openDatabase({});
  await migrate(database);
  await seed(database.db, { demoPassword: TEST_PASSWORD });
  await prepareJobQueue(database);
  const dump = await database.pglite?.dumpDataDir('gzip');
  await database.close();
  if (!dump) throw new Error('PGlite dump failed');
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-test-'));
  const file = path.join(dir, 'snapshot.tar.gz');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteSnapshot', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
