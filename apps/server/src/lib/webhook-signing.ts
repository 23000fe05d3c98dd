import { createHmac, randomBytes } from 'node:crypto';

/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com): the `webhook-signature` header
 * is `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">`, one per secret,
 * separated by spaces (during a secret rotation both the new and the old secret sign). A secret
 * is `whsec_<base64>`; the key is the base64-decoded part after the prefix.
 */

export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** A new signing secret: 24 random bytes (192 bits), base64, with the whsec_ prefix. */
export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(24).toString('base64')}`;
}

/** The HMAC key of a secret: base64-decoded after whsec_ (a secret without the prefix is decoded whole). */
export function secretKey(secret: string): Buffer {
  const encoded = secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : secret;
  return Buffer.from(encoded, 'base64');
}

export interface SignInput {
  /** The message id (webhook-id). */
  id: string;
  /** Unix seconds (webhook-timestamp). */
  timestamp: number;
  /** The exact body sent. */
  body: string;
  secrets: string[];
}

/** The `webhook-signature` header value: `v1,<sig>` for each secret, space-separated. */
export function signWebhook({ id, timestamp, body, secrets }: SignInput): string {
  const content = `${id}.${timestamp}.${body}`;
  return secrets.map((s) => `v1,${createHmac('sha256', secretKey(s)).update(content, 'utf8').digest('base64')}`).join(' ');
}
