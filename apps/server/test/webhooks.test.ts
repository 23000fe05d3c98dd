import type { TPage } from '@portal/contract/common';
import type { TTestResult, TWebhook, TWebhookCreated, TWebhookDelivery, TWebhookSecret } from '@portal/contract/webhooks';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, webhooks } from '../src/db/schema/index.ts';
import { setWebhookClock } from '../src/domains/webhooks/service.ts';
import { checkWebhookTarget, PUBLIC_ADDRESS_MESSAGE, TargetRefused } from '../src/lib/ssrf-guard.ts';
import { signWebhook } from '../src/lib/webhook-signing.ts';
import { auditEntries } from './helpers.ts';
import { expectedSignature, type Hit, signaturesOf, webhooksTestWorld } from './webhooks-world.ts';

/** Webhooks kept by their company (create, edit, delete), the SSRF guard, and their signatures; delivery: webhooks-delivery.test.ts. */
const { t, api, db, acme, globex, accountId, receiver, loopbackHook } = await webhooksTestWorld();
const { hits, port } = receiver;
const [globexAccount] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.customerId, globex.id)).limit(1);

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

    const [audit] = await auditEntries(db, 'webhook.create', hook.id);
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
    expect(await auditEntries(db, 'webhook.update', hook.id)).toHaveLength(1);

    expect((await api.as('customer:user').delete(`/api/webhooks/${hook.id}`)).status).toBe(403);
    expect((await api.as('customer:admin').delete(`/api/webhooks/${hook.id}`)).status).toBe(200);
    expect((await api.as('customer:admin').get(`/api/webhooks/${hook.id}`)).status).toBe(404);
    const [deleted] = await auditEntries(db, 'webhook.delete', hook.id);
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
    const [audit] = await auditEntries(db, 'webhook.rotate_secret', hook.id);
    expect(JSON.stringify(audit)).not.toContain(fresh);
  });
});
