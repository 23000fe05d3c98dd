import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TPage } from '@portal/contract/common';
import {
  RETRY_SCHEDULE_SECONDS,
  type TReplayResult,
  type TTestResult,
  type TWebhook,
  type TWebhookCreated,
  type TWebhookDelivery,
  type TWebhookSecret,
} from '@portal/contract/webhooks';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accounts, auditLog, notifications, users, webhookDeliveries, webhooks } from '../src/db/schema/index.ts';
import { deliverWebhookJob } from '../src/domains/webhooks/jobs.ts';
import { deliverDue, emitWebhookEvent, setWebhookClock } from '../src/domains/webhooks/service.ts';
import { inTransaction, systemCtx } from '../src/lib/context.ts';
import { checkWebhookTarget, PUBLIC_ADDRESS_MESSAGE, TargetRefused } from '../src/lib/ssrf-guard.ts';
import { signWebhook } from '../src/lib/webhook-signing.ts';
import { createTestApp } from './helpers.ts';
import { apiTestWorld } from './world.ts';

const { t, api, db, acme, globex } = await apiTestWorld();
// Loopback receivers (WEBHOOK_ALLOW_PRIVATE_TARGETS=true); the guard's own tests turn it off.
t.app.config.WEBHOOK_ALLOW_PRIVATE_TARGETS = true;
const ctx = systemCtx({ database: t.database, config: t.app.config, log: t.app.log }, 'test');

/** An Acme account with no seeded webhook, so only this file's webhooks get its events. */
const [account] = await db
  .select({ id: accounts.id })
  .from(accounts)
  .where(and(eq(accounts.customerId, acme.id), notInArray(accounts.id, db.select({ id: webhooks.accountId }).from(webhooks))))
  .limit(1);
const accountId = account?.id as string;
const [globexAccount] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.customerId, globex.id)).limit(1);

// ---------------------------------------------------------------------------------------------
// A receiver on loopback: answers the scripted codes in turn (the last one repeats).

interface Hit {
  headers: IncomingHttpHeaders;
  body: string;
}
const hits: Hit[] = [];
let answers: number[] = [200];
const server = createServer((req, res) => {
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (c: string) => {
    body += c;
  });
  req.on('end', () => {
    hits.push({ headers: req.headers, body });
    const code = (answers.length > 1 ? answers.shift() : answers[0]) ?? 200;
    res.writeHead(code, { 'content-type': 'text/plain' });
    res.end(`receiver says ${code}`);
  });
});
let port = 0;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(async () => {
  setWebhookClock(null);
  answers = [200];
  // each test's webhooks alone get its events
  await db.delete(webhooks).where(eq(webhooks.accountId, accountId));
});

/** A webhook created through the API on the loopback receiver (the API takes https only; the test moves it to http). */
async function loopbackHook(events: string[], name = 'Loopback receiver') {
  const res = await api.as('customer:admin').post<TWebhookCreated>('/api/webhooks', {
    name,
    url: `https://127.0.0.1:${port}/hook`,
    events,
    accountId,
  });
  expect(res.status, res.body).toBe(201);
  await db
    .update(webhooks)
    .set({ url: `http://127.0.0.1:${port}/hook` })
    .where(eq(webhooks.id, res.json().id));
  return res.json();
}

const deliveryOf = async (id: string) => {
  const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
  if (!row) throw new Error(`no delivery ${id}`);
  return row;
};
const hookRow = async (id: string) => (await db.select().from(webhooks).where(eq(webhooks.id, id)))[0];
const emit = (event: 'message.delivered' | 'message.failed' | 'message.received', data: Record<string, unknown> = {}) =>
  inTransaction(ctx, (tx) =>
    emitWebhookEvent(tx, { customerId: acme.id, accountId, event, payload: { message_id: 'SM1', ...data }, requestId: 'req-test' }),
  );
const deliveriesOf = (webhookId: string) =>
  db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, webhookId)).orderBy(webhookDeliveries.createdAt);

