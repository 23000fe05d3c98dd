import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TWebhookCreated } from '@portal/contract/webhooks';
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import { afterAll, afterEach, expect } from 'vitest';
import { accounts, webhookDeliveries, webhooks } from '../src/db/schema/index.ts';
import { deliverWebhookJob } from '../src/domains/webhooks/jobs.ts';
import { emitWebhookEvent, setWebhookClock } from '../src/domains/webhooks/service.ts';
import { inTransaction, systemCtx } from '../src/lib/context.ts';
import { createTestApp } from './helpers.ts';
import { apiTestWorld } from './world.ts';

/**
 * The webhook tests' world: the app on its own seeded database with loopback targets allowed
 * (WEBHOOK_ALLOW_PRIVATE_TARGETS; the guard's own tests turn it off), a job context, Acme accounts
 * with no seeded webhook (so only the file's webhooks get their events, and they are deleted after
 * each test), and a receiver on loopback.
 */

export interface Hit {
  headers: IncomingHttpHeaders;
  body: string;
  path: string;
}

/**
 * A receiver on 127.0.0.1, closed after the file: records every request in `hits` and answers the
 * codes of `answers` in turn (the last one repeats), with the body `receiver says <code>`.
 */
export async function loopbackReceiver() {
  const receiver = { hits: [] as Hit[], answers: [200], port: 0 };
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => {
      body += c;
    });
    req.on('end', () => {
      receiver.hits.push({ headers: req.headers, body, path: req.url ?? '' });
      const code = (receiver.answers.length > 1 ? receiver.answers.shift() : receiver.answers[0]) ?? 200;
      res.writeHead(code, { 'content-type': 'text/plain' });
      res.end(`receiver says ${code}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.port = (server.address() as AddressInfo).port;
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return receiver;
}

/** The Standard Webhooks signature, computed here from the specification (not with the server's signWebhook). */
export function expectedSignature(secret: string, id: string, timestamp: string, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
}

/** The signatures of a request's webhook-signature header, each checked to be a v1 one. */
export const signaturesOf = (h: Hit) =>
  String(h.headers['webhook-signature'])
    .split(' ')
    .map((s) => {
      const [version, sig] = s.split(',');
      expect(version).toBe('v1');
      return sig as string;
    });

/** `accountCount`: how many Acme accounts without a seeded webhook the file needs (the first is `accountId`). */
export async function webhooksTestWorld(accountCount = 1) {
  const world = await apiTestWorld();
  const { t, api, db, acme } = world;
  t.app.config.WEBHOOK_ALLOW_PRIVATE_TARGETS = true;
  const ctx = systemCtx({ database: t.database, config: t.app.config, log: t.app.log }, 'test');

  const rows = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.customerId, acme.id), notInArray(accounts.id, db.select({ id: webhooks.accountId }).from(webhooks))))
    .limit(accountCount);
  const accountIds = rows.map((r) => r.id);
  if (accountIds.length < accountCount) throw new Error(`The seed has fewer than ${accountCount} Acme accounts without a webhook`);
  const accountId = accountIds[0] as string;

  const receiver = await loopbackReceiver();
  afterEach(async () => {
    setWebhookClock(null);
    receiver.answers = [200];
    // each test's webhooks alone get its events
    await db.delete(webhooks).where(inArray(webhooks.accountId, accountIds));
    receiver.hits.length = 0;
  });

  /** A webhook created through the API on the loopback receiver (the API takes https only; the test moves it to http). */
  async function loopbackHook(events: string[], name = 'Loopback receiver') {
    const res = await api.as('customer:admin').post<TWebhookCreated>('/api/webhooks', {
      name,
      url: `https://127.0.0.1:${receiver.port}/hook`,
      events,
      accountId,
    });
    expect(res.status, res.body).toBe(201);
    await db
      .update(webhooks)
      .set({ url: `http://127.0.0.1:${receiver.port}/hook` })
      .where(eq(webhooks.id, res.json().id));
    return res.json();
  }

  const deliveryOf = async (id: string) => {
    const [row] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
    if (!row) throw new Error(`no delivery ${id}`);
    return row;
  };
  const deliveriesOf = (webhookId: string) =>
    db.select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, webhookId)).orderBy(webhookDeliveries.createdAt);
  /** The webhook's deliveries once `done` holds of them, or after 5 s (the test's expectations then say what is wrong). */
  async function deliveriesWhen(webhookId: string, done: (rows: (typeof webhookDeliveries.$inferSelect)[]) => boolean) {
    let rows = await deliveriesOf(webhookId);
    for (let i = 0; i < 50 && !done(rows); i++) {
      await new Promise((r) => setTimeout(r, 100));
      rows = await deliveriesOf(webhookId);
    }
    return rows;
  }
  /** A second instance on the file's database whose delivery workers poll every `pollingIntervalSeconds` (close it after). */
  const deliveryWorker = (pollingIntervalSeconds: number) =>
    createTestApp(
      { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' },
      { database: t.database, jobs: { workers: true, pollingIntervalSeconds, definitions: [deliverWebhookJob] } },
    );
  const hookRow = async (id: string) => (await db.select().from(webhooks).where(eq(webhooks.id, id)))[0];
  /** An event of the first account, emitted as the messaging domain does. */
  const emit = (event: 'message.delivered' | 'message.failed' | 'message.received', data: Record<string, unknown> = {}) =>
    inTransaction(ctx, (tx) =>
      emitWebhookEvent(tx, { customerId: acme.id, accountId, event, payload: { message_id: 'SM1', ...data }, requestId: 'req-test' }),
    );

  return {
    ...world,
    ctx,
    accountIds,
    accountId,
    receiver,
    loopbackHook,
    deliveryOf,
    deliveriesOf,
    deliveriesWhen,
    deliveryWorker,
    hookRow,
    emit,
  };
}
