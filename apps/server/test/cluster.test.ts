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
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, openDatabase } from '../src/db/client.ts';
import { seed } from '../src/db/seed/index.ts';
import { lockPolicy } from '../src/domains/auth/lockout.ts';
import { ALL_JOBS } from '../src/jobs/registry.ts';
import { getSettings } from '../src/lib/settings.ts';
import { CSRF_HEADER } from '../src/plugins/auth.ts';
import { TEST_PASSWORD, testDbKind } from './env.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** HAProxy's binary (Debian puts it in /usr/sbin, often not on a user's PATH), or null. */
function haproxyBinary(): string | null {
  for (const candidate of ['haproxy', '/usr/sbin/haproxy', '/usr/local/sbin/haproxy']) {
    try {
      execFileSync(candidate, ['-v'], { stdio: 'ignore' });
      return candidate;
    } catch {
      // try the next
    }
  }
  return null;
}

const HAPROXY = process.env.TEST_DATABASE_URL ? haproxyBinary() : null;
if (process.env.TEST_DATABASE_URL && !HAPROXY && !process.env.CI && testDbKind() === 'pglite')
  process.stderr.write(
    'cluster.test.ts skipped: HAProxy is not installed (run `bash scripts/ensure-haproxy.sh`, or `sudo apt-get install haproxy`).\n',
  );

/** A port nobody listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(what: string, fn: () => Promise<T | null | undefined | false>, timeoutMs: number, everyMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const v = await fn();
      if (v) return v;
    } catch (err) {
      last = err;
    }
    await sleep(everyMs);
  }
  throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}${last ? ` (last error: ${String(last)})` : ''}`);
}

interface Proc {
  name: string;
  child: ChildProcess;
  output: string[];
}

function start(name: string, command: string, args: string[], env: NodeJS.ProcessEnv): Proc {
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  child.stdout?.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr?.on('data', (d: Buffer) => output.push(d.toString()));
  return { name, child, output };
}

async function stop(p: Proc): Promise<void> {
  if (p.child.exitCode !== null || p.child.signalCode !== null) return;
  const exited = new Promise<void>((r) => p.child.once('exit', () => r()));
  p.child.kill('SIGTERM');
  await Promise.race([exited, sleep(5000)]);
  if (p.child.exitCode === null && p.child.signalCode === null) {
    p.child.kill('SIGKILL');
    await Promise.race([exited, sleep(2000)]);
  }
}

const cookieOf = (res: Response): string => {
  const sid = res.headers.getSetCookie().find((c) => c.startsWith('portal_sid='));
  if (!sid) throw new Error(`no session cookie (status ${res.status})`);
  return sid.split(';')[0] as string;
};

/** Reads a text/event-stream, keeping every `unread` event's count. */
function openStream(url: string, cookie: string) {
  const controller = new AbortController();
  const counts: number[] = [];
  let buffer = '';
  const done = (async () => {
    const res = await fetch(url, { headers: { cookie, accept: 'text/event-stream' }, signal: controller.signal });
    if (res.status !== 200 || !res.body) throw new Error(`stream answered ${res.status}`);
    const decoder = new TextDecoder();
    for await (const chunk of res.body) {
      buffer += decoder.decode(chunk as Uint8Array, { stream: true });
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const event = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = /^event: unread\ndata: (.*)$/m.exec(event)?.[1];
        if (data) counts.push((JSON.parse(data) as { unread: number }).unread);
        end = buffer.indexOf('\n\n');
      }
    }
  })().catch((err: unknown) => {
    if (!controller.signal.aborted) throw err;
  });
  return { counts, close: () => controller.abort(), done };
}

