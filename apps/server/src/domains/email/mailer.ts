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

/** Sends one plain-text email through SMTP_URL; throws when the server refuses or cannot be reached. */
export async function sendThroughSmtp(config: Config, email: Email): Promise<void> {
  if (!config.SMTP_URL) throw new Error('SMTP_URL is not set');
  const transport = nodemailer.createTransport({
    url: config.SMTP_URL,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  try {
    await transport.sendMail({ from: senderOf(config), to: email.to, subject: email.subject, text: email.body });
  } finally {
    transport.close();
  }
}
