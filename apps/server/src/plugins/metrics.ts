import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { type Database, poolStats, watchQueries } from '../db/client.ts';
import { dataVersion } from '../db/data-version.ts';
import { sessions, webhookDeliveries, webhooks } from '../db/schema/index.ts';
import { type WaitingJobs, waitingJobs } from '../jobs/queue.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's Prometheus metrics: what GET /metrics answers. */
    metrics: { contentType: string; text(): Promise<string> };
  }
}

/** Request latency buckets in seconds: most API answers take a few milliseconds. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** The process's own metrics (CPU, memory, event loop lag, GC), once per process whatever the apps. */
let processRegistry: Registry | null = null;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** Whether an Authorization header carries exactly this bearer token (compared in constant time). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const presented = typeof header === 'string' && /^Bearer\s+/i.test(header) ? header.replace(/^Bearer\s+/i, '').trim() : '';
  const digest = (v: string) => createHash('sha256').update(v).digest();
  // hashed first so both sides have one length: timingSafeEqual reveals nothing, not even the length
  return presented.length > 0 && timingSafeEqual(digest(presented), digest(token));
}

interface DatabaseCounts {
  sessions: number;
  deliveries: { pending: number; failed: number; held: number };
  failingWebhooks: number;
  jobs: WaitingJobs[] | null;
}

/**
 * The counts read from the database at each scrape, each through an index: sessions not expired,
 * webhook deliveries by state (not the succeeded ones: they only grow), webhooks whose last
 * delivery failed, and the jobs waiting per queue.
 */
async function readCounts(database: Database): Promise<DatabaseCounts> {
  const result = (await database.db.execute(sql`
    SELECT
      (SELECT count(*) FROM ${sessions} WHERE ${sessions.expiresAt} > now())::int AS sessions,
      (SELECT count(*) FROM ${webhookDeliveries} WHERE ${webhookDeliveries.state} = 'pending')::int AS pending,
      (SELECT count(*) FROM ${webhookDeliveries} WHERE ${webhookDeliveries.state} = 'failed')::int AS failed,
      (SELECT count(*) FROM ${webhookDeliveries} WHERE ${webhookDeliveries.state} = 'held')::int AS held,
      (SELECT count(*) FROM ${webhooks} WHERE ${webhooks.consecutiveFailures} > 0)::int AS failing`)) as unknown as {
    rows: { sessions: number; pending: number; failed: number; held: number; failing: number }[];
  };
  const row = result.rows[0] ?? { sessions: 0, pending: 0, failed: 0, held: 0, failing: 0 };
  // pg-boss's tables exist once a job queue opened on this database (the server always opens one)
  const jobs = await waitingJobs(database).catch(() => null);
  return {
    sessions: Number(row.sessions),
    deliveries: { pending: Number(row.pending), failed: Number(row.failed), held: Number(row.held) },
    failingWebhooks: Number(row.failing),
    jobs,
  };
}

/**
 * Prometheus metrics (served by GET /metrics, see domains/health/routes.ts): requests by route
 * pattern, method and status with their latency; the job queue's waiting jobs, failures and
 * worker; webhook deliveries by state; the database pool; active sessions; slow queries. Also the
 * slow-query log: statements taking SLOW_QUERY_MS or more are logged with their request's id.
 */