/** The Standard Webhooks signature, computed here from the specification (not with the server's signWebhook). */
function expectedSignature(secret: string, id: string, timestamp: string, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
}
const signaturesOf = (h: Hit) =>
  String(h.headers['webhook-signature'])
    .split(' ')
    .map((s) => {
      const [version, sig] = s.split(',');
      expect(version).toBe('v1');
      return sig as string;
    });

describe('webhooks: create, edit, delete', () => {
  it('creates with the secret shown once, lists and reads without it, in the company scope, audited', async () => {
    const created = await api.as('customer:admin').post<TWebhookCreated>('/api/webhooks', {
      name: 'CRM Sync',
      url: 'https://hooks.example.com/crm',
      events: ['message.delivered', 'message.failed'],
      accountId,
    });
    expect(created.status, created.body).toBe(201);
    const hook = created.json();
    expect(hook).toMatchObject({ name: 'CRM Sync', status: 'Active', customerId: acme.id, accountId, lastDeliveryAt: null });
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(Buffer.from(hook.secret.slice(6), 'base64')).toHaveLength(24);

    const read = await api.as('customer:admin').get<TWebhook>(`/api/webhooks/${hook.id}`);
    expect(read.status).toBe(200);
    expect(read.body).not.toContain(hook.secret);
    expect(read.json()).not.toHaveProperty('secret');
    const list = await api.as('customer:user').get<TPage<TWebhook>>('/api/webhooks', { query: { pageSize: 100 } });
    expect(list.json().items.some((w) => w.id === hook.id)).toBe(true);
    expect(list.json().items.every((w) => w.customerId === acme.id)).toBe(true);
    expect(list.body).not.toContain('whsec_');
    const staff = await api.as('staff:admin').get<TPage<TWebhook>>('/api/webhooks', { query: { customerId: acme.id, search: 'CRM Sync' } });
    expect(staff.json().items.map((w) => w.id)).toContain(hook.id);

    // another company: 404 for each route, and its list never shows Acme's webhook
    const other = api.as('other:customer:admin');
    expect((await other.get(`/api/webhooks/${hook.id}`)).status).toBe(404);
    expect((await other.get(`/api/webhooks/${hook.id}/deliveries`)).status).toBe(404);
    expect((await other.post(`/api/webhooks/${hook.id}/rotate-secret`)).status).toBe(404);
    expect((await other.post(`/api/webhooks/${hook.id}/test`)).status).toBe(404);
    expect((await other.delete(`/api/webhooks/${hook.id}`)).status).toBe(404);
    expect(
      (
        await other.put(`/api/webhooks/${hook.id}`, {
          name: 'x',
          url: 'https://hooks.example.com/x',
          events: ['message.failed'],
          accountId: globexAccount?.id,
        })
      ).status,
    ).toBe(404);
    const theirs = await other.get<TPage<TWebhook>>('/api/webhooks', { query: { pageSize: 100 } });
    expect(theirs.json().items.every((w) => w.customerId === globex.id)).toBe(true);
    // naming Acme's account from Globex is a 404 too
    expect(
      (await other.post('/api/webhooks', { name: 'x', url: 'https://hooks.example.com/x', events: ['message.failed'], accountId })).status,
    ).toBe(404);

    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'webhook.create'), eq(auditLog.entityId, hook.id)));
    expect(audit?.summary).toBe('Created webhook CRM Sync (https://hooks.example.com/crm)');
    expect(JSON.stringify(audit)).not.toContain(hook.secret);

    const edited = await api.as('customer:admin').put<TWebhook>(`/api/webhooks/${hook.id}`, {
      name: 'CRM Sync v2',
      url: 'https://hooks.example.com/crm2',
      events: ['message.received'],
      status: 'Inactive',
      accountId,
    });
    expect(edited.status, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'CRM Sync v2', events: ['message.received'], status: 'Inactive' });
    expect(
      await db
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(and(eq(auditLog.action, 'webhook.update'), eq(auditLog.entityId, hook.id))),
    ).toHaveLength(1);

    expect((await api.as('customer:user').delete(`/api/webhooks/${hook.id}`)).status).toBe(403);
    expect((await api.as('customer:admin').delete(`/api/webhooks/${hook.id}`)).status).toBe(200);
    expect((await api.as('customer:admin').get(`/api/webhooks/${hook.id}`)).status).toBe(404);
    const [deleted] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'webhook.delete'), eq(auditLog.entityId, hook.id)));
    expect(deleted?.summary).toBe('Deleted webhook CRM Sync v2 (https://hooks.example.com/crm2)');
  });

  it('refuses bad input on the fields: http, a long URL, no events, an unknown event', async () => {
    const post = (body: Record<string, unknown>) =>
      api
        .as('customer:admin')
        .post('/api/webhooks', { name: 'Bad', url: 'https://hooks.example.com/a', events: ['message.failed'], accountId, ...body });
    expect((await post({ url: 'http://hooks.example.com/a' })).error().fields).toMatchObject({ url: 'The URL must start with https://' });
    expect((await post({ url: `https://hooks.example.com/${'a'.repeat(500)}` })).error().fields).toHaveProperty('url');
    expect((await post({ events: [] })).error().fields).toHaveProperty('events');
    expect((await post({ events: ['message.sent'] })).status).toBe(400);
    expect((await post({ status: 'Error' })).status).toBe(400);
    expect((await api.as('customer:user').post('/api/webhooks', {})).status).toBe(403);
  });
});

