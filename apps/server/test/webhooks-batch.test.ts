/**
 * Webhook delivery in batches (the throughput path): many events emitted in one call, a worker's
 * batch made together, the sweep and a job sharing deliveries, and the emitting instance waking
 * its workers instead of waiting for their poll.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { webhooks } from '../src/db/schema/index.ts';
import { attemptDeliveries, deliverDue, emitWebhookEvent, emitWebhookEvents } from '../src/domains/webhooks/service.ts';
import { type Ctx, inTransaction, systemCtx } from '../src/lib/context.ts';
import { newWebhookSecret } from '../src/lib/webhook-signing.ts';
import { expectedSignature, webhooksTestWorld } from './webhooks-world.ts';

/** Two Acme accounts with no seeded webhook. */
const { t, db, acme, ctx, accountIds, receiver, deliveriesOf, deliveriesWhen, deliveryWorker } = await webhooksTestWorld(2);
const { hits, port } = receiver;

async function hook(accountId: string, name: string, status: 'Active' | 'Inactive' = 'Active', events = ['message.delivered']) {
  const [row] = await db
    .insert(webhooks)
    .values({ customerId: acme.id, accountId, name, url: `http://127.0.0.1:${port}/${name}`, events, status, secret: newWebhookSecret() })
    .returning();
  return row as typeof webhooks.$inferSelect;
}
/** `n` message.delivered events of the webhook's account, emitted in one call. */
const emitDelivered = (on: Ctx, a: { accountId: string }, n: number) =>
  inTransaction(on, (tx) =>
    emitWebhookEvents(
      tx,
      Array.from({ length: n }, () => ({ customerId: acme.id, accountId: a.accountId, event: 'message.delivered' as const, payload: {} })),
    ),
  );
const jobsFor = async (ids: string[]) =>
  (
    (await db.execute(
      sql`SELECT data->>'deliveryId' AS id FROM pgboss.job WHERE name = 'webhooks.deliver' AND data->>'deliveryId' IN (SELECT json_array_elements_text(${JSON.stringify(ids)}::json))`,
    )) as unknown as { rows: { id: string }[] }
  ).rows.map((r) => r.id);

