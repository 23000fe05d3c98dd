import type { TSystemSettings } from '@portal/contract/settings';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';

export interface Email {
  to: string;
  subject: string;
  body: string;
}

/** The sender: SMTP_FROM, else the brand at the portal's host name. */
export const senderOf = (config: Config): string =>
  config.SMTP_FROM ?? `"${config.PORTAL_BRAND.replace(/"/g, '')}" <no-reply@${new URL(config.publicUrl).hostname}>`;

/** The SMTP server mail goes through: System Settings (Email tab) when a server is set there, else SMTP_URL; null keeps mail in the outbox. */
export type SmtpTarget = { url: string } | { host: string; port: number; auth?: { user: string; pass: string } };

export function smtpTarget(
  config: Config,
  settings: Pick<TSystemSettings, 'smtpServer' | 'smtpPort' | 'smtpUsername' | 'smtpPassword'>,
): SmtpTarget | null {
  if (settings.smtpServer) {
    return {
      host: settings.smtpServer,
      port: settings.smtpPort,
      ...(settings.smtpUsername ? { auth: { user: settings.smtpUsername, pass: settings.smtpPassword } } : {}),
    };
  }
  return config.SMTP_URL ? { url: config.SMTP_URL } : null;
}

/** Sends one plain-text email through the SMTP target; throws when the server refuses or cannot be reached. */
export async function sendThroughSmtp(
  config: Config,
  email: Email,
  target: SmtpTarget | null = smtpTarget(config, { smtpServer: '', smtpPort: 587, smtpUsername: '', smtpPassword: '' }),
): Promise<void> {
  if (!target) throw new Error('No SMTP server is configured');
  const timeouts = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };
  const transport = nodemailer.createTransport('url' in target ? { url: target.url, ...timeouts } : { ...target, ...timeouts });
  try {
    await transport.sendMail({ from: senderOf(config), to: email.to, subject: email.subject, text: email.body });
  } finally {
    transport.close();
  }
}
