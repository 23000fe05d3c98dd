/**
 * `npm run bench`: runs every benchmark in turn, each printing what it measured and its budget.
 * The first-load figure reads the built web app (`npm run build -w apps/web`); the record-list figures
 * need PostgreSQL (DATABASE_URL, or a local server on 127.0.0.1:5432).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const BENCHES = [
  'first-load.ts',
  'sign-in-time.ts',
  'embedded.ts',
  'records.ts',
  'ten-million.ts',
  'rating.ts',
  'public-api.ts',
  'ingestion.ts',
  'webhooks.ts',
  'invoice-pdf.ts',
  'invoice-run.ts',
  'report-export.ts',
  'reports.ts',
  'load.ts',
  'load-cluster.ts',
];
const failed: string[] = [];
for (const file of BENCHES) {
  console.log(`\n=== bench/${file} ===`);
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, file)], { stdio: 'inherit' });
  if (run.status !== 0) failed.push(file);
}
console.log(failed.length ? `\nOver budget or failed: ${failed.join(', ')}` : '\nEvery benchmark is within its budget.');
process.exitCode = failed.length ? 1 : 0;
