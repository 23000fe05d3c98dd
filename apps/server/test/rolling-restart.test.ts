/**
 * A rolling restart with no failed request (issue 15): two instances behind HAProxy under a steady
 * signed-in load and an open live stream, each in turn sent SIGTERM (it drains: /readyz 503 first,
 * requests still served until HAProxy has taken it out, then the live streams are told to
 * reconnect), started again on its port and waited for until HAProxy has it back. Not one request
 * may fail, both instances serve before and after, and the stream reconnects and still gets events.
 *
 * Same rules as cluster.test.ts: TEST_DATABASE_URL and HAProxy (a failure under CI=true without it).
 */
import autocannon from 'autocannon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '../src/plugins/auth.ts';
import { clusterSkipped, clusterWorld, cookieOf, eventsOf, type InstanceName, sleep, unreadOf, until } from './cluster-world.ts';
import { TEST_PASSWORD } from './env.ts';

const DRAIN_MS = 2000;

/** An EventSource's behaviour: reads `unread` events, and after the stream ends waits its `retry:` and opens it again. */
function liveStream(url: string, cookie: string) {
  const controller = new AbortController();
  const state = { counts: [] as number[], opens: 0, ends: 0, failures: [] as string[], retryMs: 5000 };
  const done = (async () => {
    while (!controller.signal.aborted) {
      try {
        const res = await fetch(url, { headers: { cookie, accept: 'text/event-stream' }, signal: controller.signal });
        if (res.status !== 200 || !res.body) {
          state.failures.push(`stream answered ${res.status}`);
          await res.body?.cancel();
        } else {
          state.opens++;
          for await (const event of eventsOf(res.body)) {
            const retry = /^retry: (\d+)$/m.exec(event)?.[1];
            if (retry) state.retryMs = Number(retry);
            const unread = unreadOf(event);
            if (unread !== undefined) state.counts.push(unread);
          }
          state.ends++;
        }
      } catch (err) {
        if (controller.signal.aborted) break;
        state.failures.push(`stream failed: ${String(err)}`);
      }
      await sleep(state.retryMs);
    }
  })();
  return { state, close: () => controller.abort(), done };
}

