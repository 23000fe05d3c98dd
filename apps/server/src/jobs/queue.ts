import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { type Ctx, systemCtx } from '../lib/context.ts';
import { databaseExecutor, drizzleExecutor } from './sql-executors.ts';

/** pg-boss keeps its tables in this schema, beside ours (see docs/decisions/0031-job-queue.md). */
export const JOB_SCHEMA = 'pgboss';

export interface JobRun {
  jobId: string;
  /** 1 for the first run, 2 for the first retry... */
  attempt: number;
  /** No retry follows when this run fails. */
  lastAttempt: boolean;
}

export type JobHandler<P> = (ctx: Ctx, payload: P, run: JobRun) => Promise<void>;
/**
 * Runs the jobs one fetch brought, together (one database round for many: webhook deliveries).
 * Throwing fails every job of the batch (each retried as its queue says); otherwise all complete.
 */
export type JobBatchHandler<P> = (ctx: Ctx, jobs: { payload: P; run: JobRun }[]) => Promise<void>;

export interface JobOptions {
  /** Runs after the first failure (default 2) and the delay before the first retry in seconds (default 30). */
  retry?: { limit: number; delaySeconds: number; backoff?: boolean };
  /** A run taking longer counts as failed (default 15 minutes). */
  timeoutSeconds?: number;
  /** A cron expression (UTC): one instance enqueues the job at each tick. */
  cron?: string;
  /** How many jobs of this queue one fetch takes, run at once by one worker (default 5). */
  concurrency?: number;
  /** How many workers of this queue one instance runs, each fetching its own batches (default 1). */
  workers?: number;
}

export interface JobDefinition<P> {
  name: string;
  handler: JobHandler<P>;
  options: JobOptions;
  /** When set, a worker hands each fetched batch to it instead of running `handler` job by job. */
  batchHandler?: JobBatchHandler<P>;
}

/**
 * Declares a job: its name (the queue's, e.g. 'email.send'), the handler, which receives a
 * system context and the payload, and its retry, timeout and schedule. List it in
 * jobs/registry.ts so every instance creates its queue and runs it.
 */
export function defineJob<P = Record<string, never>>(
  name: string,
  handler: JobHandler<P>,
  options: JobOptions & { batchHandler?: JobBatchHandler<P> } = {},
): JobDefinition<P> {
  const { batchHandler, ...rest } = options;
  return { name, handler, options: rest, ...(batchHandler ? { batchHandler } : {}) };
}

export interface EnqueueOptions {
  /** Run no earlier than this many seconds from now. */
  delaySeconds?: number;
  /** At most one job with this key waits in the queue at a time (a second enqueue returns null). */
  singletonKey?: string;
}

// One sending-only pg-boss per database: it is never started, it only writes job rows.
const producers = new WeakMap<Database, PgBoss>();
function producerFor(database: Database): PgBoss {
  let boss = producers.get(database);
  if (!boss) {
    boss = new PgBoss({ db: databaseExecutor(database), schema: JOB_SCHEMA });
    producers.set(database, boss);
  }
  return boss;
}

/**
 * Adds a job in the caller's database or transaction (ctx.db): inside `inTransaction` the job
 * exists only if the transaction commits. Any instance running workers picks it up. Returns the
 * job's id, or null when a waiting job already holds the singleton key.
 */
export async function enqueue<P>(ctx: Ctx, job: JobDefinition<P>, payload: P, opts: EnqueueOptions = {}): Promise<string | null> {
  const id = await producerFor(ctx.database).send(job.name, payload as object, {
    db: drizzleExecutor(ctx.db),
    // as a time, not a number of seconds: pg-boss casts its start_after parameter both ways in one
    // CASE, and a bare number fails the timestamp cast once the statement's parameters are inlined
    ...(opts.delaySeconds ? { startAfter: new Date(Date.now() + opts.delaySeconds * 1000) } : {}),
    ...(opts.singletonKey ? { singletonKey: opts.singletonKey } : {}),
  });
  if (!id && !opts.singletonKey) throw new Error(`The job ${job.name} has no queue: list it in jobs/registry.ts`);
  return id;
}

// Queues seen to exist, per database (pg-boss's bulk insert skips jobs of a missing queue silently).
const knownQueues = new WeakMap<Database, Set<string>>();

/**
 * Adds many jobs of one queue in one statement, in the caller's database or transaction (as
 * enqueue does: inside `inTransaction` they exist only if it commits), each due at once.
 */
export async function enqueueMany<P>(ctx: Ctx, job: JobDefinition<P>, payloads: P[]): Promise<void> {
  if (!payloads.length) return;
  const executor = drizzleExecutor(ctx.db);
  const known = knownQueues.get(ctx.database) ?? new Set<string>();
  if (!known.has(job.name)) {
    const { rows } = await executor.executeSql(`SELECT 1 FROM ${JOB_SCHEMA}.queue WHERE name = $1`, [job.name]);
    if (!rows.length) throw new Error(`The job ${job.name} has no queue: list it in jobs/registry.ts`);
    knownQueues.set(ctx.database, known.add(job.name));
  }
  await producerFor(ctx.database).insert(
    payloads.map((data) => ({ name: job.name, data: data as object })),
    { db: executor },
  );
}

