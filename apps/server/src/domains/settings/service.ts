/**
 * System Settings (staff Admin): read without the SMTP password (write-only), saved within the
 * spec's bounds as one audited change. Reading lives in lib/settings.ts so the auth plugin can use
 * it without importing a domain; this service owns the rest.
 */

import { toE164 } from '@portal/contract/phone';
import {
  type TSystemSettings,
  type TSystemSettingsView,
  type TTestEmailResult,
  ZSystemSettings,
  type ZSystemSettingsBody,
} from '@portal/contract/settings';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { systemSettings } from '../../db/schema/index.ts';
import { type Ctx, inTransaction, userOf } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { forgetCachedSettings, getSettings } from '../../lib/settings.ts';
import { auditFor } from '../audit/service.ts';
import { queueEmail, sendThroughSmtp, smtpTarget } from '../email/service.ts';

const audit = auditFor('settings');

export { forgetCachedSettings, getSettings };

function view(s: TSystemSettings): TSystemSettingsView {
  const { smtpPassword, ...rest } = s;
  return { ...rest, smtpPasswordSet: smtpPassword.length > 0 };
}

export async function readSettings(ctx: Ctx): Promise<TSystemSettingsView> {
  return view(await getSettings(ctx.db));
}

export async function saveSettings(ctx: Ctx, body: z.output<typeof ZSystemSettingsBody>): Promise<TSystemSettingsView> {
  const me = userOf(ctx);
  const saved = await inTransaction(ctx, async (tx) => {
    const [row] = await tx.db.select().from(systemSettings).where(eq(systemSettings.key, 'system')).for('update');
    const before = ZSystemSettings.parse(row?.value ?? {});
    const patch = { ...body };
    // the password is write-only: an empty value keeps the stored one
    if (patch.smtpPassword === '') delete patch.smtpPassword;
    // the SMS sender is kept in E.164, however it was typed (the schema checked it is a number)
    if (patch.smsNotificationSender) patch.smsNotificationSender = toE164(patch.smsNotificationSender) ?? patch.smsNotificationSender;
    const after = ZSystemSettings.parse({ ...before, ...patch });
    const changed = (Object.keys(after) as (keyof TSystemSettings)[]).filter((k) => JSON.stringify(after[k]) !== JSON.stringify(before[k]));
    await tx.db
      .insert(systemSettings)
      .values({ key: 'system', value: after, updatedById: me.userId })
      .onConflictDoUpdate({ target: systemSettings.key, set: { value: after, updatedById: me.userId, updatedAt: new Date() } });
    const shown = (s: TSystemSettings) => Object.fromEntries(changed.map((k) => [k, k === 'smtpPassword' ? '••••' : s[k]]));
    await audit(
      tx,
      'settings.update',
      { id: 'system', customerId: null },
      changed.length ? `Changed system settings: ${changed.join(', ')}` : 'Saved system settings (no change)',
      { before: shown(before), after: shown(after) },
    );
    return after;
  });
  forgetCachedSettings(ctx.db);
  forgetCachedSettings(ctx.database.db);
  return view(saved);
}

/** Send test email: straight through the configured SMTP server (its error shown), or into the outbox when there is none. */
export async function sendTestEmail(ctx: Ctx, to: string): Promise<TTestEmailResult> {
  const settings = await getSettings(ctx.db);
  const email = {
    to,
    subject: `[${ctx.config.PORTAL_BRAND}] Test email`,
    body: `This is a test email from ${settings.companyName}'s portal (System Settings, Email). If you can read it, email works.`,
  };
  const target = smtpTarget(ctx.config, settings);
  if (!target) {
    await inTransaction(ctx, (tx) => queueEmail(tx, email));
    return { outcome: 'kept', message: 'No SMTP server is configured: the test email is in the Email Outbox.' };
  }
  try {
    await sendThroughSmtp(ctx.config, email, target);
  } catch (err) {
    throw new AppError(
      422,
      'SMTP_FAILED',
      `The SMTP server did not take the email: ${(err instanceof Error ? err.message : String(err)).slice(0, 300)}`,
    );
  }
  return { outcome: 'sent', message: `Test email sent to ${to}` };
}
