/**
 * Throughput scales (issue 15): bench/load.ts's mixed load (the same paths, sessions, connections and
 * duration) on PostgreSQL against one instance directly, then against two instances behind HAProxy
 * (`scripts/cluster.mjs`), on the same database, every answer computed (the answer cache off). Prints both runs' req/s and p99, the ratio against
 * its budget (1.7×), and where the CPU went during each run: each instance, HAProxy, PostgreSQL
 * (every `postgres` process, exited backends included), the load client itself, the rest of the
 * machine, next to the machine's capacity (cores × seconds).
 *
 * Everything runs on this machine's cores: when they are saturated during the two-instance run the
 * ratio is bounded by the cores, not by the server, and the verdict says so (with the figure).
 *
 * PostgreSQL as bench/load.ts (DATABASE_URL, or `portal_load` on 127.0.0.1:5432; BENCH_LOAD_DB,
 * BENCH_LOAD_SECONDS, BENCH_LOAD_PORT: this bench uses that port + 4 to + 6 and + 106). Skipped (and
 * said so) when no PostgreSQL server answers or HAProxy is not installed.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type autocannon from 'autocannon';
import { haproxyBinary } from '../scripts/haproxy.mjs';
import { startServer, stopServer } from './bench-server.ts';
import { CONNECTIONS, mixedLoad, PORT, postgresUrl, prepareDatabase, SECONDS, signInSessions } from './load.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const RATIO_BUDGET = 1.7;
/** The share of the machine's CPU above which the run is bounded by the cores. */
const SATURATED = 0.9;
const CLK_TCK = 100;
const SINGLE_PORT = PORT + 4;
const CLUSTER_PORT = PORT + 5;
/** Sign-in is limited per address (in the database, shared): the bench signs in 10 times per run. */
// Every answer computed (no answer cache, decision 0056): kept answers cost the instances next to
// nothing, so with them on, the load client and HAProxy would take the machine and the ratio would
// measure them, not what a second instance adds.
const INSTANCE_ENV = { RATE_LIMIT_SIGN_IN_PER_MINUTE: '1000', TRUST_PROXY: 'loopback', LOG_LEVEL: 'warn', API_CACHE_SECONDS: '0' };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Stat {
  pid: number;
  ppid: number;
  comm: string;
  /** utime + stime + cutime + cstime, in clock ticks (exited children a process waited for included). */
  ticks: number;
}

function readStat(pid: number): Stat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = text.lastIndexOf(')');
    const comm = text.slice(text.indexOf('(') + 1, close);
    // fields after "(comm)": state ppid ... utime(14) stime(15) cutime(16) cstime(17), 1-based overall
    const f = text
      .slice(close + 2)
      .split(' ')
      .map(Number);
    const at = (n: number) => f[n - 3] ?? 0;
    return { pid, ppid: at(4), comm, ticks: at(14) + at(15) + at(16) + at(17) };
  } catch {
    return null;
  }
}

function allStats(): Stat[] {
  const out: Stat[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const s = readStat(Number(name));
    if (s) out.push(s);
  }
  return out;
}

/** The machine's busy and total CPU time (all cores) from /proc/stat, in clock ticks. */
function machineTicks(): { busy: number; total: number } {
  const cpu = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').split(/\s+/).slice(1, 9).map(Number);
  const total = cpu.reduce((a, b) => a + b, 0);
  const idle = (cpu[3] ?? 0) + (cpu[4] ?? 0);
  return { busy: total - idle, total };
}

function cores(): number {
  return readFileSync('/proc/stat', 'utf8')
    .split('\n')
    .filter((l) => /^cpu\d+ /.test(l)).length;
}

interface Snapshot {
  at: number;
  procs: Map<number, Stat>;
  machine: { busy: number; total: number };
  client: NodeJS.CpuUsage;
}

function snapshot(): Snapshot {
  return {
    at: performance.now(),
    procs: new Map(allStats().map((s) => [s.pid, s])),
    machine: machineTicks(),
    client: process.cpuUsage(),
  };
}

