#!/usr/bin/env node
/**
 * `npm run cluster`: several instances of the server on one PostgreSQL behind HAProxy, for local use.
 *
 *   CLUSTER_INSTANCES  how many instances (default 2), on ports CLUSTER_PORT+1, +2, ...
 *   CLUSTER_PORT       HAProxy's port (default 3000); its statistics page is on CLUSTER_PORT+100 at /stats
 *   DATABASE_URL       the PostgreSQL database; without it `portal_cluster` on 127.0.0.1:5432 is
 *                      created when missing. An empty database is migrated and seeded first.
 *
 * HAProxy balances round robin and health-checks each instance's /readyz; its configuration is
 * written to a temporary folder. Ctrl-C stops everything. The web app is served when it is built
 * (`npm run build -w apps/web`). Other variables (LOG_LEVEL, JOB_WORKERS, ...) pass to every instance.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { haproxyBinary, haproxyConfig } from './haproxy.mjs';

const ROOT = path.resolve(import.meta.dirname, '..');
const SERVER = path.join(ROOT, 'apps/server');

const count = Number(process.env.CLUSTER_INSTANCES ?? 2);
const port = Number(process.env.CLUSTER_PORT ?? 3000);
if (!Number.isInteger(count) || count < 1 || count > 20) fail('CLUSTER_INSTANCES must be a whole number from 1 to 20.');
if (!Number.isInteger(port) || port < 1 || port + 100 > 65535) fail('CLUSTER_PORT must be a port number.');
const statsPort = port + 100;
const ports = Array.from({ length: count }, (_, i) => port + 1 + i);

function fail(message) {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/** DATABASE_URL, or `portal_cluster` on 127.0.0.1:5432, created when missing. */
async function database() {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const url = 'postgres://postgres@127.0.0.1:5432/portal_cluster';
  const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  try {
    await admin.connect();
  } catch (err) {
    fail(`No DATABASE_URL and no PostgreSQL server on 127.0.0.1:5432 (${err.message}): set DATABASE_URL.`);
  }
  const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', ['portal_cluster']);
  if (!rowCount) {
    await admin.query('CREATE DATABASE portal_cluster');
    console.log('Created the database portal_cluster on 127.0.0.1:5432.');
  }
  await admin.end();
  return url;
}

const children = [];
let stopping = false;

function run(name, command, args, env) {
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = (stream, out) => {
    let rest = '';
    stream.on('data', (d) => {
      const lines = (rest + d.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) out.write(`[${name}] ${line}\n`);
    });
  };
  prefix(child.stdout, process.stdout);
  prefix(child.stderr, process.stderr);
  child.on('exit', (code, signal) => {
    if (stopping) return;
    process.stderr.write(`[${name}] exited (${signal ?? code}): stopping the cluster.\n`);
    void stopAll(1);
  });
  children.push(child);
  return child;
}

async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  const alive = children.filter((c) => c.exitCode === null && c.signalCode === null);
  await Promise.all(
    alive.map(
      (c) =>
        new Promise((resolve) => {
          const force = setTimeout(() => c.kill('SIGKILL'), 20_000);
          c.once('exit', () => {
            clearTimeout(force);
            resolve();
          });
          // everything stops: no instance needs to drain (SIGINT skips the drain SIGTERM makes)
          c.kill('SIGINT');
        }),
    ),
  );
  if (workDir) rmSync(workDir, { recursive: true, force: true });
  process.exit(code);
}

let workDir = '';

/** Waits (up to two minutes) until `url` answers 200, or the cluster is stopping. */
async function ready(url) {
  const deadline = Date.now() + 120_000;
  while (!stopping) {
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer 200 within two minutes`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

async function main() {
  const haproxy = haproxyBinary();
  if (!haproxy) fail("HAProxy is not installed: run 'bash scripts/ensure-haproxy.sh' (as root) or 'sudo apt-get install haproxy'.");
  const url = await database();
  process.on('SIGINT', () => void stopAll(0));
  process.on('SIGTERM', () => void stopAll(0));

  // Migrates, and seeds the demo data when the database has no users (nothing otherwise).
  execFileSync(process.execPath, ['--import', 'tsx', 'src/db/seed/cli.ts'], {
    cwd: SERVER,
    env: { ...process.env, DATABASE_URL: url },
    stdio: 'inherit',
  });

  const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${port}`;
  for (const [i, p] of ports.entries()) {
    run(`instance${i + 1}`, process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      ...process.env,
      PORT: String(p),
      HOST: '127.0.0.1',
      DATABASE_URL: url,
      PUBLIC_URL: publicUrl,
      // HAProxy on loopback sets X-Forwarded-For: sign-in limits and the audit log see the client.
      TRUST_PROXY: process.env.TRUST_PROXY ?? 'loopback',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    });
  }

  // HAProxy starts once every instance is ready (its first health checks would only find them down).
  await Promise.all(ports.map((p) => ready(`http://127.0.0.1:${p}/readyz`)));
  if (stopping) return;
  workDir = mkdtempSync(path.join(tmpdir(), 'portal-cluster-'));
  const cfg = path.join(workDir, 'haproxy.cfg');
  writeFileSync(
    cfg,
    haproxyConfig({
      listen: `0.0.0.0:${port}`,
      stats: `127.0.0.1:${statsPort}`,
      servers: ports.map((p, i) => ({ name: `instance${i + 1}`, address: `127.0.0.1:${p}` })),
      statsRefresh: '5s',
    }),
  );
  run('haproxy', haproxy, ['-f', cfg, '-db'], process.env);

  await ready(`http://127.0.0.1:${port}/readyz`);
  if (stopping) return;
  console.log(
    [
      '',
      `  ${count} instance${count === 1 ? '' : 's'} (ports ${ports.join(', ')}) on ${url.replace(/\/\/[^@/]*@/, '//')}`,
      `  behind HAProxy at http://localhost:${port} (round robin, health-checked on /readyz)`,
      `  HAProxy's statistics: http://localhost:${statsPort}/stats   configuration: ${cfg}`,
      '  Ctrl-C stops them all.',
      '',
    ].join('\n'),
  );
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  void stopAll(1);
});
