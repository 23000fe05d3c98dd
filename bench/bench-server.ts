/**
 * The server as a bench drives it: its own process (apps/server/src/main.ts) on a loopback port,
 * signed in to over HTTP, and a platform token's calls to /ingest/v1.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { DEMO_PASSWORD } from './bench-db.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
/** How long a start may take before the bench gives up (a first start on PGlite migrates and seeds). */
const START_SECONDS = 180;

export const STAFF_ADMIN = { email: 'admin@example.com', portal: 'admin' };
export const CUSTOMER_ADMIN = { email: 'customer@example.com', portal: 'customer' };
type Who = { email: string; portal: string };

export interface ServerOptions {
  /** Node flags before the entry (BENCH_SERVER_NODE_ARGS: --cpu-prof ...). */
  nodeArgs?: string[];
  /** Where the server's log (its stdout) goes: dropped by default. */
  stdout?: 'ignore' | 'pipe' | number;
}

/**
 * The server on 127.0.0.1:`port` with `env` over the bench's defaults (LOG_LEVEL=warn, no web app),
 * once /healthz answers; a server that stops or does not answer in time fails the bench.
 */
export async function startServer(env: Record<string, string>, port: number, opts: ServerOptions = {}): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', WEB_DIST: '/nonexistent', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', opts.stdout ?? 'ignore', 'inherit'],
  });
  const until = Date.now() + START_SECONDS * 1000;
  while (Date.now() < until && child.exitCode === null) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(child.exitCode === null ? 'The server did not start' : `The server stopped as it started (exit ${child.exitCode})`);
}

export async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** Signs in on the server at `base` (demo password): the session cookie (`portal_sid=...`). */
export async function signIn(base: string, who: Who): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-portal-csrf': '1' },
    body: JSON.stringify({ email: who.email, password: DEMO_PASSWORD, portal: who.portal, remember: false }),
  });
  if (res.status !== 200) throw new Error(`Sign-in failed for ${who.email}: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('portal_sid='));
  if (!cookie) throw new Error('No session cookie');
  return cookie.split(';')[0] as string;
}

/** Signs in through app.inject (the app in this process): the session cookie. */
export async function injectSignIn(app: FastifyInstance, who: Who): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'x-portal-csrf': '1' },
    payload: { email: who.email, password: DEMO_PASSWORD, portal: who.portal, remember: false },
  });
  const session = res.cookies.find((c) => c.name === 'portal_sid');
  if (!session) throw new Error(`Sign-in failed for ${who.email}: ${res.statusCode} ${res.body}`);
  return `portal_sid=${session.value}`;
}

/**
 * A platform token made by a staff Admin (as on the Platform tab), and its calls: a POST of a
 * serialised JSON body to /ingest/v1`path`, answering the parsed reply (anything but 200 throws).
 */
export async function ingestClient(base: string, tokenName: string) {
  const cookie = await signIn(base, STAFF_ADMIN);
  const created = await fetch(`${base}/api/platform-tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-portal-csrf': '1', cookie },
    body: JSON.stringify({ name: `${tokenName} ${new Date().toISOString()}` }),
  });
  const { token } = (await created.json()) as { token?: string };
  if (!token) throw new Error(`No platform token: ${created.status}`);
  return async (path: string, body: string) => {
    const res = await fetch(`${base}/ingest/v1${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body,
    });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${text.slice(0, 300)}`);
    return JSON.parse(text) as Record<string, number | unknown[]>;
  };
}
