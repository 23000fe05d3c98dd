/**
 * HAProxy in front of several instances, written once for `npm run cluster` (scripts/cluster.mjs),
 * the cluster tests (apps/server/test/cluster-world.ts) and the cluster bench (bench/load-cluster.ts).
 * Types: haproxy.d.mts.
 */
import { execFileSync } from 'node:child_process';

/** HAProxy's binary, or null when it is not installed: Debian puts it in /usr/sbin, often not on a user's PATH. */
export function haproxyBinary() {
  for (const candidate of ['haproxy', '/usr/sbin/haproxy', '/usr/local/sbin/haproxy']) {
    try {
      execFileSync(candidate, ['-v'], { stdio: 'ignore' });
      return candidate;
    } catch {
      // the next
    }
  }
  return null;
}

/** `npm run cluster`'s health-check timing (see haproxyConfig). */
export const CLUSTER_CHECK = 'inter 1s fastinter 500ms fall 2 rise 2';

/**
 * HAProxy's configuration: one frontend, round robin over the instances, /readyz health checks, and
 * the statistics page at /stats. A rolling restart (SIGTERM one instance, start it again once it
 * exited, wait until it is up, then the next) fails no request.
 *
 * @param {import('./haproxy.d.mts').HaproxyOptions} options
 * @returns {string}
 */
export function haproxyConfig({ listen, stats, servers, maxconn = 2000, check = CLUSTER_CHECK, logRequests = false, statsRefresh }) {
  return [
    'global',
    `  maxconn ${maxconn}`,
    ...(logRequests ? ['  log stdout format raw local0'] : []),
    'defaults',
    ...(logRequests ? ['  log global', '  option httplog'] : []),
    '  mode http',
    '  option forwardfor',
    '  timeout connect 5s',
    '  timeout client 1h',
    '  timeout server 1h',
    // a slow /readyz (up to 2 s, under load) is not a failed check (the default is `inter`)
    '  timeout check 2s',
    'frontend portal',
    `  bind ${listen}`,
    '  default_backend instances',
    'backend instances',
    '  balance roundrobin',
    '  option httpchk',
    '  http-check send meth GET uri /readyz',
    '  http-check expect status 200',
    // With CLUSTER_CHECK a draining instance (SIGTERM: /readyz 503 for SHUTDOWN_DRAIN_MS, 5 s by
    // default) is taken out after two failed checks, the second 500 ms after the first (under 2 s in
    // all); one coming back needs two good checks.
    `  default-server ${check}`,
    // A connection refused (an instance stopping or starting) is tried on another instance; a
    // request a server dropped without an answer is resent only when it is a GET or HEAD.
    '  retries 3',
    '  option redispatch 1',
    '  retry-on conn-failure empty-response',
    '  http-request disable-l7-retry unless METH_GET',
    ...servers.map((s) => `  server ${s.name} ${s.address} check`),
    'listen stats',
    `  bind ${stats}`,
    '  stats enable',
    '  stats uri /stats',
    ...(statsRefresh ? [`  stats refresh ${statsRefresh}`] : []),
    '',
  ].join('\n');
}
