import type { TPage } from '@portal/contract/common';
import { RETRY_SCHEDULE_SECONDS, type TReplayResult, type TWebhook, type TWebhookDelivery } from '@portal/contract/webhooks';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, notifications, users, webhooks } from '../src/db/schema/index.ts';
import { deliverWebhookJob } from '../src/domains/webhooks/jobs.ts';
import { deliverDue, setWebhookClock } from '../src/domains/webhooks/service.ts';
import { auditEntries } from './helpers.ts';
import { expectedSignature, type Hit, signaturesOf, webhooksTestWorld } from './webhooks-world.ts';

/** Webhook delivery: retried on schedule through the job queue, the queue's workers, held events and replay. */
const { api, db, ctx, accountId, receiver, loopbackHook, deliveryOf, deliveriesOf, deliveriesWhen, deliveryWorker, hookRow, emit } =
  await webhooksTestWorld();
const { hits, port } = receiver;

describe('delivery through the job queue, retried on schedule', () => {
  it('queues an event, retries after a 500 at about 5 s, and succeeds', async () => {
    const hook = await loopbackHook(['message.failed'], 'Retried');
    const t0 = new Date('2030-03-01T10:00:00.000Z');
    let now = t0;
    setWebhookClock(() => now);
    receiver.answers = [500, 200];

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
    receiver.answers = [503];
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
    receiver.answers = [410];
    await emit('message.delivered');
    await deliverDue(ctx);
    const [d] = await deliveriesOf(gone.id);
    expect(d).toMatchObject({ state: 'failed', attempt: 1, statusCode: 410, nextAttemptAt: null });
    expect((await hookRow(gone.id))?.status).toBe('Error');
    const [audit] = await auditEntries(db, 'webhook.error', gone.id);
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
    receiver.answers = [500];
    await emit('message.delivered');
    await deliverDue(ctx);
    expect((await hookRow(tired.id))?.status).toBe('Error');
    const [last] = await deliveriesOf(tired.id);
    expect(last).toMatchObject({ state: 'failed', attempt: 1 });
  });
});

describe('the job queue running', () => {
  it('delivers through pg-boss workers, the retry after about 5 s', async () => {
    const worker = await deliveryWorker(0.5);
    try {
      const hook = await loopbackHook(['message.delivered'], 'Queued');
      receiver.answers = [500, 200];
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
      const [d] = await deliveriesWhen(hook.id, ([first]) => first?.state === 'succeeded');
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