// The workers of each queue running in this process, per database: woken when this process enqueues.
const wakers = new WeakMap<Database, Map<string, () => void>>();

/**
 * Tells this process's workers of the job's queue, if it runs any, to fetch now rather than at their
 * next poll (call it once the jobs are committed: afterCommit). Other instances find the jobs at
 * their next poll.
 */
export function wakeWorkers(database: Database, job: { name: string }): void {
  wakers.get(database)?.get(job.name)?.();
}

export interface WaitingJobs {
  queue: string;
  /** Jobs not yet run. */
  created: number;
  /** Jobs that failed and wait for their retry. */
  retry: number;
  /** How long the oldest job already due has waited, in seconds (0 when none is due). */
  oldestDueSeconds: number;
}

/**
 * The jobs waiting in each queue (of every instance: the queue is the database's), read through the
 * partial index pg-boss fetches with (jobs not yet active), so its cost follows the backlog, not
 * the jobs kept after they ran. Read-only; for /metrics.
 */
export async function waitingJobs(database: Database): Promise<WaitingJobs[]> {
  const result = (await database.db.execute(
    sql.raw(`
      SELECT q.name AS queue,
        coalesce(j.created, 0)::int AS created,
        coalesce(j.retry, 0)::int AS retry,
        coalesce(j.oldest_due_seconds, 0)::float8 AS "oldestDueSeconds"
      FROM ${JOB_SCHEMA}.queue q
      LEFT JOIN (
        SELECT name,
          count(*) FILTER (WHERE state = 'created') AS created,
          count(*) FILTER (WHERE state = 'retry') AS retry,
          extract(epoch FROM now() - min(start_after) FILTER (WHERE start_after <= now())) AS oldest_due_seconds
        FROM ${JOB_SCHEMA}.job
        WHERE state < 'active'
        GROUP BY name
      ) j ON j.name = q.name
      ORDER BY q.name`),
  )) as unknown as { rows: WaitingJobs[] };
  return result.rows.map((r) => ({ ...r, oldestDueSeconds: Math.max(0, Number(r.oldestDueSeconds)) }));
}

export interface JobQueueEnv {
  database: Database;
  config: Config;
  log: FastifyBaseLogger;
}

export interface JobQueueOptions {
  /** Run handlers and schedules in this instance; false only makes sure the tables and queues exist. */
  workers: boolean;
  /** How often an idle worker looks for work (pg-boss allows 0.5 and up). */
  pollingIntervalSeconds?: number;
  /** How long stop() lets running jobs finish before they are failed (and retried later). */
  stopTimeoutMs?: number;
}

/** A job queue's life in this instance: running from open until stop() is called, then stopping, then stopped. */
export type JobQueueState = 'running' | 'stopping' | 'stopped';

/** What this instance's workers met since the queue opened (for /metrics). */
export interface JobQueueCounts {
  /** Failed runs per queue: `final` those after which no retry follows. */
  failures: Map<string, { retried: number; final: number }>;
  /** Errors pg-boss reported outside a job (a fetch or its maintenance failing). */
  errors: number;
}

export interface JobQueue {
  readonly workers: boolean;
  /** running until stop() is called (readiness reads it). */
  readonly state: JobQueueState;
  readonly counts: JobQueueCounts;
  /** The pg-boss instance, for tests and diagnostics. */
  readonly boss: PgBoss;
  /** Stops fetching, waits for running jobs (up to stopTimeoutMs), then returns. */
  stop(): Promise<void>;
}

const queueOptions = (job: JobDefinition<unknown>): PgBoss.Queue => ({
  name: job.name,
  retryLimit: job.options.retry?.limit ?? 2,
  retryDelay: job.options.retry?.delaySeconds ?? 30,
  retryBackoff: job.options.retry?.backoff ?? true,
  expireInSeconds: job.options.timeoutSeconds ?? 15 * 60,
});

/**
 * Creates or migrates pg-boss's tables (under an advisory lock, safe with several instances), the
 * queue of each job, and with workers on, polls each queue and keeps the cron schedules.
 */