describe('emitting many events at once', () => {
  it('writes a delivery per subscribed webhook and a job per pending one; held for an inactive webhook; none for others', async () => {
    const a = await hook(accountIds[0] as string, 'a');
    const b = await hook(accountIds[0] as string, 'b', 'Inactive');
    const c = await hook(accountIds[1] as string, 'c', 'Active', ['message.failed']);
    const events = Array.from({ length: 30 }, (_, i) => ({
      customerId: acme.id,
      accountId: accountIds[i % 2] as string,
      event: 'message.delivered' as const,
      payload: { message_id: `SM${i}` },
      requestId: `req-${i}`,
    }));
    const result = await inTransaction(ctx, (tx) => emitWebhookEvents(tx, events));
    // 15 events of the first account: one pending for a, one held for b; the second account's hook wants message.failed only
    expect(result).toEqual({ queued: 15, held: 15 });
    const ofA = await deliveriesOf(a.id);
    expect(ofA).toHaveLength(15);
    expect(ofA.every((d) => d.state === 'pending' && d.attempt === 0 && d.nextAttemptAt !== null)).toBe(true);
    expect(new Set(ofA.map((d) => d.eventId)).size).toBe(15);
    expect(ofA.map((d) => JSON.parse(d.payload).data.message_id).sort()).toEqual(Array.from({ length: 15 }, (_, i) => `SM${i * 2}`).sort());
    expect((await deliveriesOf(b.id)).every((d) => d.state === 'held' && d.nextAttemptAt === null)).toBe(true);
    expect(await deliveriesOf(c.id)).toEqual([]);
    expect((await jobsFor(ofA.map((d) => d.id))).sort()).toEqual(ofA.map((d) => d.id).sort());

    // nothing subscribed, nothing written
    expect(await inTransaction(ctx, (tx) => emitWebhookEvents(tx, []))).toEqual({ queued: 0, held: 0 });
  });

  it('writes nothing when the transaction rolls back', async () => {
    const a = await hook(accountIds[0] as string, 'rolled');
    await expect(
      inTransaction(ctx, async (tx) => {
        await emitWebhookEvent(tx, { customerId: acme.id, accountId: accountIds[0] as string, event: 'message.delivered', payload: {} });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await deliveriesOf(a.id)).toEqual([]);
  });
});

describe('attempting a batch', () => {
  it('sends each due delivery once, signed; holds those of an inactive webhook; leaves taken and rescheduled ones alone', async () => {
    const a = await hook(accountIds[0] as string, 'a');
    const b = await hook(accountIds[1] as string, 'b');
    const emit = (accountId: string) =>
      inTransaction(ctx, (tx) => emitWebhookEvent(tx, { customerId: acme.id, accountId, event: 'message.delivered', payload: { n: 1 } }));
    for (let i = 0; i < 3; i++) {
      await emit(a.accountId);
      await emit(b.accountId);
    }
    const [a1, a2, a3] = await deliveriesOf(a.id);
    const [b1, b2, b3] = await deliveriesOf(b.id);
    if (!a1 || !a2 || !a3 || !b1 || !b2 || !b3) throw new Error('deliveries missing');
    await db.update(webhooks).set({ status: 'Inactive' }).where(eq(webhooks.id, b.id));
    const due = (d: typeof a1) => ({ deliveryId: d.id, due: d.nextAttemptAt as Date });

    const states = await attemptDeliveries(ctx, [
      due(a1),
      due(a2),
      due(a1), // the same attempt twice in one batch: sent once
      { deliveryId: a3.id, due: new Date((a3.nextAttemptAt as Date).getTime() + 1000) }, // not due then
      due(b1),
      due(b2),
    ]);
    expect(states).toEqual(['succeeded', 'succeeded', null, null, 'held', 'held']);
    expect(hits.map((h) => h.headers['webhook-id']).sort()).toEqual([a1.eventId, a2.eventId].sort());
    for (const h of hits) {
      const signature = expectedSignature(a.secret, String(h.headers['webhook-id']), String(h.headers['webhook-timestamp']), h.body);
      expect(h.headers['webhook-signature']).toBe(`v1,${signature}`);
    }
    const after = new Map([...(await deliveriesOf(a.id)), ...(await deliveriesOf(b.id))].map((d) => [d.id, d]));
    expect(after.get(a1.id)).toMatchObject({
      state: 'succeeded',
      attempt: 1,
      statusCode: 200,
      responseExcerpt: 'receiver says 200',
      error: null,
      nextAttemptAt: null,
    });
    expect(after.get(a3.id)).toMatchObject({ state: 'pending', attempt: 0 });
    expect(after.get(b1.id)).toMatchObject({ state: 'held', nextAttemptAt: null });
    expect(after.get(b3.id)).toMatchObject({ state: 'pending' });

    // the same attempts again: taken already
    expect(await attemptDeliveries(ctx, [due(a1), due(a2)])).toEqual([null, null]);
    expect(hits).toHaveLength(2);
  });

  it('sends a delivery once when a job and the sweep take it at the same time', async () => {
    const a = await hook(accountIds[0] as string, 'shared');
    await emitDelivered(ctx, a, 40);
    const rows = await deliveriesOf(a.id);
    const attempts = rows.map((d) => ({ deliveryId: d.id, due: d.nextAttemptAt as Date }));
    const [one, two, swept] = await Promise.all([
      attemptDeliveries(ctx, attempts),
      attemptDeliveries(ctx, [...attempts].reverse()),
      deliverDue(ctx),
    ]);
    expect([...one, ...two].filter((s) => s === 'succeeded').length + swept).toBe(40);
    expect(hits).toHaveLength(40);
    expect(new Set(hits.map((h) => h.headers['webhook-id'])).size).toBe(40);
    expect((await deliveriesOf(a.id)).every((d) => d.state === 'succeeded' && d.attempt === 1)).toBe(true);
  });
});

describe('the workers', () => {
  it('are woken by the emitting instance once the event commits, without waiting for their poll', async () => {
    const worker = await deliveryWorker(60);
    try {
      const a = await hook(accountIds[0] as string, 'woken');
      // the workers' first poll happens as they start; the next would be a minute later
      await new Promise((r) => setTimeout(r, 500));
      const workerCtx = systemCtx({ database: t.database, config: worker.app.config, log: worker.app.log }, 'test');
      const started = Date.now();
      await emitDelivered(workerCtx, a, 5);
      while (hits.length < 5 && Date.now() - started < 10_000) await new Promise((r) => setTimeout(r, 50));
      expect(hits).toHaveLength(5);
      const rows = await deliveriesWhen(a.id, (ds) => ds.every((d) => d.state === 'succeeded'));
      expect(rows.every((d) => d.state === 'succeeded' && d.attempt === 1)).toBe(true);
    } finally {
      await worker.close();
    }
  });
});