// In CI (CI=true) a missing HAProxy fails the test instead of skipping it.
describe.skipIf(!process.env.TEST_DATABASE_URL || testDbKind() !== 'pglite' || (!HAPROXY && !process.env.CI))(
  'several instances on one PostgreSQL behind HAProxy',
  () => {
    const adminUrl = process.env.TEST_DATABASE_URL as string;
    const dbName = `portal_cluster_test_${randomBytes(4).toString('hex')}`;
    let dbUrl = '';
    const procs: Proc[] = [];
    let admin: pg.Client;
    let client: pg.Client;
    let workDir = '';
    let a = '';
    let b = '';
    let lb = '';
    let stats = '';
    const timings: Record<string, number> = {};
    const t0 = Date.now();

    beforeAll(async () => {
      if (!HAPROXY)
        throw new Error("HAProxy is not installed: run 'bash scripts/ensure-haproxy.sh' (as root) or 'sudo apt-get install haproxy'.");
      const u = new URL(adminUrl);
      u.pathname = `/${dbName}`;
      dbUrl = u.toString();
      admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${dbName}`);
      workDir = mkdtempSync(path.join(tmpdir(), 'portal-cluster-'));
      const [pa, pb, pl, ps] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
      a = `http://127.0.0.1:${pa}`;
      b = `http://127.0.0.1:${pb}`;
      lb = `http://127.0.0.1:${pl}`;
      stats = `http://127.0.0.1:${ps}/stats;csv`;

      // Both instances at the same moment, on the empty database: each migrates (under the advisory lock).
      const env = (port: number): NodeJS.ProcessEnv => {
        const e: NodeJS.ProcessEnv = {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATABASE_URL: dbUrl,
          DATABASE_POOL_SIZE: '5',
          PUBLIC_URL: lb,
          TRUST_PROXY: 'loopback',
          JOB_WORKERS: 'true',
          LOG_LEVEL: 'warn',
          NODE_ENV: 'test',
          RATE_LIMIT_SIGN_IN_PER_MINUTE: '1000',
          RATE_LIMIT_PASSWORD_RESET_PER_MINUTE: '4',
          PORTAL_DEMO_PASSWORD: TEST_PASSWORD,
        };
        for (const k of ['TEST_DATABASE_URL', 'PORTAL_TEST_DB', 'METRICS_TOKEN', 'SMTP_URL', 'SMS_GATEWAY_URL']) delete e[k];
        return e;
      };
      const started = Date.now();
      for (const [name, port] of [
        ['A', pa],
        ['B', pb],
      ] as const)
        procs.push(start(name, process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], env(port)));
      for (const [p, url] of [
        [procs[0] as Proc, a],
        [procs[1] as Proc, b],
      ] as const) {
        await until(
          `instance ${p.name} ready`,
          async () => {
            if (p.child.exitCode !== null) return 'exited';
            return (await fetch(`${url}/readyz`)).status === 200 && 'ready';
          },
          60_000,
          200,
        )
          .then((state) => {
            if (state === 'exited') throw new Error(`instance ${p.name} exited with ${p.child.exitCode}`);
          })
          .catch((err: Error) => {
            throw new Error(`${err.message}\n${p.output.join('')}`);
          });
      }
      timings.bothReadyMs = Date.now() - started;

      client = new pg.Client({ connectionString: dbUrl });
      await client.connect();
      const seedStarted = Date.now();
      const database = await openDatabase({ url: dbUrl, poolSize: 4 });
      try {
        await seed(database.db, { demoPassword: TEST_PASSWORD });
      } finally {
        await database.close();
      }
      timings.seedMs = Date.now() - seedStarted;

      const cfg = path.join(workDir, 'haproxy.cfg');
      writeFileSync(
        cfg,
        [
          'global',
          '  maxconn 1000',
          'defaults',
          '  mode http',
          '  option forwardfor',
          '  timeout connect 5s',
          '  timeout client 1h',
          '  timeout server 1h',
          'frontend portal',
          `  bind 127.0.0.1:${pl}`,
          '  default_backend instances',
          'backend instances',
          '  balance roundrobin',
          '  option httpchk',
          '  http-check send meth GET uri /readyz',
          '  http-check expect status 200',
          '  default-server inter 500ms fall 2 rise 1',
          `  server a 127.0.0.1:${pa} check`,
          `  server b 127.0.0.1:${pb} check`,
          'listen stats',
          `  bind 127.0.0.1:${ps}`,
          '  stats enable',
          '  stats uri /stats',
          '',
        ].join('\n'),
      );
      procs.push(start('haproxy', HAPROXY as string, ['-f', cfg, '-db'], process.env));
      await until(
        'HAProxy with both instances up',
        async () => {
          const res = await fetch(stats);
          const csv = await res.text();
          const up = csv.split('\n').filter((l) => /^instances,(a|b),/.test(l) && l.split(',')[17] === 'UP');
          return up.length === 2;
        },
        15_000,
        200,
      );
      timings.setupMs = Date.now() - t0;
    });

    afterAll(async () => {
      await Promise.all(procs.map((p) => stop(p).catch(() => undefined)));
      await client?.end().catch(() => undefined);
      if (admin) {
        await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
        await admin.end().catch(() => undefined);
      }
      if (workDir) rmSync(workDir, { recursive: true, force: true });
      timings.totalMs = Date.now() - t0;
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