export async function openJobQueue(env: JobQueueEnv, jobs: readonly JobDefinition<never>[], opts: JobQueueOptions): Promise<JobQueue> {
  const executor = databaseExecutor(env.database);
  const boss = new PgBoss({
    db: executor,
    schema: JOB_SCHEMA,
    migrate: true,
    supervise: opts.workers,
    schedule: opts.workers,
  });
  const counts: JobQueueCounts = { failures: new Map(), errors: 0 };
  const countFailures = (queue: string, runs: readonly JobRun[]) => {
    const seen = counts.failures.get(queue) ?? { retried: 0, final: 0 };
    for (const run of runs) seen[run.lastAttempt ? 'final' : 'retried']++;
    counts.failures.set(queue, seen);
  };
  let state: JobQueueState = 'running';
  boss.on('error', (err) => {
    counts.errors++;
    env.log.error({ err }, 'job queue error');
  });
  await boss.start();

  const existing = new Map((await boss.getQueues()).map((q) => [q.name, q]));
  for (const job of jobs as readonly JobDefinition<unknown>[]) {
    const wanted = queueOptions(job);
    const have = existing.get(job.name);
    if (!have) await boss.createQueue(job.name, wanted);
    else if (
      have.retryLimit !== wanted.retryLimit ||
      have.retryDelay !== wanted.retryDelay ||
      have.retryBackoff !== wanted.retryBackoff ||
      have.expireInSeconds !== wanted.expireInSeconds
    ) {
      await boss.updateQueue(job.name, wanted);
    }
  }

  const woken: [string, () => void][] = [];
  if (opts.workers) {
    const wanted = new Set(jobs.filter((j) => j.options.cron).map((j) => j.name));
    for (const schedule of await boss.getSchedules()) {
      if (!wanted.has(schedule.name)) await boss.unschedule(schedule.name);
    }
    for (const job of jobs as readonly JobDefinition<unknown>[]) {
      if (job.options.cron) await boss.schedule(job.name, job.options.cron, {}, { tz: 'UTC' });
      const batchSize = job.options.concurrency ?? 5;
      const runOne = async (j: PgBoss.JobWithMetadata<unknown>) => {
        const log = env.log.child({ job: job.name, jobId: j.id });
        const run: JobRun = { jobId: j.id, attempt: j.retryCount + 1, lastAttempt: j.retryCount >= j.retryLimit };
        try {
          await job.handler(systemCtx({ database: env.database, config: env.config, log }, job.name), j.data, run);
          // Completed here, awaited, so a graceful stop returns only once the outcome is written.
          await boss.complete(job.name, j.id);
        } catch (err) {
          log.warn({ err, attempt: run.attempt, lastAttempt: run.lastAttempt }, 'job failed');
          countFailures(job.name, [run]);
          // Failed one by one (a retry, or failed after the last); pg-boss's own completion of the
          // batch afterwards touches only jobs still active.
          await boss.fail(job.name, j.id, err as object);
        }
      };
      const runBatch = async (batch: PgBoss.JobWithMetadata<unknown>[], batchHandler: JobBatchHandler<unknown>) => {
        const ids = batch.map((j) => j.id);
        const log = env.log.child({ job: job.name, jobIds: ids });
        const jobs = batch.map((j) => ({
          payload: j.data,
          run: { jobId: j.id, attempt: j.retryCount + 1, lastAttempt: j.retryCount >= j.retryLimit },
        }));
        try {
          await batchHandler(systemCtx({ database: env.database, config: env.config, log }, job.name), jobs);
          await boss.complete(job.name, ids);
        } catch (err) {
          log.warn({ err }, 'job batch failed');
          countFailures(
            job.name,
            jobs.map((j) => j.run),
          );
          await boss.fail(job.name, ids, err as object);
        }
      };
      const workerIds: string[] = [];
      for (let n = 0; n < (job.options.workers ?? 1); n++) {
        const workerId: string = await boss.work<unknown>(
          job.name,
          { batchSize, includeMetadata: true, pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 2 },
          async (batch) => {
            if (job.batchHandler) await runBatch(batch, job.batchHandler);
            else await Promise.all(batch.map(runOne));
            // A full batch means more may wait: fetch again at once instead of after the polling interval.
            if (batch.length === batchSize) boss.notifyWorker(workerId);
          },
        );
        workerIds.push(workerId);
      }
      const wake = () => {
        for (const id of workerIds) boss.notifyWorker(id);
      };
      wakers.set(env.database, (wakers.get(env.database) ?? new Map()).set(job.name, wake));
      woken.push([job.name, wake]);
    }
  }

  let stopped: Promise<void> | null = null;
  return {
    workers: opts.workers,
    boss,
    get state() {
      return state;
    },
    counts,
    stop: () => {
      stopped ??= (async () => {
        state = 'stopping';
        const queues = wakers.get(env.database);
        for (const [name, wake] of woken) if (queues?.get(name) === wake) queues.delete(name);
        await boss.stop({ graceful: true, wait: true, close: false, timeout: opts.stopTimeoutMs ?? 10_000 });
        state = 'stopped';
        // pg-boss completes a finished batch again without awaiting it: a last query queued behind
        // it (PGlite runs one at a time) keeps it from meeting a closed database.
        await executor.executeSql('SELECT 1', []);
      })();
      return stopped;
    },
  };
}
