import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { type Database, openDatabase, poolStats, watchQueries } from '../src/db/client.ts';
import { defineJob, enqueue } from '../src/jobs/queue.ts';
import { systemCtx } from '../src/lib/context.ts';
import { bearerMatches } from '../src/plugins/metrics.ts';
import { testDbKind } from './env.ts';
import { as, createTestApp, DEMO, login, signIn, TEST_PASSWORD, type TestApp } from './helpers.ts';

const TOKEN = 'metrics-test-token-0123456789';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** One sample's value from the text format, e.g. value(text, 'portal_sessions_active'). */
function value(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

// The instance under test: metrics on, every statement logged (SLOW_QUERY_MS=0) into `lines`.
let t: TestApp;
const lines: Record<string, unknown>[] = [];
const logStream = { write: (line: string) => void lines.push(JSON.parse(line)) };
beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN, SLOW_QUERY_MS: '0', LOG_LEVEL: 'warn' }, { logStream });
});
afterAll(() => t?.close());

const scrape = async (app = t.app) => {
  const res = await app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) });
  expect(res.statusCode).toBe(200);
  return res.body;
};

describe('who may read /metrics', () => {
  it('is off (404 in the API error shape) while METRICS_TOKEN is not set', async () => {
    const off = await createTestApp({ SLOW_QUERY_MS: 'off' }, { database: t.database });
    try {
      for (const headers of [{}, bearer(TOKEN)]) {
        const res = await off.app.inject({ method: 'GET', url: '/metrics', headers });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found' } });
      }
    } finally {
      await off.close();
    }
  });

  it('answers 401 without the token, with another one, or with a session instead', async () => {
    const cookie = await signIn(t.app, 'admin');
    for (const headers of [{}, bearer('metrics-test-token-0123456788'), bearer(''), { authorization: TOKEN }, { cookie }]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHORIZED');
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.body).not.toContain('http_requests_total');
    }
  });

  it('compares the bearer token whole', () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`bearer   ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`Bearer ${TOKEN}x`, TOKEN)).toBe(false);
    expect(bearerMatches(`Bearer ${TOKEN.slice(0, -1)}`, TOKEN)).toBe(false);
    expect(bearerMatches(undefined, TOKEN)).toBe(false);
    expect(bearerMatches('Bearer ', TOKEN)).toBe(false);
  });

  it('refuses a short METRICS_TOKEN and takes SLOW_QUERY_MS as milliseconds or off', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(loadConfig({}).METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({}).SLOW_QUERY_MS).toBe(500);
    expect(loadConfig({ SLOW_QUERY_MS: '0' }).SLOW_QUERY_MS).toBe(0);
    expect(loadConfig({ SLOW_QUERY_MS: 'off' }).SLOW_QUERY_MS).toBeNull();
    expect(() => loadConfig({ SLOW_QUERY_MS: '-1' })).toThrow(/SLOW_QUERY_MS/);
  });
});

describe('what /metrics says', () => {
  it('answers in the Prometheus text format, never cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics', headers: bearer(TOKEN) });
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('# TYPE http_requests_total counter');
    expect(res.body).toContain('# TYPE http_request_duration_seconds histogram');
    // the process's own (CPU, memory, event loop)
    expect(res.body).toContain('process_cpu_user_seconds_total');
    expect(res.body).toContain('nodejs_eventloop_lag_seconds');
  });

  it('counts requests by route pattern (never the address asked for), method and status, with latency buckets', async () => {
    const cookie = await signIn(t.app, 'admin');
    const id = '0f0e0d0c-0b0a-4908-8706-050403020100';
    for (let i = 0; i < 3; i++) await as(t.app, cookie, { method: 'GET', url: `/api/admin/customers/${id}` });
    await t.app.inject({ method: 'GET', url: '/api/no-such-route' });
    await t.app.inject({ method: 'GET', url: '/healthz' });

    const text = await scrape();
    expect(value(text, 'http_requests_total{method="GET",route="/api/admin/customers/:id",status="404"}')).toBe(3);
    expect(value(text, 'http_requests_total{method="GET",route="unmatched",status="404"}')).toBeGreaterThanOrEqual(1);
    expect(value(text, 'http_requests_total{method="POST",route="/api/auth/login",status="200"}')).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(id);
    expect(text).not.toContain('no-such-route');
    // cumulative buckets up to +Inf, which holds every request
    const inf = value(text, 'http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/healthz",status="200"}');
    expect(inf).toBeGreaterThanOrEqual(1);
    expect(value(text, 'http_request_duration_seconds_count{method="GET",route="/healthz",status="200"}')).toBe(inf);
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/healthz",status="200"\} \d+/);
    expect(text).toMatch(/http_request_duration_seconds_sum\{method="GET",route="\/healthz",status="200"\} [\d.e-]+/);
  });

  it('counts the active sessions, and one more after a sign-in', async () => {
    const before = value(await scrape(), 'portal_sessions_active') ?? 0;
    await signIn(t.app, 'customer');
    const after = value(await scrape(), 'portal_sessions_active') ?? 0;
    expect(after).toBeGreaterThan(0);
    expect(after).toBe(before + 1);
  });

  it('reports the job queues, webhook deliveries by state and slow queries', async () => {
    const text = await scrape();
    // every queue the registry lists, whether or not a job waits
    expect(value(text, 'portal_jobs_waiting{queue="email.send",state="created"}')).toBeGreaterThanOrEqual(0);
    expect(value(text, 'portal_jobs_waiting{queue="email.send",state="retry"}')).toBeGreaterThanOrEqual(0);
    expect(value(text, 'portal_jobs_oldest_due_seconds{queue="email.send"}')).toBeGreaterThanOrEqual(0);
    // this instance was built without its job queue
    expect(value(text, 'portal_job_workers_running')).toBe(0);
    expect(text).toContain('# TYPE portal_job_failures_total counter');
    for (const state of ['pending', 'failed', 'held']) {
      expect(value(text, `portal_webhook_deliveries{state="${state}"}`)).toBeGreaterThanOrEqual(0);
    }
    expect(value(text, 'portal_webhooks_failing')).toBeGreaterThanOrEqual(0);
    // the scrape is no API request: none is worked on or waits
    expect(value(text, 'portal_api_requests{state="working"}')).toBe(0);
    expect(value(text, 'portal_api_requests{state="waiting"}')).toBe(0);
    expect(value(text, 'portal_slow_queries_total')).toBeGreaterThan(0);
    expect(text).toContain('# TYPE portal_db_pool_connections gauge');
    if (testDbKind() === 'pg') {
      // a PostgreSQL pool: its connections in use and idle, and its size
      expect(value(text, 'portal_db_pool_connections{state="idle"}')).toBeGreaterThanOrEqual(0);
      expect(value(text, 'portal_db_pool_max')).toBeGreaterThan(0);
    } else {
      // the embedded database in this thread has no pool: the gauges are declared without a value
      expect(text).not.toMatch(/^portal_db_pool_connections\{/m);
    }
  });
});

describe('the database pool', () => {
  it("reports a pool's connections in use, idle, waiting and its size", async () => {
    const pool = new pg.Pool({ max: 3 });
    try {
      expect(poolStats({ pool } as Database)).toEqual({ total: 0, idle: 0, waiting: 0, max: 3 });
    } finally {
      await pool.end();
    }
    // the test app's own database: a pool on PostgreSQL, none for the embedded database in this thread
    if (testDbKind() === 'pg') expect(poolStats(t.database)).toMatchObject({ max: expect.any(Number), waiting: 0 });
    else expect(poolStats(t.database)).toBeNull();
  });
});

describe('the slow-query log', () => {
  it("times each statement on a pooled connection from when it is sent, and reports it with its caller's context", async () => {
    // the embedded database in its worker thread is reached through node-postgres, as PostgreSQL is:
    // one connection, so these callers wait for each other
    const database = await openDatabase({ dataDir: 'memory://', thread: true });
    try {
      const caller = new AsyncLocalStorage<string>();
      const reports: { sql: string; durationMs: number; who: string | undefined }[] = [];
      watchQueries(database, {
        thresholdMs: 30,
        context: () => caller.getStore(),
        slow: (entry, who) => reports.push({ ...entry, who }),
      });
      const pool = database.pool as pg.Pool;
      await Promise.all([
        // Drizzle's queries start when awaited
        caller.run('drizzle', async () => {
          await database.db.execute(sql`SELECT pg_sleep(0.06), ${'secret-a'}::text AS a`);
        }),
        caller.run('pool', () => pool.query('SELECT pg_sleep(0.06), $1::text AS b', ['secret-b'])),
        caller.run('client', async () => {
          const client = await pool.connect();
          try {
            await client.query('SELECT 1 AS fast');
            await client.query('SELECT pg_sleep(0.06), $1::text AS c', ['secret-c']);
          } finally {
            client.release();
          }
        }),
        caller.run(
          'callback',
          () => new Promise((resolve, reject) => pool.query('SELECT pg_sleep(0.06) AS d', (err, r) => (err ? reject(err) : resolve(r)))),
        ),
      ]);
      const by = Object.fromEntries(reports.map((r) => [r.who, r]));
      expect(Object.keys(by).sort()).toEqual(['callback', 'client', 'drizzle', 'pool']);
      expect(by.drizzle?.sql).toMatch(/AS a$/);
      expect(by.pool?.sql).toMatch(/AS b$/);
      expect(by.client?.sql).toMatch(/AS c$/);
      expect(by.callback?.sql).toMatch(/AS d$/);
      expect(reports).toHaveLength(4);
      expect(JSON.stringify(reports)).not.toContain('secret');
      for (const r of reports) expect(r.durationMs).toBeGreaterThanOrEqual(30);
    } finally {
      await database.close();
    }
  });

  it("logs each statement over the threshold with its request's id and its SQL text, never its parameters", async () => {
    lines.length = 0;
    // over a real connection, the body arriving after the headers: its stream's events may run outside
    // the request's async context, yet the handler's statements are the request's
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const json = JSON.stringify({ email: DEMO.support.email, password: TEST_PASSWORD, portal: 'admin', remember: false });
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        await new Promise((r) => setTimeout(r, 100));
        controller.enqueue(new TextEncoder().encode(json));
        controller.close();
      },
    });
    const res = await fetch(`${address}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-portal-csrf': '1', 'x-request-id': 'slow-query-test-1' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(200);
    const slow = lines.filter((l) => l.msg === 'slow query');
    const mine = slow.filter((l) => l.reqId === 'slow-query-test-1');
    // the body was read before the handler ran: its statements still belong to the request
    expect(mine.length).toBeGreaterThan(1);
    expect(mine.some((l) => /from "users"/i.test(String(l.sql)))).toBe(true);
    for (const l of mine) {
      expect(l.level).toBe(40);
      expect(typeof l.durationMs).toBe('number');
      expect(JSON.stringify(l)).not.toContain(DEMO.support.email);
    }
    // statements of other requests are not put down to this one
    const other = await login(t.app, DEMO.user.email, 'customer');
    expect(other.statusCode).toBe(200);
    expect(lines.filter((l) => l.msg === 'slow query' && l.reqId === 'slow-query-test-1')).toHaveLength(mine.length);
  });

  it('logs nothing below the threshold', async () => {
    const quietLines: string[] = [];
    const quiet = await createTestApp(
      { LOG_LEVEL: 'warn', SLOW_QUERY_MS: '60000' },
      { logStream: { write: (l) => void quietLines.push(l) } },
    );
    try {
      await signIn(quiet.app, 'admin');
      expect(quietLines.filter((l) => l.includes('slow query'))).toEqual([]);
    } finally {
      await quiet.close();
    }
  });
});

