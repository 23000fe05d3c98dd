import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testClient } from '../../../test/client.ts';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { emailOutbox, users } from '../../db/schema/index.ts';
import { inTransaction, systemCtx } from '../../lib/context.ts';
import { notifyUsers } from '../notifications/service.ts';
import { sendSmsJob } from './jobs.ts';

/** A stand-in for the provider's SMS gateway on a loopback port: records what it is sent, answers `status`. */
async function startGateway() {
  const received: { from: string; to: string; text: string }[] = [];
  let status = 202;
  const server = createServer(async (req: IncomingMessage, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    received.push(JSON.parse(body));
    res.writeHead(status).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/sms`,
    received,
    answer: (code: number) => {
      status = code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('notification texts (SMS)', () => {
  let gateway: Awaited<ReturnType<typeof startGateway>>;
  let t: TestApp;
  beforeAll(async () => {
    gateway = await startGateway();
    t = await createTestApp({ SMS_GATEWAY_URL: gateway.url });
  });
  afterAll(async () => {
    await t?.close();
    await gateway?.close();
  });

  const ctx = () => systemCtx({ database: t.database, config: t.app.config, log: t.app.log }, 'test');
  const textsTo = (phone: string) =>
    t.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.channel, 'sms'), eq(emailOutbox.toAddress, phone)))
      .orderBy(desc(emailOutbox.createdAt));

  it('go to users who turned SMS on, from the configured sender, through the gateway', async () => {
    const api = await testClient(t.app);
    const [admin] = await t.database.db.select().from(users).where(eq(users.email, 'customer@example.com'));
    const [member] = await t.database.db.select().from(users).where(eq(users.email, 'user@example.com'));
    if (!admin || !member) throw new Error('demo users missing');
    await t.database.db.update(users).set({ phone: '(212) 555-0147' }).where(eq(users.id, admin.id));
    await t.database.db.update(users).set({ phone: '+1 212 555 0148' }).where(eq(users.id, member.id));
    const notify = (title: string) =>
      inTransaction(ctx(), (tx) =>
        notifyUsers(tx, [admin.id, member.id], { event: 'invoiceGenerated', title, message: 'Invoice INV-1 is ready.' }),
      );

    // no sender configured: no text, even for a user who wants them
    expect((await api.as('customer:admin').put('/api/notifications/settings', { flags: { commsSms: true } })).status).toBe(200);
    await notify('Before a sender');
    expect(await textsTo('+12125550147')).toHaveLength(0);

    // the sender: a phone number, stored in E.164
    const bad = await api.as('staff:admin').put('/api/settings', { smsNotificationSender: 'not a number' });
    expect(bad.status).toBe(400);
    expect(bad.error().fields).toHaveProperty('smsNotificationSender');
    const saved = await api
      .as('staff:admin')
      .put<{ smsNotificationSender: string }>('/api/settings', { smsNotificationSender: '+1 (800) 555-0382' });
    expect(saved.json().smsNotificationSender).toBe('+18005550382');

    await notify('Invoice generated');
    const [text] = await textsTo('+12125550147');
    expect(text).toMatchObject({ state: 'queued', body: `${t.app.config.PORTAL_BRAND}: Invoice generated. Invoice INV-1 is ready.` });
    // SMS stays off (the spec's default) for the user who did not turn it on
    expect(await textsTo('+12125550148')).toHaveLength(0);

    await sendSmsJob.handler(ctx(), { outboxId: text?.id ?? '' }, { jobId: 'j', attempt: 1, lastAttempt: false });
    expect(gateway.received.at(-1)).toEqual({ from: '+18005550382', to: '+12125550147', text: text?.body });
    expect((await textsTo('+12125550147'))[0]).toMatchObject({ state: 'sent', error: null });

    // the outbox lists it as a text
    const outbox = await api.as('staff:admin').get<{ items: { channel: string; to: string }[] }>('/api/admin/outbox', {
      query: { to: '2125550147' },
    });
    expect(outbox.json().items[0]).toMatchObject({ channel: 'sms', to: '+12125550147' });

    // muting the event's flag mutes its text too
    await api.as('customer:admin').put('/api/notifications/settings', { flags: { billingInvoiceGenerated: false } });
    await notify('Muted invoice');
    expect((await textsTo('+12125550147')).some((r) => r.body.includes('Muted invoice'))).toBe(false);
  });

  it('a gateway that refuses leaves the text queued for a retry, then failed', async () => {
    gateway.answer(503);
    const [row] = await t.database.db
      .insert(emailOutbox)
      .values({ channel: 'sms', toAddress: '+12125550199', subject: 'SMS', body: 'Hello', state: 'queued' })
      .returning();
    const outboxId = row?.id ?? '';
    await expect(sendSmsJob.handler(ctx(), { outboxId }, { jobId: 'j', attempt: 1, lastAttempt: false })).rejects.toThrow(/503/);
    expect((await textsTo('+12125550199'))[0]).toMatchObject({ state: 'queued', error: 'The SMS gateway answered 503' });
    await expect(sendSmsJob.handler(ctx(), { outboxId }, { jobId: 'j', attempt: 6, lastAttempt: true })).rejects.toThrow();
    expect((await textsTo('+12125550199'))[0]).toMatchObject({ state: 'failed', sentAt: null });
    gateway.answer(202);
  });
});
