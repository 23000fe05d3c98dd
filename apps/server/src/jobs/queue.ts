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

export interface JobOptions {
  /** Runs after the first failure (default 2) and the delay before the first retry in seconds (default 30). */
  retry?: { limit: number; delaySeconds: number; backoff?: boolean };
  /** A run taking longer counts as failed (default 15 minutes). */
  timeoutSeconds?: number;
  /** A cron expression (UTC): one instance enqueues the job at each tick. */
  cron?: string;
  /** How many jobs of this queue one instance runs at once (default 5). */
  concurrency?: number;
}

export interface JobDefinition<P> {
  name: string;
  handler: JobHandler<P>;
  options: JobOptions;
}

/**
 * Declares a job: its name (the queue's, e.g. 'email.send'), the handler, which receives a
 * system context and the payload, and its retry, timeout and schedule. List it in
 * jobs/registry.ts so every instance creates its queue and runs it.
 */
export function defineJob<P = Record<string, never>>(name: string, handler: JobHandler<P>, options: JobOptions = {}): JobDefinition<P> {
  return { name, handler, options };
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

export interface JobQueue {
  readonly workers: boolean;
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
  boss.on('error', (err) => env.log.error({ err }, 'job queue error'));
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
          // Failed one by one (a retry, or failed after the last); pg-boss's own completion of the
          // batch afterwards touches only jobs still active.
          await boss.fail(job.name, j.id, err as object);
        }
      };
      const workerId: string = await boss.work<unknown>(
        job.name,
        { batchSize, includeMetadata: true, pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 2 },
        async (batch) => {
          await Promise.all(batch.map(runOne));
          // A full batch means more may wait: fetch again at once instead of after the polling interval.
          if (batch.length === batchSize) boss.notifyWorker(workerId);
        },
      );
    }
  }

  let stopped: Promise<void> | null = null;
  return {
    workers: opts.workers,
    boss,
    stop: () => {
      stopped ??= (async () => {
        await boss.stop({ graceful: true, wait: true, close: false, timeout: opts.stopTimeoutMs ?? 10_000 });
        // pg-boss completes a finished batch again without awaiting it: a last query queued behind
        // it (PGlite runs one at a time) keeps it from meeting a closed database.
        await executor.executeSql('SELECT 1', []);
      })();
      return stopped;
    },
  };
}