describe('the SSRF guard', () => {
  const refusedAddresses = [
    'https://127.0.0.1/x',
    'https://localhost/x',
    'https://10.1.2.3/x',
    'https://[::1]/x',
    'https://169.254.169.254/x',
    'https://[::ffff:127.0.0.1]/x',
    'https://[fd00::1]/x',
    'https://100.64.0.1/x',
    'https://0.0.0.0/x',
    'https://192.168.1.1/x',
  ];

  it('refuses private, loopback and link-local targets by name and by address, and http://', async () => {
    for (const url of refusedAddresses) {
      const err = await checkWebhookTarget(url, { allowPrivate: false }).catch((e: unknown) => e);
      expect(err, url).toBeInstanceOf(TargetRefused);
      expect((err as TargetRefused).reason, url).toBe('address');
      expect((err as TargetRefused).statusCode).toBe(400);
      expect((err as TargetRefused).fields).toEqual({ url: PUBLIC_ADDRESS_MESSAGE });
    }
    const http = await checkWebhookTarget('http://hooks.example.com/x', { allowPrivate: false }).catch((e: unknown) => e);
    expect((http as TargetRefused).reason).toBe('scheme');
    // a public address is let through, and is the address to connect to
    expect(await checkWebhookTarget('https://93.184.215.14/x', { allowPrivate: false })).toMatchObject({
      address: '93.184.215.14',
      family: 4,
    });
    // WEBHOOK_ALLOW_PRIVATE_TARGETS lets local receivers through
    expect(await checkWebhookTarget('https://localhost/x', { allowPrivate: true })).toMatchObject({
      address: expect.stringMatching(/^(127\.|::1)/),
    });
  });

  it('refuses them at creation and again at delivery', async () => {
    const hook = await loopbackHook(['message.failed'], 'Turned private');
    await db
      .update(webhooks)
      .set({ url: `https://127.0.0.1:${port}/hook` })
      .where(eq(webhooks.id, hook.id));
    t.app.config.WEBHOOK_ALLOW_PRIVATE_TARGETS = false;
    try {
      for (const url of ['https://127.0.0.1/x', 'https://localhost/x', 'https://[::1]/x', 'https://169.254.169.254/latest']) {
        const res = await api.as('customer:admin').post('/api/webhooks', { name: 'Inside', url, events: ['message.failed'], accountId });
        expect(res.status, url).toBe(400);
        expect(res.error().fields).toEqual({ url: PUBLIC_ADDRESS_MESSAGE });
      }
      // a webhook whose target is private (saved while allowed): the delivery refuses to connect
      const before = hits.length;
      const res = await api.as('customer:admin').post<TTestResult>(`/api/webhooks/${hook.id}/test`);
      expect(res.json()).toMatchObject({ ok: false, statusCode: null, error: PUBLIC_ADDRESS_MESSAGE });
      expect(hits.length).toBe(before);
    } finally {
      t.app.config.WEBHOOK_ALLOW_PRIVATE_TARGETS = true;
    }
  });
});

