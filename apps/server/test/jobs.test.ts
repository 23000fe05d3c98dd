import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineJob, enqueue, type JobRun } from '../src/jobs/queue.ts';
import { ALL_JOBS } from '../src/jobs/registry.ts';
import { inTransaction, systemCtx } from '../src/lib/context.ts';
import { createTestApp, type TestApp } from './helpers.ts';

async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function jobRows(t: TestApp, name: string) {
  const res = await t.database.db.execute(sql`SELECT id, state, retry_count FROM pgboss.job WHERE name = ${name} ORDER BY created_on`);
  return (res as unknown as { rows: { id: string; state: string; retry_count: number }[] }).rows;
}

const ctxOf = (t: TestApp) => systemCtx({ database: t.database, config: t.app.config, log: t.app.log }, 'test');

// Handlers record into these: the two instances of a test share this process.
const handled: { jobId: string; instance: string }[] = [];
const countJob = defineJob<{ n: number }>('test.count', async (ctx, _payload, run) => {
  handled.push({ jobId: run.jobId, instance: String(ctx.config.PORTAL_BRAND) });
  await new Promise((r) => setTimeout(r, 20));
});

const failRuns: (JobRun & { at: number })[] = [];
const failJob = defineJob(
  'test.fail',
  async (_ctx, _payload, run) => {
    failRuns.push({ ...run, at: Date.now() });
    throw new Error('the receiver is down');
  },
  { retry: { limit: 2, delaySeconds: 1, backoff: true } },
);

let slowStarted = false;
let slowFinished = false;
const slowJob = defineJob('test.slow', async () => {
  slowStarted = true;
  await new Promise((r) => setTimeout(r, 1500));
  slowFinished = true;
});

const cronJob = defineJob('test.cron', async () => {}, { cron: '*/5 * * * *' });

const definitions = [countJob, failJob, slowJob, cronJob];
const workers = { workers: true, pollingIntervalSeconds: 0.5, definitions };

describe('enqueue', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The queue stays off: enqueue writes to the tables the test database already has.
    t = await createTestApp();
    // Queues are created when the queue opens; this test's own jobs need theirs.
    const other = await createTestApp({}, { database: t.database, jobs: { workers: false, definitions } });
    await other.close();
  });
  afterAll(() => t?.close());

  it('writes the job in the caller transaction: none when it rolls back, one when it commits', async () => {
    await expect(
      inTransaction(ctxOf(t), async (tx) => {
        await enqueue(tx, countJob, { n: 1 });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await jobRows(t, 'test.count')).toHaveLength(0);

    const id = await inTransaction(ctxOf(t), (tx) => enqueue(tx, countJob, { n: 2 }));
    const rows = await jobRows(t, 'test.count');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id, state: 'created' });
  });

  it('refuses a job whose queue was never created', async () => {
    const stray = defineJob('test.unlisted', async () => {});
    await expect(enqueue(ctxOf(t), stray, {})).rejects.toThrow(/has no queue/);
  });
});

describe('the job queue with workers', () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await createTestApp({ PORTAL_BRAND: 'first' }, { jobs: workers });
    // A second instance on the same database, as a second server would be.
    second = await createTestApp({ PORTAL_BRAND: 'second' }, { database: first.database, jobs: workers });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('runs each job once when two instances poll the same database', async () => {
    const ids = await Promise.all(Array.from({ length: 30 }, (_, n) => enqueue(ctxOf(first), countJob, { n })));
    await waitFor(async () => (await jobRows(first, 'test.count')).every((r) => r.state === 'completed'));
    const ran = handled.map((h) => h.jobId).sort();
    expect(ran).toEqual([...ids].sort());
    expect(new Set(ran).size).toBe(30);
  });

  it('retries a failing job with growing delays, then marks it failed', async () => {
    const id = await enqueue(ctxOf(first), failJob, {});
    await waitFor(async () => (await jobRows(first, 'test.fail')).some((r) => r.state === 'failed'), 30_000);
    expect(failRuns.map((r) => [r.jobId, r.attempt, r.lastAttempt])).toEqual([
      [id, 1, false],
      [id, 2, false],
      [id, 3, true],
    ]);
    // Backoff: the first retry waits 1-2 s, the second 2-4 s (a fixed delay would wait 1 s each time).
    const [a, b, c] = failRuns.map((r) => r.at) as [number, number, number];
    expect(b - a).toBeGreaterThanOrEqual(900);
    expect(c - b).toBeGreaterThanOrEqual(1900);
    const [row] = await jobRows(first, 'test.fail');
    expect(row).toMatchObject({ state: 'failed', retry_count: 2 });
  });

  it('keeps the cron schedule of each scheduled job', async () => {
    const schedules = await first.app.jobs?.boss.getSchedules();
    expect(schedules?.map((s) => [s.name, s.cron])).toEqual([['test.cron', '*/5 * * * *']]);
  });
});

describe('the schedules of the portal', () => {
  it('registers the expired-session sweep and drops schedules of jobs no longer defined', async () => {
    const t = await createTestApp({}, { jobs: { workers: true, definitions: [cronJob] } });
    const again = await createTestApp({}, { database: t.database, jobs: { workers: true } });
    try {
      const schedules = await again.app.jobs?.boss.getSchedules();
      expect(schedules?.map((s) => [s.name, s.cron])).toEqual(ALL_JOBS.filter((j) => j.options.cron).map((j) => [j.name, j.options.cron]));
      expect(schedules?.map((s) => s.name)).toContain('auth.sweep-expired-sessions');
    } finally {
      await again.close();
      await t.close();
    }
  });
});

describe('graceful stop', () => {
  it('waits for a running job to finish before the app closes', async () => {
    const t = await createTestApp({}, { jobs: workers });
    const id = await enqueue(ctxOf(t), slowJob, {});
    await waitFor(() => slowStarted);
    await t.app.close();
    expect(slowFinished).toBe(true);
    const rows = await jobRows(t, 'test.slow');
    await t.database.close();
    expect(rows).toEqual([{ id, state: 'completed', retry_count: 0 }]);
  });
});
