import { defineJob } from '../../jobs/queue.ts';
import type { Ctx } from '../../lib/context.ts';
import { getSettings } from '../../lib/settings.ts';
import { sendThroughSmtp, smtpTarget } from './mailer.ts';
import * as repo from './repo.ts';

/**
 * One attempt at an outbox message: marked sent when `send` succeeds; a failure records its error
 * and leaves the message queued for the job's retry, or failed after the last attempt.
 */
async function deliver(ctx: Ctx, outboxId: string, lastAttempt: boolean, send: () => Promise<unknown>): Promise<void> {
  try {
    await send();
  } catch (err) {
    const error = (err instanceof Error ? err.message : String(err)).slice(0, 500);
    await repo.setOutboxState(ctx.db, outboxId, { state: lastAttempt ? 'failed' : 'queued', error });
    throw err;
  }
  await repo.setOutboxState(ctx.db, outboxId, { state: 'sent', error: null, sentAt: new Date() });
}

/**
 * Sends one outbox email through SMTP_URL and marks it sent. A failed attempt records the error
 * and is retried with backoff; after the last one the email is marked failed for staff to see.
 * Delivery is at least once: an SMTP server that accepted the email but whose answer was lost
 * gets it again on the retry.
 */
export const sendEmailJob = defineJob<{ outboxId: string }>(
  'email.send',
  async (ctx, { outboxId }, run) => {
    const email = await repo.findOutboxEmail(ctx.db, outboxId);
    if (!email || email.state === 'sent') return;
    // the SMTP server was removed between the request and the run: nothing to send through.
    const target = smtpTarget(ctx.config, await getSettings(ctx.db));
    if (!target) {
      await repo.setOutboxState(ctx.db, outboxId, { state: 'kept' });
      return;
    }
    await deliver(ctx, outboxId, run.lastAttempt, () =>
      sendThroughSmtp(ctx.config, { to: email.toAddress, subject: email.subject, body: email.body }, target),
    );
  },
  { retry: { limit: 5, delaySeconds: 30, backoff: true }, timeoutSeconds: 120 },
);

/**
 * Sends one notification text to SMS_GATEWAY_URL (POST JSON { from, to, text }, a 2xx answer is
 * accepted) and marks it sent; failures are retried like emails, then marked failed.
 */
export const sendSmsJob = defineJob<{ outboxId: string }>(
  'sms.send',
  async (ctx, { outboxId }, run) => {
    const sms = await repo.findOutboxEmail(ctx.db, outboxId);
    if (!sms || sms.state === 'sent') return;
    const { smsNotificationSender } = await getSettings(ctx.db);
    const gateway = ctx.config.SMS_GATEWAY_URL;
    if (!gateway || !smsNotificationSender) {
      await repo.setOutboxState(ctx.db, outboxId, { state: 'kept' });
      return;
    }
    await deliver(ctx, outboxId, run.lastAttempt, async () => {
      const response = await fetch(gateway, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ from: smsNotificationSender, to: sms.toAddress, text: sms.body }),
        signal: AbortSignal.timeout(15_000),
      });
      if (!response.ok) throw new Error(`The SMS gateway answered ${response.status}`);
    });
  },
  { retry: { limit: 5, delaySeconds: 30, backoff: true }, timeoutSeconds: 60 },
);
