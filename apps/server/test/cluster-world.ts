/**
 * Two real server processes on a fresh PostgreSQL database of their own, behind Debian's HAProxy
 * (issue 15): what cluster.test.ts and rolling-restart.test.ts start, restart and stop.
 *
 * Runs when TEST_DATABASE_URL names a PostgreSQL server and HAProxy is installed
 * (`bash scripts/ensure-haproxy.sh`; CI installs it), once (in the `server` project); in CI
 * (CI=true) a missing HAProxy fails the test instead of skipping it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { haproxyBinary, haproxyConfig } from '../../../scripts/haproxy.mjs';
import { openDatabase } from '../src/db/client.ts';
import { seed } from '../src/db/seed/index.ts';
import { TEST_PASSWORD, testDbKind } from './env.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');

export const HAPROXY = process.env.TEST_DATABASE_URL ? haproxyBinary() : null;

/** Whether a cluster test file skips: no PostgreSQL, the server-pg project, or no HAProxy outside CI. */
export function clusterSkipped(file: string): boolean {
  if (process.env.TEST_DATABASE_URL && !HAPROXY && !process.env.CI && testDbKind() === 'pglite')
    process.stderr.write(
      `${file} skipped: HAProxy is not installed (run \`bash scripts/ensure-haproxy.sh\`, or \`sudo apt-get install haproxy\`).\n`,
    );
  return !process.env.TEST_DATABASE_URL || testDbKind() !== 'pglite' || (!HAPROXY && !process.env.CI);
}

/** A port nobody listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function until<T>(
  what: string,
  fn: () => Promise<T | null | undefined | false>,
  timeoutMs: number,
  everyMs = 100,
): Promise<T> {
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

export interface Proc {
  name: string;
  child: ChildProcess;
  output: string[];
  exited: Promise<number | null>;
}

function start(name: string, command: string, args: string[], env: NodeJS.ProcessEnv): Proc {
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  child.stdout?.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr?.on('data', (d: Buffer) => output.push(d.toString()));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return { name, child, output, exited };
}

const running = (p: Proc) => p.child.exitCode === null && p.child.signalCode === null;

/** Stops a process: `signal` (SIGINT: an instance closes without draining), then SIGKILL after 5 s. */
export async function stop(p: Proc, signal: NodeJS.Signals = 'SIGINT'): Promise<void> {
  if (!running(p)) return;
  p.child.kill(signal);
  await Promise.race([p.exited, sleep(5000)]);
  if (running(p)) {
    p.child.kill('SIGKILL');
    await Promise.race([p.exited, sleep(2000)]);
  }
}

export const cookieOf = (res: Response): string => {
  const sid = res.headers.getSetCookie().find((c) => c.startsWith('portal_sid='));
  if (!sid) throw new Error(`no session cookie (status ${res.status})`);
  return sid.split(';')[0] as string;
};

/** The events of a text/event-stream's body, each as its text (the lines between blank lines). */
export async function* eventsOf(body: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true });
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      yield buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf('\n\n');
    }
  }
}

/** The count an `unread` event carries (undefined for any other event). */
export function unreadOf(event: string): number | undefined {
  const data = /^event: unread\ndata: (.*)$/m.exec(event)?.[1];
  return data ? (JSON.parse(data) as { unread: number }).unread : undefined;
}

/** Reads a text/event-stream, keeping every `unread` event's count. */
export function openStream(url: string, cookie: string) {
  const controller = new AbortController();
  const counts: number[] = [];
  const done = (async () => {
    const res = await fetch(url, { headers: { cookie, accept: 'text/event-stream' }, signal: controller.signal });
    if (res.status !== 200 || !res.body) throw new Error(`stream answered ${res.status}`);
    for await (const event of eventsOf(res.body)) {
      const unread = unreadOf(event);
      if (unread !== undefined) counts.push(unread);
    }
  })().catch((err: unknown) => {
    if (!controller.signal.aborted) throw err;
  });
  return { counts, close: () => controller.abort(), done };
}

export type InstanceName = 'a' | 'b';

export interface ClusterOptions {
  /** Variables for both instances over the defaults (e.g. SHUTDOWN_DRAIN_MS). */
  env?: Record<string, string>;
  /** HAProxy's health-check timing (default `inter 500ms fall 2 rise 1`). */
  check?: string;
}

/**
 * The world: `start()` in beforeAll (both instances at the same moment on the empty database,
 * each migrating under the advisory lock; the demo data seeded; HAProxy once both are up),
 * `stop()` in afterAll (also after a failed start).
 */
