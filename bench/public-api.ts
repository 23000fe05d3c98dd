/**
 * Public API budgets (issue 10), on PostgreSQL:
 * (a) GET /v1/numbers with the key check, the per-key limits and the request log: its median next
 *     to the same list through the session API (GET /api/numbers?accountId=), both via app.inject;
 * (b) its throughput from one server process (autocannon on loopback, 10 connections, 10 s).
 *
 * Database: DATABASE_URL, or `portal_bench` on postgres://postgres@127.0.0.1:5432 (seeded if empty).
 */
import type { ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import type { InjectOptions } from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openBenchDatabase } from './bench-db.ts';
import { CUSTOMER_ADMIN, injectSignIn, startServer } from './bench-server.ts';

const RUNS = 300;
const MEDIAN_BUDGET_MS = 1;
const RATE_BUDGET = 1000;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

async function main() {
  const { url, database } = await openBenchDatabase('portal_bench', { from: 'DATABASE_URL', poolSize: 8 });
  let server: ChildProcess | undefined;
  try {
    // limits out of the way: the bench measures the API, not the limiter's refusals
    await database.pool?.query(
      `UPDATE system_settings SET value = coalesce(value, '{}'::jsonb) || '{"apiRateLimitPerSecond": 1000000, "apiRateLimitPerDay": 1000000000}'::jsonb WHERE key = 'system'`,
    );
    const config = loadConfig({ DATABASE_URL: url, LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' });
    const app = await buildApp({ database, config, logger: false });
    await app.ready();
    const cookie = await injectSignIn(app, CUSTOMER_ADMIN);
    const accounts = JSON.parse((await app.inject({ method: 'GET', url: '/api/accounts?pageSize=10', headers: { cookie } })).body) as {
      items: { id: string }[];
    };
    const accountId = accounts.items[0]?.id as string;
    const created = await app.inject({
      method: 'POST',
      url: '/api/api-keys',
      headers: { cookie, 'x-portal-csrf': '1' },
      payload: { accountId, name: `Bench ${Date.now()}`, environment: 'Development' },
    });
    const key = (JSON.parse(created.body) as { key: string }).key;
    if (!key) throw new Error(`No key: ${created.body}`);

    const time = async (opts: InjectOptions) => {
      const t = performance.now();
      const res = await app.inject(opts);
      if (res.statusCode !== 200) throw new Error(`answered ${res.statusCode}: ${res.body}`);
      return performance.now() - t;
    };
    const session: number[] = [];
    const keyed: number[] = [];
    for (let i = 0; i < RUNS + 50; i++) {
      const s = await time({ method: 'GET', url: `/api/numbers?accountId=${accountId}&pageSize=50`, headers: { cookie } });
      const k = await time({ method: 'GET', url: '/v1/numbers?limit=50', headers: { authorization: `Bearer ${key}` } });
      if (i >= 50) {
        session.push(s);
        keyed.push(k);
      }
    }
    await app.close();
    const diff = median(keyed) - median(session);
    console.log(`\n(a) GET /v1/numbers (key check, limits, request log) vs GET /api/numbers (session), ${RUNS} runs each, app.inject`);
    console.log(
      `    /v1 median ${median(keyed).toFixed(2)} ms, session API median ${median(session).toFixed(2)} ms: difference ${diff.toFixed(2)} ms   budget <= ${MEDIAN_BUDGET_MS} ms   ${diff <= MEDIAN_BUDGET_MS ? 'OK' : 'OVER'}`,
    );

    const port = 4490 + Math.floor(Math.random() * 50);
    server = await startServer({ DATABASE_URL: url, JOB_WORKERS: 'false' }, port);
    const result = await autocannon({
      url: `http://127.0.0.1:${port}/v1/numbers?limit=20`,
      connections: 10,
      duration: 10,
      headers: { authorization: `Bearer ${key}` },
    });
    const rate = result.requests.average;
    console.log(`\n(b) GET /v1/numbers from one instance, 10 connections, 10 s`);
    console.log(
      `    ${Math.round(rate)} req/s, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}   budget >= ${RATE_BUDGET} req/s   ${rate >= RATE_BUDGET ? 'OK' : 'UNDER'}`,
    );
    const ok = diff <= MEDIAN_BUDGET_MS && rate >= RATE_BUDGET && result.non2xx === 0;
    console.log(`\nPublic API budgets: ${ok ? 'all within budget' : 'OVER BUDGET'}`);
    process.exitCode = ok ? 0 : 1;
  } finally {
    server?.kill('SIGTERM');
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exitCode = 1;
});