describe('signatures (Standard Webhooks)', () => {
  it("matches the specification's example", () => {
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const [id, timestamp, body] = ['msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}'];
    const ours = signWebhook({ id, timestamp, body, secrets: [secret] });
    expect(ours).toBe(`v1,${expectedSignature(secret, id, String(timestamp), body)}`);
    expect(ours).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('signs the test event, with both secrets for 24 hours after a rotation', async () => {
    const hook = await loopbackHook(['message.delivered'], 'Signed');
    const res = await api.as('customer:admin').post<TTestResult>(`/api/webhooks/${hook.id}/test`);
    expect(res.status, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, statusCode: 200, error: null });
    expect(res.json().durationMs).toBeGreaterThanOrEqual(0);
    const hit = hits.at(-1) as Hit;
    expect(hit.headers['content-type']).toBe('application/json');
    expect(hit.headers['user-agent']).toMatch(/Webhooks/);
    const id = String(hit.headers['webhook-id']);
    const timestamp = String(hit.headers['webhook-timestamp']);
    expect(id).toMatch(/^msg_/);
    expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(60);
    expect(signaturesOf(hit)).toEqual([expectedSignature(hook.secret, id, timestamp, hit.body)]);
    expect(JSON.parse(hit.body)).toMatchObject({ type: 'message.delivered', data: { status: 'Delivered' } });

    // the test send is in the delivery log
    const log = await api.as('customer:user').get<TPage<TWebhookDelivery>>(`/api/webhooks/${hook.id}/deliveries`);
    expect(log.json().items[0]).toMatchObject({
      eventId: id,
      statusCode: 200,
      state: 'succeeded',
      attempt: 1,
      responseExcerpt: 'receiver says 200',
    });

    const rotated = await api.as('customer:admin').post<TWebhookSecret>(`/api/webhooks/${hook.id}/rotate-secret`);
    expect(rotated.status).toBe(200);
    const fresh = rotated.json().secret;
    expect(fresh).not.toBe(hook.secret);
    expect((await api.as('customer:admin').get(`/api/webhooks/${hook.id}`)).body).not.toContain(fresh);
    await api.as('customer:admin').post(`/api/webhooks/${hook.id}/test`);
    const both = hits.at(-1) as Hit;
    const args = [String(both.headers['webhook-id']), String(both.headers['webhook-timestamp']), both.body] as const;
    expect(signaturesOf(both)).toEqual([expectedSignature(fresh, ...args), expectedSignature(hook.secret, ...args)]);

    // 25 hours later the old secret no longer signs
    const later = new Date(Date.now() + 25 * 3600_000);
    setWebhookClock(() => later);
    await api.as('customer:admin').post(`/api/webhooks/${hook.id}/test`);
    const after = hits.at(-1) as Hit;
    expect(after.headers['webhook-timestamp']).toBe(String(Math.floor(later.getTime() / 1000)));
    expect(signaturesOf(after)).toEqual([
      expectedSignature(fresh, String(after.headers['webhook-id']), String(after.headers['webhook-timestamp']), after.body),
    ]);
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'webhook.rotate_secret'), eq(auditLog.entityId, hook.id)));
    expect(JSON.stringify(audit)).not.toContain(fresh);
  });
});

