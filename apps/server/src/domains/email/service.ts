import type { TListOutboxQuery, TOutboxPage } from '@portal/contract/email';
import type { DbOrTx } from '../../db/client.ts';
import { enqueue } from '../../jobs/queue.ts';
import type { Ctx } from '../../lib/context.ts';
import { pageOf } from '../../lib/paging.ts';
import { getSettings } from '../../lib/settings.ts';
import { sendEmailJob, sendSmsJob } from './jobs.ts';
import { type Email, smtpTarget } from './mailer.ts';
import * as repo from './repo.ts';

export { sendThroughSmtp, smtpTarget } from './mailer.ts';
export type { Email };

/**
 * Every email goes through the outbox table in the caller's transaction (ctx.db), so an email is
 * sent only for a change that committed. With SMTP_URL set, the same transaction enqueues the job
 * that sends it ('queued', then 'sent' or 'failed'); without, it is 'kept' there for staff to read.
 */
export async function queueEmail(ctx: Ctx, email: Email): Promise<void> {
  const sending = Boolean(smtpTarget(ctx.config, await getSettings(ctx.db)));
  const outboxId = await repo.insertOutboxEmail(ctx.db, {
    toAddress: email.to,
    subject: email.subject,
    body: email.body,
    state: sending ? 'queued' : 'kept',
  });
  if (sending) await enqueue(ctx, sendEmailJob, { outboxId });
}

/**
 * A notification text, through the same outbox: from settings' smsNotificationSender (no sender, no
 * text), sent by the job through SMS_GATEWAY_URL when the server has one, else kept for staff to read.
 */
export async function queueSms(ctx: Ctx, sms: { to: string; text: string }): Promise<void> {
  const { smsNotificationSender } = await getSettings(ctx.db);
  if (!smsNotificationSender) return;
  const sending = Boolean(ctx.config.SMS_GATEWAY_URL);
  const outboxId = await repo.insertOutboxEmail(ctx.db, {
    channel: 'sms',
    toAddress: sms.to,
    subject: `SMS from ${smsNotificationSender}`,
    body: sms.text,
    state: sending ? 'queued' : 'kept',
  });
  if (sending) await enqueue(ctx, sendSmsJob, { outboxId });
}

/** Tokens in links (password reset, invitations) open someone else's account: staff never see them. */
export function maskLinkSecrets(text: string): string {
  return text.replace(/([?&](?:token|key|secret|code)=)[^\s&#]+/gi, '$1[hidden]');
}

/**
 * The staff view of the outbox. Link secrets are masked unless PORTAL_OUTBOX_SHOW_LINKS is set
 * (end-to-end tests without SMTP; refused in production).
 */
export async function listOutbox(db: DbOrTx, q: TListOutboxQuery, opts: { showLinks?: boolean } = {}): Promise<TOutboxPage> {
  const { rows, total } = await repo.listOutbox(db, q);
  return pageOf(
    rows.map((r) => ({
      id: r.id,
      channel: r.channel === 'sms' ? ('sms' as const) : ('email' as const),
      to: r.toAddress,
      subject: r.subject,
      body: opts.showLinks ? r.body : maskLinkSecrets(r.body),
      state: r.state,
      createdAt: r.createdAt.toISOString(),
    })),
    total,
    q,
  );
}