export function clusterWorld(prefix: string) {
  const adminUrl = process.env.TEST_DATABASE_URL as string;
  const dbName = `${prefix}_${randomBytes(4).toString('hex')}`;
  const procs: Proc[] = [];
  const instances = {} as Record<InstanceName, Proc>;
  const ports = {} as Record<InstanceName, number>;
  let admin: pg.Client | undefined;
  let workDir = '';
  let options: ClusterOptions = {};
  const t0 = Date.now();

  const world = {
    dbUrl: '',
    /** A connection to the world's database (after start). */
    client: undefined as unknown as pg.Client,
    a: '',
    b: '',
    lb: '',
    stats: '',
    procs,
    instances,
    timings: {} as Record<string, number>,

    /** The variables an instance on `port` starts with. */
    env(port: number): NodeJS.ProcessEnv {
      const e: NodeJS.ProcessEnv = {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: world.dbUrl,
        DATABASE_POOL_SIZE: '5',
        PUBLIC_URL: world.lb,
        TRUST_PROXY: 'loopback',
        JOB_WORKERS: 'true',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'test',
        RATE_LIMIT_SIGN_IN_PER_MINUTE: '1000',
        RATE_LIMIT_PASSWORD_RESET_PER_MINUTE: '4',
        PORTAL_DEMO_PASSWORD: TEST_PASSWORD,
        ...options.env,
      };
      for (const k of ['TEST_DATABASE_URL', 'PORTAL_TEST_DB', 'METRICS_TOKEN', 'SMTP_URL', 'SMS_GATEWAY_URL']) delete e[k];
      return e;
    },

    /** Starts instance `name` (a or b) on its port; `ready()` waits for it. */
    spawnInstance(name: InstanceName): Proc {
      const p = start(name.toUpperCase(), process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], world.env(ports[name]));
      procs.push(p);
      instances[name] = p;
      return p;
    },

    /** Waits until instance `name` answers 200 on /readyz (60 s at most; fails at once if it exits). */
    async ready(name: InstanceName): Promise<void> {
      const p = instances[name];
      const url = world[name];
      await until(
        `instance ${p.name} ready`,
        async () => {
          if (p.child.exitCode !== null) return 'exited';
          return (await fetch(`${url}/readyz`)).status === 200 && 'ready';
        },
        60_000,
        100,
      )
        .then((state) => {
          if (state === 'exited') throw new Error(`instance ${p.name} exited with ${p.child.exitCode}`);
        })
        .catch((err: Error) => {
          throw new Error(`${err.message}\n${p.output.join('')}`);
        });
    },

    /** HAProxy's statistics: each backend server's row (svname a, b, BACKEND), by column name. */
    async serverStats(): Promise<Record<string, Record<string, string>>> {
      const [head = '', ...lines] = (await (await fetch(world.stats)).text()).trim().split('\n');
      const columns = head.replace(/^# /, '').split(',');
      const rows: Record<string, Record<string, string>> = {};
      for (const line of lines) {
        const cells = line.split(',');
        if (cells[0] !== 'instances') continue;
        rows[cells[1] as string] = Object.fromEntries(columns.map((c, i) => [c, cells[i] ?? '']));
      }
      return rows;
    },

    /** HAProxy's log lines (one per request) whose status is not 2xx, /readyz checks aside. */
    haproxyFailures(): string[] {
      const lines =
        procs
          .find((p) => p.name === 'haproxy')
          ?.output.join('')
          .split('\n') ?? [];
      return lines.filter((l) => / portal instances\/\S+ [-\d/]+ (?!2\d\d )\S+ /.test(l) || / portal instances\/<NOSRV> /.test(l));
    },

    /** Waits until HAProxy sees `name` in `status` (UP or DOWN, as its checks see it). */
    async haproxySees(name: InstanceName, status: 'UP' | 'DOWN', timeoutMs = 15_000): Promise<void> {
      await until(
        `HAProxy sees ${name} ${status}`,
        async () => (await world.serverStats())[name]?.status?.startsWith(status),
        timeoutMs,
        50,
      );
    },

    async start(opts: ClusterOptions = {}): Promise<void> {
      options = opts;
      if (!HAPROXY)
        throw new Error("HAProxy is not installed: run 'bash scripts/ensure-haproxy.sh' (as root) or 'sudo apt-get install haproxy'.");
      const u = new URL(adminUrl);
      u.pathname = `/${dbName}`;
      world.dbUrl = u.toString();
      admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${dbName}`);
      workDir = mkdtempSync(path.join(tmpdir(), 'portal-cluster-'));
      const [pa, pb, pl, ps] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
      ports.a = pa;
      ports.b = pb;
      world.a = `http://127.0.0.1:${pa}`;
      world.b = `http://127.0.0.1:${pb}`;
      world.lb = `http://127.0.0.1:${pl}`;
      world.stats = `http://127.0.0.1:${ps}/stats;csv`;

      // Both instances at the same moment, on the empty database: each migrates (under the advisory lock).
      const started = Date.now();
      world.spawnInstance('a');
      world.spawnInstance('b');
      await world.ready('a');
      await world.ready('b');
      world.timings.bothReadyMs = Date.now() - started;

      world.client = new pg.Client({ connectionString: world.dbUrl });
      await world.client.connect();
      const seedStarted = Date.now();
      const database = await openDatabase({ url: world.dbUrl, poolSize: 4 });
      try {
        await seed(database.db, { demoPassword: TEST_PASSWORD });
      } finally {
        await database.close();
      }
      world.timings.seedMs = Date.now() - seedStarted;

      const cfg = path.join(workDir, 'haproxy.cfg');
      writeFileSync(
        cfg,
        haproxyConfig({
          listen: `127.0.0.1:${pl}`,
          stats: `127.0.0.1:${ps}`,
          servers: [
            { name: 'a', address: `127.0.0.1:${pa}` },
            { name: 'b', address: `127.0.0.1:${pb}` },
          ],
          maxconn: 1000,
          check: opts.check ?? 'inter 500ms fall 2 rise 1',
          // one log line per request, for haproxyFailures()
          logRequests: true,
        }),
      );
      procs.push(start('haproxy', HAPROXY, ['-f', cfg, '-db'], process.env));
      await world.haproxySees('a', 'UP');
      await world.haproxySees('b', 'UP');
      world.timings.setupMs = Date.now() - t0;
    },

    async stop(): Promise<void> {
      await Promise.all(procs.map((p) => stop(p).catch(() => undefined)));
      await world.client?.end().catch(() => undefined);
      if (admin) {
        await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
        await admin.end().catch(() => undefined);
      }
      if (workDir) rmSync(workDir, { recursive: true, force: true });
      world.timings.totalMs = Date.now() - t0;
    },
  };
  return world;
}
