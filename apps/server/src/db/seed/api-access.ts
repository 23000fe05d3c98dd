/** API access: API keys (stored hashed), the request log of the last 30 days, webhooks and their deliveries, a platform token. */
import type * as s from '../schema/index.ts';
import type { Row, SeedContext } from './context.ts';
import { API_ENDPOINTS, API_KEY_NAMES } from './data/catalogue.ts';
import { add, allocate, at, DAY, hasService, maxDate, sha256, TIER_WEIGHT, trafficTime } from './helpers.ts';
import { BASE62, BASE64ISH } from './random.ts';

export function seedApiAccess(sc: SeedContext): void {
  const rng = sc.rng.fork('api');
  for (const a of sc.accounts) {
    if (a.status !== 'active') continue;
    const n =
      a.customer.index === 0
        ? rng.int(2, 3)
        : rng.weighted<number>([
            [1, 5],
            [2, 4],
            [3, 1],
          ]);
    const names = rng.sample(API_KEY_NAMES, n);
    names.forEach((name, k) => {
      // the key's name says what it serves: staging, development, QA and local keys are Development keys
      const environment = /Staging|Development|QA|Local/.test(name) ? 'Development' : 'Production';
      const key = `${environment === 'Production' ? 'pk_live_' : 'pk_test_'}${rng.string(32, BASE62)}`;
      // the demo customer's newest key is a few days old (a recent "API key created" notification)
      const newest = a.customer.index === 0 && a.index === 0 && k === n - 1;
      const createdAt = newest ? sc.ago(rng.float(2, 8)) : sc.between(rng, a.createdAt, sc.ago(2));
      const revoked = !newest && k > 0 && rng.chance(0.18);
      const revokedAt = revoked ? sc.between(rng, add(createdAt, DAY), sc.now) : null;
      const id = sc.uuid();
      const row: Row<typeof s.apiKeys> = {
        id,
        customerId: a.customer.id,
        accountId: a.id,
        name,
        environment,
        keyPrefix: key.slice(0, 16),
        last4: key.slice(-4),
        keyHash: sha256(key),
        status: revoked ? 'Revoked' : 'Active',
        createdAt,
        lastUsedAt: revoked ? (rng.chance(0.6) ? sc.between(rng, createdAt, revokedAt ?? sc.now) : null) : null,
        revokedAt,
      };
      sc.apiKeys.push({ id, account: a, name, environment, createdAt, status: revoked ? 'Revoked' : 'Active', revokedAt, row });
      sc.rows.apiKeys.push(row);
    });
  }

  // request log: the last 30 days, for active keys
  const monthAgo = sc.ago(30);
  const activeKeys = sc.apiKeys.filter((k) => k.status === 'Active');
  const weights = activeKeys.map(
    (k) =>
      (k.environment === 'Production' ? 3 : 1) *
      TIER_WEIGHT[k.account.customer.spec.tier] *
      (k.account.customer.index === 0 ? 2 : 1) *
      (rng.chance(0.25) ? 0 : 1),
  );
  const counts = allocate(sc.volumes.apiRequests, weights);
  const requests: Row<typeof s.apiRequests>[] = [];
  const endpoints = API_ENDPOINTS.map(([m, e, w]) => [[m, e] as const, w] as const);
  activeKeys.forEach((k, i) => {
    const n = at(counts, i);
    let lastUsed: Date | null = null;
    for (let r = 0; r < n; r++) {
      const createdAt = trafficTime(rng, maxDate(monthAgo, k.createdAt), sc.now);
      const [method, endpoint] = rng.weighted(endpoints);
      const statusCode = rng.weighted<number>([
        [method === 'POST' && endpoint === '/v1/messages' ? 201 : 200, 86],
        [400, 5],
        [404, 4],
        [429, 5],
      ]);
      const responseMs =
        statusCode === 429 ? rng.int(2, 9) : Math.min(2500, Math.round(25 + rng.exponential(method === 'POST' ? 160 : 90)));
      requests.push({
        apiKeyId: k.id,
        customerId: k.account.customer.id,
        accountId: k.account.id,
        method,
        endpoint,
        statusCode,
        responseMs,
        requestId: rng.hex(32).replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5'),
        createdAt,
      });
      if (!lastUsed || createdAt.getTime() > lastUsed.getTime()) lastUsed = createdAt;
    }
    // keys not in the log were last used before it (or never)
    k.row.lastUsedAt = lastUsed ?? (rng.chance(0.45) ? sc.between(rng, k.createdAt, monthAgo) : null);
  });
  requests.sort((p, q) => (p.createdAt as Date).getTime() - (q.createdAt as Date).getTime());
  sc.rows.apiRequests = requests;

  // webhooks: about one per three active accounts with messaging
  const wrng = sc.rng.fork('webhooks');
  for (const a of sc.accounts) {
    if (a.status !== 'active' || !hasService(a, 'SMS')) continue;
    const n = a.customer.index === 0 && a.index < 2 ? 1 : wrng.chance(0.38) ? 1 : 0;
    for (let k = 0; k < n; k++) {
      const id = sc.uuid();
      const status =
        a.customer.index === 0
          ? 'Active'
          : wrng.weighted<'Active' | 'Inactive' | 'Error'>([
              ['Active', 74],
              ['Inactive', 13],
              ['Error', 13],
            ]);
      const events = wrng.weighted<string[]>([
        [['message.delivered', 'message.failed', 'message.received'], 40],
        [['message.delivered', 'message.failed'], 30],
        [['message.received'], 15],
        [['message.delivered'], 15],
      ]);
      const createdAt = sc.between(wrng, a.createdAt, sc.ago(15));
      const path = wrng.pick(['sms', 'messaging/events', 'webhooks/delivery', 'api/v1/sms-status', 'inbound-sms']);
      sc.rows.webhooks.push({
        id,
        customerId: a.customer.id,
        accountId: a.id,
        name: wrng.pick(['Delivery Receipts', 'Inbound SMS Handler', 'CRM Sync', 'Message Status Updates', 'Support Desk Integration']),
        url: `https://hooks.${a.customer.spec.slug}.example/${path}`,
        events,
        status,
        secret: `whsec_${wrng.string(32, BASE64ISH)}`,
        consecutiveFailures: status === 'Error' ? wrng.int(5, 12) : 0,
        createdAt,
      });
      const deliveries = wrng.int(2, 6);
      const lastDay = status === 'Inactive' ? sc.ago(20) : sc.now;
      const times = Array.from({ length: deliveries }, () => sc.between(wrng, maxDate(createdAt, add(lastDay, -14 * DAY)), lastDay)).sort(
        (p, q) => p.getTime() - q.getTime(),
      );
      times.forEach((when, d) => {
        const event = wrng.pick(events);
        const fail = status === 'Error' ? d >= deliveries - 3 || wrng.chance(0.5) : wrng.chance(0.08);
        const code = fail ? wrng.pick([500, 502, 503, 404, null]) : 200;
        const own = a.numbers[0]?.number ?? '+12125550100';
        const payload = {
          type: event,
          timestamp: when.toISOString(),
          data: {
            message_id: `SM${wrng.hex(32)}`,
            from: event === 'message.received' ? sc.remote(wrng) : own,
            to: event === 'message.received' ? own : sc.remote(wrng),
            status: event === 'message.delivered' ? 'Delivered' : event === 'message.failed' ? 'Failed' : 'Received',
          },
        };
        sc.rows.webhookDeliveries.push({
          id: sc.uuid(),
          webhookId: id,
          event,
          payload: JSON.stringify(payload),
          attempt: fail ? wrng.int(1, 5) : 1,
          statusCode: code,
          durationMs: code === null ? 10_000 : wrng.int(40, 900),
          error: fail ? (code === null ? 'Timeout after 10000 ms' : `HTTP ${code}`) : null,
          state: fail ? 'failed' : 'succeeded',
          nextAttemptAt: null,
          createdAt: when,
        });
      });
    }
  }

  seedPlatformToken(sc);
}

/**
 * One retired platform token (the Platform tab's history). It is revoked, and its hash is of a
 * text that is no token (tokens are plt_ and 40 base62 characters), so no one can ever present it:
 * the seed is public and deterministic. Its own stream and id, so the other rows keep theirs.
 */
function seedPlatformToken(sc: SeedContext): void {
  const rng = sc.rng.fork('platform-tokens');
  const createdAt = sc.ago(rng.float(180, 240));
  const revokedAt = sc.ago(rng.float(20, 40));
  sc.rows.platformTokens.push({
    id: rng.uuid(),
    name: 'Legacy switch (retired)',
    tokenHash: sha256(`seeded, never issued: ${rng.string(40, BASE62)}`),
    displayPrefix: `plt_${rng.string(8, BASE62)}`,
    createdBy: sc.staff.find((u) => u.email === 'admin@example.com')?.id ?? null,
    createdAt,
    lastUsedAt: add(revokedAt, -rng.float(1, 5) * DAY),
    revokedAt,
  });
}
