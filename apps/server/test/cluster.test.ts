/**
 * Several instances on one PostgreSQL behind HAProxy (issue 15): two real server processes started
 * at the same moment on a fresh database, Debian's HAProxy in front, and what must hold across them:
 * migrations once, sessions, rate-limit counters and sign-in locks shared, live notifications
 * (LISTEN/NOTIFY) reaching whichever instance holds the stream, a revoked API key refused by all
 * within a second, and a scheduled job run once.
 *
 * Runs when TEST_DATABASE_URL names a PostgreSQL server and HAProxy is installed
 * (`bash scripts/ensure-haproxy.sh`; CI installs it), once (in the `server` project), on a database
 * of its own that it creates and drops.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, openDatabase } from '../src/db/client.ts';
import { lockPolicy } from '../src/domains/auth/lockout.ts';
import { ALL_JOBS } from '../src/jobs/registry.ts';
import { getSettings } from '../src/lib/settings.ts';
import { CSRF_HEADER } from '../src/plugins/auth.ts';
import { clusterSkipped, clusterWorld, cookieOf, openStream, until } from './cluster-world.ts';
import { TEST_PASSWORD } from './env.ts';

describe.skipIf(clusterSkipped('cluster.test.ts'))(
  'several instances on one PostgreSQL behind HAProxy',
  () => {
    const world = clusterWorld('portal_cluster_test');
    const { procs, timings } = world;
    let dbUrl = '';
    let client: pg.Client;
    let a = '';
    let b = '';
    let lb = '';
    let stats = '';

    beforeAll(async () => {
      await world.start();
      ({ dbUrl, client, a, b, lb, stats } = world);
    });

    afterAll(async () => {
      await world.stop();
      process.stdout.write(`cluster.test.ts timings: ${JSON.stringify(timings)}\n`);
    });

    const signIn = (base: string, email: string, password = TEST_PASSWORD) =>
      fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [CSRF_HEADER]: '1' },
        body: JSON.stringify({ email, password, portal: email.startsWith('admin') || email.startsWith('support') ? 'admin' : 'customer' }),
      });
    const get = (base: string, url: string, headers: Record<string, string> = {}) => fetch(`${base}${url}`, { headers });
    const post = (base: string, url: string, cookie: string, body?: unknown) =>
      fetch(`${base}${url}`, {
        method: 'POST',
        headers: { cookie, [CSRF_HEADER]: '1', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });

    it('migrated once while both started at the same moment, without errors', async () => {
      const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
      const { rows } = await client.query<{ n: number; hashes: number }>(
        'SELECT count(*)::int AS n, count(DISTINCT hash)::int AS hashes FROM drizzle.__drizzle_migrations',
      );
      expect(rows[0]).toEqual({ n: journal.entries.length, hashes: journal.entries.length });
      for (const p of procs.slice(0, 2)) {
        expect(p.child.exitCode, p.output.join('')).toBeNull();
        expect(p.output.join(''), `instance ${p.name}`).not.toMatch(/error|exception/i);
      }
    });

    it('balances round robin over both, health-checked on /readyz', async () => {
      const before = await serverTotals();
      for (let i = 0; i < 6; i++) expect((await get(lb, '/healthz')).status).toBe(200);
      const after = await serverTotals();
      expect(after.a - before.a).toBe(3);
      expect(after.b - before.b).toBe(3);
    });

    async function serverTotals(): Promise<{ a: number; b: number }> {
      const csv = await (await fetch(stats)).text();
      const total = (s: string) =>
        Number(
          csv
            .split('\n')
            .find((l) => l.startsWith(`instances,${s},`))
            ?.split(',')[7] ?? Number.NaN,
        );
      return { a: total('a'), b: total('b') };
    }

    it('a session made through one instance is used on the other (and through the balancer)', async () => {
      const res = await signIn(a, 'customer@example.com');
      expect(res.status, await res.clone().text()).toBe(200);
      const cookie = cookieOf(res);
      for (const base of [b, lb, lb]) {
        const session = (await (await get(base, '/api/auth/session', { cookie })).json()) as { user: { email: string } | null };
        expect(session.user?.email).toBe('customer@example.com');
      }
      const viaLb = cookieOf(await signIn(lb, 'user@example.com'));
      for (const base of [a, b]) {
        const session = (await (await get(base, '/api/auth/session', { cookie: viaLb })).json()) as { user: { email: string } | null };
        expect(session.user?.email).toBe('user@example.com');
      }
      // signing out on B ends the session on A
      expect((await post(b, '/api/auth/logout', cookie)).status).toBe(200);
      const after = (await (await get(a, '/api/auth/session', { cookie })).json()) as { user: unknown };
      expect(after.user).toBeNull();
    });

    it('counts failed sign-ins on both instances toward one lock at the settings limit', async () => {
      const database = await openDatabase({ url: dbUrl, poolSize: 1 });
      const { limit } = await getSettings(database.db)
        .then(lockPolicy)
        .finally(() => database.close());
      expect(limit).not.toBeNull();
      const email = `cluster-${randomBytes(3).toString('hex')}@example.com`;
      const statuses: number[] = [];
      for (let i = 1; i <= (limit as number); i++) statuses.push((await signIn(i % 2 ? a : b, email, 'wrong-password-1')).status);
      expect(statuses).toEqual([...Array((limit as number) - 1).fill(401), 423]);
      // locked on every instance, and through the balancer
      for (const base of [a, b, lb]) expect((await signIn(base, email, 'wrong-password-1')).status).toBe(423);
    });

    it('shares rate-limit counters: the password-reset limit counts requests to either instance', async () => {
      const ask = (base: string) =>
        fetch(`${base}/api/auth/forgot-password`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [CSRF_HEADER]: '1' },
          body: JSON.stringify({ email: 'nobody@example.com', portal: 'customer' }),
        });
      // RATE_LIMIT_PASSWORD_RESET_PER_MINUTE=4, per client address (127.0.0.1 directly and through HAProxy)
      const statuses = [];
      for (const base of [a, b, lb, a]) statuses.push((await ask(base)).status);
      expect(
        statuses.every((s) => s < 400),
        `${statuses}`,
      ).toBe(true);
      expect((await ask(b)).status).toBe(429);
      expect((await ask(lb)).status).toBe(429);
    });

    it('delivers live notifications to the stream on B when the change is made through A', async () => {
      const cookie = cookieOf(await signIn(a, 'customer@example.com'));
      const { rows } = await client.query<{ id: string }>(
        `SELECT n.id FROM notifications n JOIN users u ON u.id = n.user_id WHERE u.email = 'customer@example.com' ORDER BY n.created_at DESC LIMIT 1`,
      );
      const id = rows[0]?.id;
      expect(id).toBeTruthy();
      const onB = openStream(`${b}/api/notifications/stream`, cookie);
      const viaLb = openStream(`${lb}/api/notifications/stream`, cookie);
      try {
        await until('the first events', async () => onB.counts.length >= 1 && viaLb.counts.length >= 1, 5000, 20);
        expect((await post(a, '/api/notifications/read-all', cookie)).status).toBe(200);
        const sent = Date.now();
        await until('unread 0 on both streams', async () => onB.counts.at(-1) === 0 && viaLb.counts.at(-1) === 0, 3000, 10);
        timings.sseMs = Date.now() - sent;
        expect((await post(a, `/api/notifications/${id}/unread`, cookie)).status).toBe(200);
        await until('unread 1 on both streams', async () => onB.counts.at(-1) === 1 && viaLb.counts.at(-1) === 1, 3000, 10);
      } finally {
        onB.close();
        viaLb.close();
        await Promise.all([onB.done, viaLb.done]);
      }
    });

    it('refuses a key revoked through A on B within a second', async () => {
      const cookie = cookieOf(await signIn(a, 'customer@example.com'));
      const { rows } = await client.query<{ id: string }>(
        `SELECT ac.id FROM accounts ac JOIN users u ON u.customer_id = ac.customer_id
          WHERE u.email = 'customer@example.com' AND ac.status = 'active' ORDER BY ac.id LIMIT 1`,
      );
      const created = await post(a, '/api/api-keys', cookie, {
        accountId: rows[0]?.id,
        name: `Cluster ${randomBytes(3).toString('hex')}`,
        environment: 'Development',
      });
      expect(created.status, await created.clone().text()).toBe(201);
      const key = (await created.json()) as { id: string; key: string };
      const bearer = { authorization: `Bearer ${key.key}` };
      for (const base of [b, a, lb]) expect((await get(base, '/v1/numbers', bearer)).status).toBe(200);
      expect((await post(a, `/api/api-keys/${key.id}/revoke`, cookie)).status).toBe(200);
      const revoked = Date.now();
      await until('B refuses the key', async () => (await get(b, '/v1/numbers', bearer)).status === 401, 1000, 20);
      timings.revokeMs = Date.now() - revoked;
      expect(Date.now() - revoked).toBeLessThan(1000);
      expect((await get(lb, '/v1/numbers', bearer)).status).toBe(401);
      expect((await get(lb, '/v1/numbers', bearer)).status).toBe(401);
    });

    it('runs a scheduled job once though both instances keep the schedules', async () => {
      // pg-boss's timekeeper enqueues the due schedules at start: a job due every minute is enqueued
      // by one instance (the other finds the cron time taken) and run by one worker.
      const everyMinute = ALL_JOBS.filter((j) => j.options.cron === '* * * * *').map((j) => j.name);
      if (everyMinute.length === 0) return; // no job is due every minute: nothing cheap to watch
      const name = everyMinute[0] as string;
      const started = Date.now();
      const jobs = await until(
        `a completed ${name} job`,
        async () => {
          const { rows } = await client.query<{ state: string; retry_count: number; started_on: Date | null }>(
            'SELECT state, retry_count, started_on FROM pgboss.job WHERE name = $1',
            [name],
          );
          return rows.some((r) => r.state === 'completed') ? rows : null;
        },
        40_000,
        250,
      );
      timings.cronJobWaitMs = Date.now() - started;
      // one enqueue per minute slot, each run once
      const { rows: slots } = await client.query<{ slot: Date; n: number }>(
        `SELECT singleton_on AS slot, count(*)::int AS n FROM pgboss.job WHERE name = '__pgboss__send-it' AND data->>'name' = $1 GROUP BY 1`,
        [name],
      );
      expect(slots.length).toBeGreaterThan(0);
      expect(slots.every((s) => s.n === 1)).toBe(true);
      expect(jobs.length).toBeLessThanOrEqual(slots.length);
      for (const j of jobs) expect(j.retry_count).toBe(0);
    });
  },
  120_000,
);
