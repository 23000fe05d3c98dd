/**
 * The embedded default (PGlite in a data folder), as a new user meets it:
 * (a) the first start's database work: open a new data folder, migrate and seed (QUALITY.md:
 *     the sign-in page within seconds);
 * (b) the scale generator's bulk load through COPY on the embedded database (budget >= 50,000 rows/s).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrate, openDatabase } from '../apps/server/src/db/client.ts';
import { seed } from '../apps/server/src/db/seed/index.ts';
import { scale } from '../apps/server/src/db/seed/scale.ts';

const ROWS = Number(process.env.BENCH_EMBEDDED_ROWS ?? 500_000);
const LOAD_BUDGET = 50_000;
const START_BUDGET_S = 10;

const dir = mkdtempSync(path.join(tmpdir(), 'portal-bench-embedded-'));
try {
  let t = performance.now();
  const database = await openDatabase({ dataDir: dir });
  const opened = (performance.now() - t) / 1000;
  t = performance.now();
  await migrate(database);
  const migrated = (performance.now() - t) / 1000;
  t = performance.now();
  await seed(database.db, { demoPassword: 'Portal-Demo-1' });
  const seeded = (performance.now() - t) / 1000;
  const start = opened + migrated + seeded;
  console.log(
    `(a) First start on a new data folder: open ${opened.toFixed(2)} s + migrate ${migrated.toFixed(2)} s + seed ${seeded.toFixed(2)} s = ${start.toFixed(2)} s (budget: within ${START_BUDGET_S} s) ${start <= START_BUDGET_S ? 'OK' : 'OVER'}`,
  );

  const half = Math.floor(ROWS / 2);
  const result = await scale(database, { cdrs: half, messages: ROWS - half });
  const ok = result.rowsPerSecond >= LOAD_BUDGET;
  console.log(
    `(b) Scale generator on PGlite: ${ROWS.toLocaleString('en-US')} rows (CDRs and messages, indexes rebuilt) in ${result.seconds.toFixed(1)} s = ${Math.round(result.rowsPerSecond).toLocaleString('en-US')} rows/s (budget >= ${LOAD_BUDGET.toLocaleString('en-US')}) ${ok ? 'OK' : 'OVER'}`,
  );
  await database.close();
  process.exitCode = start <= START_BUDGET_S && ok ? 0 : 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