/** CPU seconds `pids` used between two snapshots (a process started meanwhile counts from zero). */
function cpuSeconds(before: Snapshot, after: Snapshot, pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) ticks += (after.procs.get(pid)?.ticks ?? 0) - (before.procs.get(pid)?.ticks ?? 0);
  return ticks / CLK_TCK;
}

interface Run {
  label: string;
  result: autocannon.Result;
  health: { p99: number; max: number; n: number };
  before: Snapshot;
  after: Snapshot;
  instances: { name: string; pid: number }[];
  haproxy: number[];
  /** Other processes of ours (cluster.mjs itself). */
  supervisor: number[];
}

async function loadRun(label: string, base: string, extra: Omit<Run, 'label' | 'result' | 'health' | 'before' | 'after'>): Promise<Run> {
  const sessions = await signInSessions(base);
  const before = snapshot();
  const { result, health } = await mixedLoad(base, sessions);
  const after = snapshot();
  return { label, result, health, before, after, ...extra };
}

function report(run: Run): { rps: number; saturated: boolean; share: number } {
  const { result, before, after } = run;
  const seconds = (after.at - before.at) / 1000;
  const n = cores();
  const capacity = n * seconds;
  const postgres = [...after.procs.values(), ...before.procs.values()]
    .filter((s) => s.comm === 'postgres')
    .map((s) => s.pid)
    .filter((pid, i, all) => all.indexOf(pid) === i);
  const rows: [string, number][] = [
    ...run.instances.map((i): [string, number] => [i.name, cpuSeconds(before, after, [i.pid])]),
    ...(run.haproxy.length ? [['HAProxy', cpuSeconds(before, after, run.haproxy)] as [string, number]] : []),
    ['PostgreSQL (all postgres processes)', cpuSeconds(before, after, postgres)],
    ['load client (this process)', (after.client.user + after.client.system - before.client.user - before.client.system) / 1e6],
    ...(run.supervisor.length ? [['scripts/cluster.mjs', cpuSeconds(before, after, run.supervisor)] as [string, number]] : []),
  ];
  const ours = rows.reduce((a, [, v]) => a + v, 0);
  // /proc/stat counts every core's ticks: its total over the run is the capacity as the kernel saw it
  const machineBusy = (after.machine.busy - before.machine.busy) / CLK_TCK;
  const machineTotal = (after.machine.total - before.machine.total) / CLK_TCK;
  const share = machineBusy / (machineTotal || capacity);
  const rps = result.requests.average;
  const failures = result.non2xx + result.errors + result.timeouts;
  console.log(
    `${run.label}: ${Math.round(rps).toLocaleString('en-US')} req/s, p99 ${result.latency.p99} ms over ${SECONDS} s with ${CONNECTIONS} connections, ${failures} failed (${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts); /healthz p99 ${run.health.p99.toFixed(1)} ms`,
  );
  console.log(`  CPU seconds over ${seconds.toFixed(1)} s (capacity ${n} cores × ${seconds.toFixed(1)} s = ${capacity.toFixed(1)} s):`);
  for (const [name, v] of rows)
    console.log(`    ${name.padEnd(38)} ${v.toFixed(1).padStart(6)} s  (${((100 * v) / capacity).toFixed(0)} % of the machine)`);
  console.log(`    ${'sum of the above'.padEnd(38)} ${ours.toFixed(1).padStart(6)} s  (${((100 * ours) / capacity).toFixed(0)} %)`);
  console.log(
    `    ${'machine busy (/proc/stat, everything)'.padEnd(38)} ${machineBusy.toFixed(1).padStart(6)} s  (${(100 * share).toFixed(0)} %; others: ${Math.max(0, machineBusy - ours).toFixed(1)} s)`,
  );
  console.log(`  ${Math.round(result.requests.total / Math.max(machineBusy, 0.001)).toLocaleString('en-US')} requests per busy CPU second`);
  return { rps, saturated: share >= SATURATED, share };
}

/** Processes whose parent is `pid`. */
function childrenOf(pid: number): Stat[] {
  return allStats().filter((s) => s.ppid === pid);
}