describe('delivery through the job queue, retried on schedule', () => {
  it('queues an event, retries after a 500 at about 5 s, and succeeds', async () => {
    const hook = await loopbackHook(['message.failed'], 'Retried');
    const t0 = new Date('2030-03-01T10:00:00.000Z');
    let now = t0;
    setWebhookClock(() => now);
    answers = [500, 200];

    expect(await emit('message.failed', { status: 'Failed' })).toEqual({ queued: 1, held: 0 });
    const [d] = await deliveriesOf(hook.id);
    expect(d).toMatchObject({ state: 'pending', attempt: 0, requestId: 'req-test', nextAttemptAt: t0 });
    const jobs = async () =>
      (
        (await db.execute(
          sql`SELECT data FROM pgboss.job WHERE name = 'webhooks.deliver' AND data->>'deliveryId' = ${d?.id}`,
        )) as unknown as {
          rows: { data: { due: string } }[];
        }
      ).rows.map((r) => r.data.due);
    expect(await jobs()).toEqual([t0.toISOString()]);

    const before = hits.length;
    await deliverDue(ctx);
    expect(hits.length).toBe(before + 1);
    const failed = await deliveryOf(d?.id as string);
    expect(failed).toMatchObject({
      state: 'pending',
      attempt: 1,
      statusCode: 500,
      error: 'HTTP 500',
      responseExcerpt: 'receiver says 500',
    });
    const delay = ((failed.nextAttemptAt as Date).getTime() - t0.getTime()) / 1000;
    expect(delay).toBeGreaterThanOrEqual(RETRY_SCHEDULE_SECONDS[0] * 0.9);
    expect(delay).toBeLessThanOrEqual(RETRY_SCHEDULE_SECONDS[0] * 1.1);
    expect((await hookRow(hook.id))?.failingSince).toEqual(t0);
    // the retry is a job of its own, due then
    expect(await jobs()).toContain((failed.nextAttemptAt as Date).toISOString());
    expect((await api.as('customer:admin').get<TWebhook>(`/api/webhooks/${hook.id}`)).json().failingSince).toBe(t0.toISOString());

    // not yet due two seconds later
    now = new Date(t0.getTime() + 2000);
    await deliverDue(ctx);
    expect(hits.length).toBe(before + 1);

    // due: the job runs the retry, the receiver answers 200
    now = failed.nextAttemptAt as Date;
    await deliverWebhookJob.handler(
      ctx,
      { deliveryId: d?.id as string, due: now.toISOString() },
      { jobId: 'test', attempt: 1, lastAttempt: false },
    );
    expect(hits.length).toBe(before + 2);
    expect(await deliveryOf(d?.id as string)).toMatchObject({ state: 'succeeded', attempt: 2, statusCode: 200, nextAttemptAt: null });
    const [first, second] = hits.slice(before) as [Hit, Hit];
    expect(second.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(first.headers['webhook-timestamp']).toBe(String(t0.getTime() / 1000));
    expect(Number(second.headers['webhook-timestamp'])).toBe(Math.floor(now.getTime() / 1000));
    expect(signaturesOf(second)).toEqual([
      expectedSignature(hook.secret, String(second.headers['webhook-id']), String(second.headers['webhook-timestamp']), second.body),
    ]);
    expect(await hookRow(hook.id)).toMatchObject({ consecutiveFailures: 0, failingSince: null, status: 'Active' });

    // the same job again does nothing: that attempt was made
    await deliverWebhookJob.handler(
      ctx,
      { deliveryId: d?.id as string, due: now.toISOString() },
      { jobId: 'test', attempt: 1, lastAttempt: false },
    );
    expect(hits.length).toBe(before + 2);
  });

  it('follows the whole schedule, then sets Error and notifies the Admins', async () => {
    const hook = await loopbackHook(['message.received'], 'Always failing');
    const t0 = new Date('2030-04-01T00:00:00.000Z');
    let now = t0;
    setWebhookClock(() => now);
    answers = [503];
    await emit('message.received');
    const [d] = await deliveriesOf(hook.id);
    const id = d?.id as string;
    for (let attempt = 1; attempt <= RETRY_SCHEDULE_SECONDS.length + 1; attempt++) {
      await deliverDue(ctx);
      const row = await deliveryOf(id);
      expect(row.attempt).toBe(attempt);
      if (attempt <= RETRY_SCHEDULE_SECONDS.length) {
        const base = RETRY_SCHEDULE_SECONDS[attempt - 1] as number;
        const delay = ((row.nextAttemptAt as Date).getTime() - now.getTime()) / 1000;
        expect(delay, `retry ${attempt}`).toBeGreaterThanOrEqual(base * 0.9 - 0.001);
        expect(delay, `retry ${attempt}`).toBeLessThanOrEqual(base * 1.1 + 0.001);
        expect(row.state).toBe('pending');
        now = row.nextAttemptAt as Date;
      } else {
        expect(row).toMatchObject({ state: 'failed', nextAttemptAt: null, statusCode: 503 });
      }
    }
    expect(await hookRow(hook.id)).toMatchObject({ status: 'Error', consecutiveFailures: 8 });
    const notices = await db
      .select({ title: notifications.title, message: notifications.message })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .where(and(eq(users.email, 'customer@example.com'), eq(notifications.title, 'Webhook stopped')));
    expect(notices.some((n) => n.message.includes('"Always failing"') && n.message.includes('every retry'))).toBe(true);
  });

  it('sets Error on 410 Gone at once, and after five days of failure', async () => {
    const gone = await loopbackHook(['message.delivered'], 'Gone for good');
    answers = [410];
    await emit('message.delivered');
    await deliverDue(ctx);
    const [d] = await deliveriesOf(gone.id);
    expect(d).toMatchObject({ state: 'failed', attempt: 1, statusCode: 410, nextAttemptAt: null });
    expect((await hookRow(gone.id))?.status).toBe('Error');
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'webhook.error'), eq(auditLog.entityId, gone.id)));
    expect(audit?.summary).toBe('Webhook Gone for good set to Error: the endpoint answered 410 Gone');
    const notices = await db
      .select({ message: notifications.message })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .where(and(eq(users.email, 'customer@example.com'), eq(notifications.title, 'Webhook stopped')));
    expect(notices.some((n) => n.message.includes('"Gone for good"') && n.message.includes('410 Gone'))).toBe(true);
    // another company's Admins hear nothing
    const elsewhere = await db
      .select({ id: notifications.id })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .where(and(eq(users.email, 'other@example.com'), eq(notifications.title, 'Webhook stopped')));
    expect(elsewhere).toEqual([]);
    await api.as('customer:admin').put(`/api/webhooks/${gone.id}`, {
      name: 'Gone for good',
      url: `https://127.0.0.1:${port}/hook`,
      events: ['message.failed'],
      status: 'Inactive',
      accountId,
    });

    const tired = await loopbackHook(['message.delivered'], 'Failing for days');
    const now = new Date();
    await db
      .update(webhooks)
      .set({ failingSince: new Date(now.getTime() - 5 * 24 * 3600_000 - 60_000), consecutiveFailures: 40 })
      .where(eq(webhooks.id, tired.id));
    answers = [500];
    await emit('message.delivered');
    await deliverDue(ctx);
    expect((await hookRow(tired.id))?.status).toBe('Error');
    const [last] = await deliveriesOf(tired.id);
    expect(last).toMatchObject({ state: 'failed', attempt: 1 });
  });
});

