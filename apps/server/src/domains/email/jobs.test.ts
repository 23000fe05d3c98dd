import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, signIn, type TestApp } from '../../../test/helpers.ts';
import { systemCtx } from '../../lib/context.ts';
import { sendEmailJob } from './jobs.ts';
import * as repo from './repo.ts';

interface Received {
  from: string;
  to: string[];
  data: string;
}

/** A local SMTP receiver on a random loopback port. */
async function startReceiver(): Promise<{ url: string; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      let data = '';
      stream.on('data', (chunk: Buffer) => {
        data += chunk.toString('utf8');
      });
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data,
        });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const forgot = (t: TestApp, email: string) =>
  as(t.app, null, { method: 'POST', url: '/api/auth/forgot-password', payload: { email, portal: 'admin' } });

async function emailJobs(t: TestApp): Promise<number> {
  const res = await t.database.db.execute(sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'email.send'`);
  return (res as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
}

describe('sending outbox emails with SMTP_URL set', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let t: TestApp;
  beforeAll(async () => {
    receiver = await startReceiver();
    t = await createTestApp(
      { SMTP_URL: receiver.url, SMTP_FROM: 'Portal <no-reply@portal.test>' },
      { jobs: { workers: true, pollingIntervalSeconds: 0.5 } },
    );
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  it('sends a reset email through the SMTP server and marks it sent', async () => {
    expect((await forgot(t, 'david.chen@example.com')).statusCode).toBe(200);
    await waitFor(() => receiver.received.length > 0);
    const [mail] = receiver.received;
    expect(mail?.to).toEqual(['david.chen@example.com']);
    expect(mail?.from).toBe('no-reply@portal.test');
    const data = mail?.data.replace(/=\r?\n/g, '') ?? '';
    expect(data).toMatch(/^Subject: Reset your .* password/m);
    expect(data).toContain('/admin/reset-password?token');

    const admin = await signIn(t.app, 'admin');
    await waitFor(async () => {
      const page = (await as(t.app, admin, { method: 'GET', url: '/api/admin/outbox?to=david.chen' })).json();
      return page.items[0]?.state === 'sent';
    });
  });
});

describe('the email job', () => {
  let t: TestApp;
  let closedPortUrl: string;
  beforeAll(async () => {
    t = await createTestApp();
    // A port where nothing listens any more: the SMTP server is down.
    const gone = await startReceiver();
    closedPortUrl = gone.url;
    await gone.close();
  });
  afterAll(() => t?.close());

  const ctxWith = (env: Record<string, string | undefined>) =>
    systemCtx({ database: t.database, config: { ...t.app.config, ...env }, log: t.app.log }, 'email.send');

  it('keeps emails without SMTP_URL and enqueues nothing', async () => {
    const before = await emailJobs(t);
    expect((await forgot(t, 'david.chen@example.com')).statusCode).toBe(200);
    const { rows } = await repo.listOutbox(t.database.db, { page: 1, pageSize: 10, to: 'david.chen' });
    expect(rows[0]?.state).toBe('kept');
    expect(await emailJobs(t)).toBe(before);
  });

  it('records the error and leaves the email queued for a retry, then marks it failed after the last attempt', async () => {
    const ctx = ctxWith({ SMTP_URL: closedPortUrl });
    const outboxId = await repo.insertOutboxEmail(t.database.db, { toAddress: 'a@example.com', subject: 'S', body: 'B', state: 'queued' });
    await expect(sendEmailJob.handler(ctx, { outboxId }, { jobId: 'j', attempt: 1, lastAttempt: false })).rejects.toThrow();
    expect(await repo.findOutboxEmail(t.database.db, outboxId)).toMatchObject({
      state: 'queued',
      error: expect.stringMatching(/ECONNREFUSED/),
    });
    await expect(sendEmailJob.handler(ctx, { outboxId }, { jobId: 'j', attempt: 6, lastAttempt: true })).rejects.toThrow();
    expect(await repo.findOutboxEmail(t.database.db, outboxId)).toMatchObject({ state: 'failed', sentAt: null });
  });

  it('keeps a queued email when SMTP_URL was removed before it ran', async () => {
    const outboxId = await repo.insertOutboxEmail(t.database.db, { toAddress: 'b@example.com', subject: 'S', body: 'B', state: 'queued' });
    await sendEmailJob.handler(ctxWith({ SMTP_URL: undefined }), { outboxId }, { jobId: 'j', attempt: 1, lastAttempt: false });
    expect(await repo.findOutboxEmail(t.database.db, outboxId)).toMatchObject({ state: 'kept' });
  });

  it('enqueues the sending job in the same transaction as the email when SMTP_URL is set', async () => {
    const before = await emailJobs(t);
    const withSmtp = await createTestApp({ SMTP_URL: closedPortUrl }, { database: t.database });
    try {
      expect((await forgot(withSmtp, 'david.chen@example.com')).statusCode).toBe(200);
      const { rows } = await repo.listOutbox(t.database.db, { page: 1, pageSize: 10, to: 'david.chen' });
      expect(rows[0]?.state).toBe('queued');
      expect(await emailJobs(t)).toBe(before + 1);
    } finally {
      await withSmtp.close();
    }
  });
});