function portOf(pid: number): string {
  try {
    return /(?:^|\0)PORT=(\d+)/.exec(readFileSync(`/proc/${pid}/environ`, 'utf8'))?.[1] ?? '?';
  } catch {
    return '?';
  }
}

async function startCluster(url: string): Promise<{ child: ChildProcess; output: string[] }> {
  const child = spawn(process.execPath, ['scripts/cluster.mjs'], {
    cwd: ROOT,
    env: { ...process.env, ...INSTANCE_ENV, DATABASE_URL: url, CLUSTER_INSTANCES: '2', CLUSTER_PORT: String(CLUSTER_PORT) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr?.on('data', (d: Buffer) => output.push(d.toString()));
  // both instances UP in HAProxy's eyes (its statistics page), not only the first
  const stats = `http://127.0.0.1:${CLUSTER_PORT + 100}/stats;csv`;
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) throw new Error(`scripts/cluster.mjs exited (${child.exitCode}):\n${output.join('')}`);
    try {
      const rows = (await (await fetch(stats)).text()).split('\n').filter((l) => l.startsWith('instances,instance'));
      if (rows.length === 2 && rows.every((r) => r.split(',')[17]?.startsWith('UP'))) return { child, output };
    } catch {
      // not up yet
    }
    await sleep(100);
  }
  child.kill('SIGINT');
  throw new Error(`The cluster did not start:\n${output.join('')}`);
}

async function stopCluster(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGINT');
  await exited;
}

async function main(): Promise<boolean> {
  if (!haproxyBinary()) {
    console.log("Two instances: HAProxy is not installed ('bash scripts/ensure-haproxy.sh'): skipped");
    return true;
  }
  const url = await postgresUrl();
  if (!url) {
    console.log('Two instances: no PostgreSQL server on 127.0.0.1:5432 and no DATABASE_URL: skipped');
    return true;
  }
  await prepareDatabase(url);

  const server = await startServer({ ...INSTANCE_ENV, DATABASE_URL: url }, SINGLE_PORT);
  let one: Run;
  try {
    one = await loadRun('One instance, directly', `http://127.0.0.1:${SINGLE_PORT}`, {
      instances: [{ name: `instance (port ${SINGLE_PORT})`, pid: server.pid as number }],
      haproxy: [],
      supervisor: [],
    });
  } finally {
    await stopServer(server);
  }
  const single = report(one);

  const cluster = await startCluster(url);
  let two: Run;
  try {
    const kids = childrenOf(cluster.child.pid as number);
    two = await loadRun('Two instances behind HAProxy', `http://127.0.0.1:${CLUSTER_PORT}`, {
      instances: kids.filter((k) => k.comm !== 'haproxy').map((k) => ({ name: `instance (port ${portOf(k.pid)})`, pid: k.pid })),
      haproxy: kids.filter((k) => k.comm === 'haproxy').map((k) => k.pid),
      supervisor: [cluster.child.pid as number],
    });
  } finally {
    await stopCluster(cluster.child);
  }
  const double = report(two);

  const ratio = double.rps / Math.max(single.rps, 1);
  const failures = [one, two].reduce((a, r) => a + r.result.non2xx + r.result.errors + r.result.timeouts, 0);
  const ok = ratio >= RATIO_BUDGET && failures === 0;
  const bound = double.saturated
    ? `bounded by the cores: the machine was ${(100 * double.share).toFixed(0)} % busy during the two-instance run (load client, HAProxy and PostgreSQL on the same ${cores()} cores)`
    : `not bounded by the cores: the machine was ${(100 * double.share).toFixed(0)} % busy during the two-instance run`;
  console.log(
    `Two instances / one: ×${ratio.toFixed(2)} (${Math.round(double.rps).toLocaleString('en-US')} vs ${Math.round(single.rps).toLocaleString('en-US')} req/s; p99 ${two.result.latency.p99} vs ${one.result.latency.p99} ms) (budget: >= ×${RATIO_BUDGET}) ${ok ? 'OK' : 'UNDER'}; ${bound}`,
  );
  return ok;
}

process.exitCode = (await main()) ? 0 : 1;