describe.skipIf(clusterSkipped('rolling-restart.test.ts'))(
  'a rolling restart behind HAProxy',
  () => {
    const world = clusterWorld('portal_rolling_test');
    const { timings } = world;

    beforeAll(async () => {
      // HAProxy checks every 500 ms and takes an instance out at the second 503 in a row (250 ms
      // after the first): a 2 s drain suffices. One failed check is not enough: a slow /readyz on
      // the instance left serving, while the other starts up, would leave no instance at all.
      await world.start({ env: { SHUTDOWN_DRAIN_MS: String(DRAIN_MS) }, check: 'inter 500ms fastinter 250ms fall 2 rise 2' });
    });

    afterAll(async () => {
      await world.stop();
      process.stdout.write(`rolling-restart.test.ts timings: ${JSON.stringify(timings)}\n`);
    });

    const served = async () => {
      const rows = await world.serverStats();
      return { a: Number(rows.a?.stot), b: Number(rows.b?.stot) };
    };

    /** SIGTERM, drained (readiness false first, still serving until HAProxy took it out), exited, started again, back in. */
    async function restart(name: InstanceName) {
      const old = world.instances[name];
      const base = world[name];
      const t = Date.now();
      old.child.kill('SIGTERM');
      await until(`${name} /readyz 503`, async () => (await fetch(`${base}/readyz`)).status === 503, 1000, 20);
      const during = await fetch(`${base}/healthz`);
      expect(during.status).toBe(200);
      expect(during.headers.get('connection')).toBe('close');
      await world.haproxySees(name, 'DOWN', DRAIN_MS);
      timings[`${name}OutMs`] = Date.now() - t;
      // still serving when the balancer took it out: the drain outlasts the health checks
      expect(old.child.exitCode, old.output.join('')).toBeNull();
      expect(await old.exited, old.output.join('')).toBe(0);
      timings[`${name}ExitedMs`] = Date.now() - t;
      expect(old.output.join(''), `instance ${name} before its restart`).not.toMatch(/error|exception/i);
      world.spawnInstance(name);
      await world.ready(name);
      await world.haproxySees(name, 'UP');
      timings[`${name}BackMs`] = Date.now() - t;
    }

    it('fails no request while each instance in turn drains, restarts and comes back', async () => {
      const cookie = cookieOf(
        await fetch(`${world.lb}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [CSRF_HEADER]: '1' },
          body: JSON.stringify({ email: 'customer@example.com', password: TEST_PASSWORD, portal: 'customer' }),
        }),
      );
      const stream = liveStream(`${world.lb}/api/notifications/stream`, cookie);
      const statuses: Record<number, number> = {};
      const errors: string[] = [];
      let finished: (result: autocannon.Result) => void = () => undefined;
      const results = new Promise<autocannon.Result>((resolve) => {
        finished = resolve;
      });
      const load = autocannon(
        {
          url: world.lb,
          connections: 20,
          overallRate: 200,
          duration: 300,
          headers: { cookie },
          requests: [{ path: '/api/auth/session' }, { path: '/api/notifications/settings' }],
        },
        (err, result) => {
          if (err) errors.push(String(err));
          finished(result);
        },
      );
      load.on('response', (_client, status) => {
        statuses[status] = (statuses[status] ?? 0) + 1;
      });
      load.on('reqError', (err: Error) => errors.push(String(err?.message ?? err)));
      /** Waits until each instance has served more than 50 requests since `since`. */
      const bothServing = (what: string, since: Awaited<ReturnType<typeof served>>) =>
        until(
          what,
          async () => {
            const now = await served();
            return now.a - since.a > 50 && now.b - since.b > 50;
          },
          10_000,
          100,
        );
      try {
        const start = await served();
        await until('the first event on the live stream', async () => stream.state.counts.length > 0, 5000, 20);
        await bothServing('both instances serving the load', start);

        await restart('a');
        await restart('b');

        // both serve again, and the live stream (reconnected) still gets a change made through the balancer
        const back = await served();
        await bothServing('both instances serving after the restarts', back);
        const post = (url: string) => fetch(`${world.lb}${url}`, { method: 'POST', headers: { cookie, [CSRF_HEADER]: '1' } });
        const { rows } = await world.client.query<{ id: string }>(
          `SELECT n.id FROM notifications n JOIN users u ON u.id = n.user_id WHERE u.email = 'customer@example.com' ORDER BY n.created_at DESC LIMIT 1`,
        );
        expect((await post('/api/notifications/read-all')).status).toBe(200);
        await until('unread 0 on the live stream', async () => stream.state.counts.at(-1) === 0, 5000, 20);
        expect((await post(`/api/notifications/${rows[0]?.id}/unread`)).status).toBe(200);
        await until('unread 1 on the live stream', async () => stream.state.counts.at(-1) === 1, 5000, 20);
      } finally {
        load.stop();
        stream.close();
      }
      const result = await results;
      await stream.done;
      const backend = (await world.serverStats()).BACKEND;
      Object.assign(timings, {
        requests: result.requests.total,
        streamOpens: stream.state.opens,
        haproxyRetries: Number(backend?.wretr),
        haproxyRedispatches: Number(backend?.wredis),
      });

      expect(errors, errors.slice(0, 5).join('\n')).toEqual([]);
      expect(Object.keys(statuses), world.haproxyFailures().slice(0, 20).join('\n')).toEqual(['200']);
      expect(result.errors + result.timeouts + result.non2xx).toBe(0);
      expect(result.requests.total).toBeGreaterThan(1000);
      expect(backend?.hrsp_5xx).toBe('0');
      // the stream ended with each restart of the instance holding it, and reconnected
      expect(stream.state.failures).toEqual([]);
      expect(stream.state.ends).toBeGreaterThanOrEqual(1);
      expect(stream.state.opens).toBe(stream.state.ends + 1);
    }, 90_000);
  },
  120_000,
);
