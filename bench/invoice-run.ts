/**
 * The invoice run's budget (issue 11): it reads the daily rollups, never the raw records, so its
 * time must not grow with the number of calls in the billed period. The run drafts an invoice for
 * every customer and custom-billed account over the last year on two PostgreSQL databases, one
 * with about 10,000 CDRs in that period and one with about 1,000,000, inside a transaction that
 * is rolled back (nothing is kept), and prints both times and their ratio.
 *
 * Databases on postgres://postgres@127.0.0.1:5432 (or BENCH_PG_URL's server): `portal_bench_10k`
 * and `portal_bench` (shared with bench/records.ts), created, seeded and scaled when short of rows.
 */
import { pino } from 'pino';
import { loadConfig } from '../apps/server/src/config.ts';
import type { Database } from '../apps/server/src/db/client.ts';
import { draftInvoice } from '../apps/server/src/domains/billing/invoices.ts';
import { unbilledForPeriod } from '../apps/server/src/domains/billing/repo.ts';
import { inTransaction, systemCtx } from '../apps/server/src/lib/context.ts';
import { openBenchDatabase, scaleTo } from './bench-db.ts';

/** How much longer the run may take with 100 times the calls (the rollups grow only with days and accounts). */
const RATIO_BUDGET = 1.5;
const RUNS = 3;

/** Drafts every invoice of the period (then rolls them back): the time in ms and the calls in the period. */
async function run(database: Database, start: string, end: string): Promise<{ ms: number; drafts: number; calls: number }> {
  const ctx = systemCtx({ database, config: loadConfig({}), log: pino({ level: 'silent' }) }, 'bench');
  const calls = Number(
    (await database.pool?.query('SELECT count(*) AS n FROM cdrs WHERE started_at >= $1::date AND started_at < $2::date + 1', [start, end]))
      ?.rows[0].n,
  );
  const rollback = new Error('rollback');
  let drafts = 0;
  const t0 = performance.now();
  await inTransaction(ctx, async (tx) => {
    for (const target of await unbilledForPeriod(tx.db, start)) {
      if (await draftInvoice(tx, { customerId: target.customer_id, accountId: target.account_id, periodStart: start, periodEnd: end }))
        drafts++;
    }
    throw rollback;
  }).catch((err: unknown) => {
    if (err !== rollback) throw err;
  });
  return { ms: performance.now() - t0, drafts, calls };
}

const day = (d: Date) => d.toISOString().slice(0, 10);
const end = day(new Date());
const start = day(new Date(Date.now() - 365 * 86_400_000));
const results: { name: string; ms: number; drafts: number; calls: number }[] = [];
for (const [name, cdrs] of [
  ['portal_bench_10k', 10_000],
  ['portal_bench', 1_000_000],
] as const) {
  const { database } = await openBenchDatabase(name, { from: 'BENCH_PG_URL', poolSize: 4 });
  await scaleTo(database, { cdrs, messages: 0 }, name);
  await run(database, start, end); // warm-up
  const times: number[] = [];
  let last = { ms: 0, drafts: 0, calls: 0 };
  for (let i = 0; i < RUNS; i++) {
    last = await run(database, start, end);
    times.push(last.ms);
  }
  times.sort((a, b) => a - b);
  results.push({ name, ms: times[Math.floor(times.length / 2)] as number, drafts: last.drafts, calls: last.calls });
  await database.close();
}
for (const r of results)
  console.log(
    `Invoice run over ${start} to ${end}: ${r.drafts.toLocaleString('en-US')} drafts with ${r.calls.toLocaleString('en-US')} CDRs in the period: ${r.ms.toFixed(0)} ms (${r.name})`,
  );
const [small, big] = results as [(typeof results)[number], (typeof results)[number]];
const ratio = big.ms / small.ms;
const ok = ratio <= RATIO_BUDGET;
console.log(
  `Invoice run time at ${Math.round(big.calls / 1000).toLocaleString('en-US')}k vs ${Math.round(small.calls / 1000).toLocaleString('en-US')}k CDRs: ×${ratio.toFixed(2)} (budget ≤ ×${RATIO_BUDGET})   ${ok ? 'OK' : 'OVER'}`,
);
process.exitCode = ok ? 0 : 1;