export const metricsPlugin = fp(async (app: FastifyInstance) => {
  const { database, config } = app;
  const registry = new Registry();

  // Requests ------------------------------------------------------------------------------------
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern (unmatched: no route) and status',
    labelNames,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to the end of its answer, by method, route pattern and status',
    labelNames,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', async (req, reply) => {
    // the route's pattern (/api/admin/customers/:id), never the address asked for: bounded labels
    const labels = { method: req.method, route: req.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
  });

  // Slow queries --------------------------------------------------------------------------------
  // The logger (with its request id) of the request each statement runs for: set before every
  // other hook, and again once the body has been read (its stream's events may run outside the
  // request's async context). Only the logger: a connection opened during a request keeps it.
  const current = new AsyncLocalStorage<FastifyBaseLogger>();
  const slowQueries = new Counter({
    name: 'portal_slow_queries_total',
    help: 'Statements that took SLOW_QUERY_MS or more',
    registers: [registry],
  });
  if (config.SLOW_QUERY_MS !== null) {
    app.addHook('onRequest', (req, _reply, done) => current.run(req.log, done));
    app.addHook('preValidation', (req, _reply, done) => current.run(req.log, done));
    watchQueries(database, {
      thresholdMs: config.SLOW_QUERY_MS,
      context: () => current.getStore(),
      slow: ({ sql: text, durationMs }, log: FastifyBaseLogger | undefined) => {
        slowQueries.inc();
        // the text only: parameter values never reach the log, and string literals written into
        // the text are masked too
        const masked = text
          .replace(/'(?:[^']|'')*'/g, "'…'")
          .replace(/\s+/g, ' ')
          .trim()
          .slice(0, 2000);
        (log ?? app.log).warn({ sql: masked, durationMs }, 'slow query');
      },
    });
  }

  // Database counts, read once per scrape whatever the number of gauges reading them -------------
  let inFlight: Promise<DatabaseCounts | null> | null = null;
  const counts = () => {
    inFlight ??= readCounts(database)
      .catch((err: unknown) => {
        app.log.warn({ err }, 'metrics: reading the database counts failed');
        return null;
      })
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  };

  new Gauge({
    name: 'portal_sessions_active',
    help: 'Sessions not expired (signed-in browsers), all instances',
    registers: [registry],
    async collect() {
      this.reset();
      const c = await counts();
      if (c) this.set(c.sessions);
    },
  });

  new Gauge({
    name: 'portal_webhook_deliveries',
    help: 'Webhook deliveries by state: pending (due or retrying), failed (no retry left), held (webhook disabled)',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const c = await counts();
      if (c) for (const [state, n] of Object.entries(c.deliveries)) this.set({ state }, n);
    },
  });

  new Gauge({
    name: 'portal_webhooks_failing',
    help: 'Webhooks whose latest delivery attempt failed',
    registers: [registry],
    async collect() {
      this.reset();
      const c = await counts();
      if (c) this.set(c.failingWebhooks);
    },
  });

  // Admission control (lib/admission.ts) ---------------------------------------------------------
  new Gauge({
    name: 'portal_api_requests',
    help: 'API requests of this instance: working (at most API_CONCURRENCY) and waiting their turn',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.reset();
      const state = app.admission?.state;
      if (!state) return;
      this.set({ state: 'working' }, state.running);
      this.set({ state: 'waiting' }, state.waiting);
    },
  });

  // Answer cache (lib/answer-cache.ts) --------------------------------------------------------------
  new Gauge({
    name: 'portal_answer_cache_lookups',
    help: 'Lookups of kept answers since the start: hit (sent from the cache) or miss (computed)',
    labelNames: ['result'] as const,
    registers: [registry],
    collect() {
      this.reset();
      const cache = app.answerCache;
      if (!cache) return;
      this.set({ result: 'hit' }, cache.hits);
      this.set({ result: 'miss' }, cache.misses);
    },
  });
  new Gauge({
    name: 'portal_data_version',
    help: 'How many times this instance saw the data change (its writes and those other instances told of)',
    registers: [registry],
    collect() {
      this.set(dataVersion(app.database).current);
    },
  });

  // Jobs ----------------------------------------------------------------------------------------
  new Gauge({
    name: 'portal_jobs_waiting',
    help: 'Jobs waiting in each queue, all instances: created (not yet run) or retry (failed, waiting for their retry)',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const q of (await counts())?.jobs ?? []) {
        this.set({ queue: q.queue, state: 'created' }, q.created);
        this.set({ queue: q.queue, state: 'retry' }, q.retry);
      }
    },
  });

  new Gauge({
    name: 'portal_jobs_oldest_due_seconds',
    help: 'How long the oldest job already due in each queue has waited (0: none waits)',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const q of (await counts())?.jobs ?? []) this.set({ queue: q.queue }, q.oldestDueSeconds);
    },
  });

  new Counter({
    name: 'portal_job_failures_total',
    help: "Failed job runs in this instance's workers, by queue; final: no retry follows",
    labelNames: ['queue', 'final'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const [queue, n] of app.jobs?.counts.failures ?? []) {
        if (n.retried) this.inc({ queue, final: 'false' }, n.retried);
        if (n.final) this.inc({ queue, final: 'true' }, n.final);
      }
    },
  });

  new Counter({
    name: 'portal_job_queue_errors_total',
    help: 'Errors the job queue met outside a job in this instance (fetching, maintenance)',
    registers: [registry],
    collect() {
      this.reset();
      const n = app.jobs?.counts.errors ?? 0;
      if (n) this.inc(n);
    },
  });

  new Gauge({
    name: 'portal_job_workers_running',
    help: 'Whether this instance runs the job workers and they are running (1) or not (0)',
    registers: [registry],
    collect() {
      this.set(app.jobs?.workers && app.jobs.state === 'running' ? 1 : 0);
    },
  });

  // Database pool -------------------------------------------------------------------------------
  new Gauge({
    name: 'portal_db_pool_connections',
    help: "This instance's database connections by state (the embedded database in its thread: one)",
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.reset();
      const s = poolStats(database);
      if (!s) return;
      this.set({ state: 'in_use' }, s.total - s.idle);
      this.set({ state: 'idle' }, s.idle);
    },
  });

  new Gauge({
    name: 'portal_db_pool_waiting',
    help: 'Requests waiting for a free database connection in this instance',
    registers: [registry],
    collect() {
      this.reset();
      const s = poolStats(database);
      if (s) this.set(s.waiting);
    },
  });

  new Gauge({
    name: 'portal_db_pool_max',
    help: 'The most database connections this instance opens',
    registers: [registry],
    collect() {
      this.reset();
      const s = poolStats(database);
      if (s) this.set(s.max);
    },
  });

  const all = Registry.merge([registry, processMetrics()]);
  app.decorate('metrics', { contentType: all.contentType, text: () => all.metrics() });
});