describe('readiness', () => {
  it('answers ready', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready' });
  });

  it('is not ready once the job workers of an instance that runs them stopped; counts failed runs', async () => {
    const failing = defineJob(
      'metrics.test-fail',
      async () => {
        throw new Error('the receiver is down');
      },
      { retry: { limit: 0, delaySeconds: 1 } },
    );
    const later = defineJob('metrics.test-later', async () => {});
    const w = await createTestApp(
      { METRICS_TOKEN: TOKEN, SLOW_QUERY_MS: 'off' },
      { database: t.database, jobs: { workers: true, pollingIntervalSeconds: 0.5, definitions: [failing, later] } },
    );
    try {
      expect((await w.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ready' });
      const ctx = systemCtx({ database: w.database, config: w.app.config, log: w.app.log }, 'test');
      await enqueue(ctx, failing, {});
      await enqueue(ctx, later, {}, { delaySeconds: 3600 });
      await waitFor(async () => value(await scrape(w.app), 'portal_job_failures_total{queue="metrics.test-fail",final="true"}') === 1);
      const text = await scrape(w.app);
      expect(value(text, 'portal_job_workers_running')).toBe(1);
      expect(value(text, 'portal_jobs_waiting{queue="metrics.test-later",state="created"}')).toBe(1);
      // not due yet: nothing has waited
      expect(value(text, 'portal_jobs_oldest_due_seconds{queue="metrics.test-later"}')).toBe(0);

      await w.app.jobs?.stop();
      const res = await w.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'job workers stopped' });
      expect(value(await scrape(w.app), 'portal_job_workers_running')).toBe(0);
    } finally {
      await w.close();
    }
  });

  it('stays ready in an instance that only enqueues (JOB_WORKERS=false)', async () => {
    const w = await createTestApp({ SLOW_QUERY_MS: 'off', JOB_WORKERS: 'false' }, { database: t.database, jobs: { definitions: [] } });
    try {
      expect(w.app.jobs?.workers).toBe(false);
      await w.app.jobs?.stop();
      expect((await w.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ready' });
    } finally {
      await w.close();
    }
  });
});