describe('the job queue running', () => {
  it('delivers through pg-boss workers, the retry after about 5 s', async () => {
    const worker = await createTestApp(
      { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' },
      { database: t.database, jobs: { workers: true, pollingIntervalSeconds: 0.5, definitions: [deliverWebhookJob] } },
    );
    try {
      const hook = await loopbackHook(['message.delivered'], 'Queued');
      answers = [500, 200];
      const before = hits.length;
      const at: number[] = [];
      const started = Date.now();
      await emit('message.delivered');
      while (hits.length < before + 2 && Date.now() - started < 30_000) {
        if (hits.length > before + at.length) at.push(Date.now());
        await new Promise((r) => setTimeout(r, 100));
      }
      at.push(Date.now());
      expect(hits.length).toBe(before + 2);
      expect((at[1] as number) - (at[0] as number)).toBeGreaterThanOrEqual(4000);
      // the receiver answers before the worker's transaction records the answer: wait for the commit
      let [d] = await deliveriesOf(hook.id);
      for (let i = 0; i < 50 && d?.state !== 'succeeded'; i++) {
        await new Promise((r) => setTimeout(r, 100));
        [d] = await deliveriesOf(hook.id);
      }
      expect(d).toMatchObject({ state: 'succeeded', attempt: 2, statusCode: 200 });
    } finally {
      await worker.close();
    }
  });
});

describe('held events and replay', () => {
  it('keeps events that arrive while the webhook is disabled, and replays them', async () => {
    const hook = await loopbackHook(['message.received'], 'Replayed');
    const body = { name: 'Replayed', url: `https://127.0.0.1:${port}/hook`, events: ['message.received'], accountId };
    await api.as('customer:admin').put(`/api/webhooks/${hook.id}`, { ...body, status: 'Inactive' });
    await db
      .update(webhooks)
      .set({ url: `http://127.0.0.1:${port}/hook` })
      .where(eq(webhooks.id, hook.id));
    const since = new Date(Date.now() - 1000);
    expect(await emit('message.received', { text: 'one' })).toMatchObject({ held: 1 });
    expect(await emit('message.received', { text: 'two' })).toMatchObject({ held: 1 });
    const before = hits.length;
    await deliverDue(ctx);
    expect(hits.length).toBe(before);
    const held = await api
      .as('customer:admin')
      .get<TPage<TWebhookDelivery>>(`/api/webhooks/${hook.id}/deliveries`, { query: { state: 'held' } });
    expect(held.json().total).toBe(2);
    expect(held.json().items.every((d) => d.nextAttemptAt === null && d.attempt === 0)).toBe(true);

    // replay waits for the webhook to be Active
    const refused = await api.as('customer:admin').post(`/api/webhooks/${hook.id}/replay`, { since: since.toISOString() });
    expect(refused.status).toBe(409);
    await api.as('customer:admin').put(`/api/webhooks/${hook.id}`, { ...body, status: 'Active' });
    await db
      .update(webhooks)
      .set({ url: `http://127.0.0.1:${port}/hook` })
      .where(eq(webhooks.id, hook.id));

    expect((await api.as('customer:user').post(`/api/webhooks/${hook.id}/replay`, { since: since.toISOString() })).status).toBe(403);
    const replayed = await api.as('customer:admin').post<TReplayResult>(`/api/webhooks/${hook.id}/replay`, { since: since.toISOString() });
    expect(replayed.status, replayed.body).toBe(200);
    expect(replayed.json()).toEqual({ queued: 2 });
    await deliverDue(ctx);
    expect(hits.length).toBe(before + 2);
    expect(
      hits
        .slice(before)
        .map((h) => JSON.parse(h.body).data.text)
        .sort(),
    ).toEqual(['one', 'two']);
    const log = await api.as('customer:admin').get<TPage<TWebhookDelivery>>(`/api/webhooks/${hook.id}/deliveries`);
    expect(log.json().items.map((d) => d.state)).toEqual(['succeeded', 'succeeded']);
    const [newest] = log.json().items as [TWebhookDelivery];

    // replay one
    const one = await api.as('customer:admin').post<TWebhookDelivery>(`/api/webhooks/${hook.id}/deliveries/${newest.id}/replay`);
    expect(one.status, one.body).toBe(200);
    expect(one.json()).toMatchObject({ id: newest.id, state: 'pending' });
    await deliverDue(ctx);
    expect(hits.length).toBe(before + 3);
    expect(hits.at(-1)?.headers['webhook-id']).toBe(newest.eventId);
    expect((await api.as('other:customer:admin').post(`/api/webhooks/${hook.id}/deliveries/${newest.id}/replay`)).status).toBe(404);
    const audits = await db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, hook.id)));
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(['webhook.replay_all', 'webhook.replay']));
    // the list shows the last delivery
    expect((await api.as('customer:admin').get<TWebhook>(`/api/webhooks/${hook.id}`)).json().lastDeliveryAt).not.toBeNull();
  });
});
