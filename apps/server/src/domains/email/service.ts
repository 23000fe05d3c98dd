import type { DbOrTx } from '../../db/client.ts';
import { emailOutbox } from '../../db/schema/index.ts';

export interface Email {
  to: string;
  subject: string;
  body: string;
}

/**
 * Every email goes through the outbox table in the caller's transaction, so an email is sent only
 * for a change that committed. With no SMTP server configured it is kept there for staff to read.
 */
export async function queueEmail(tx: DbOrTx, email: Email): Promise<void> {
  await tx.insert(emailOutbox).values({ toAddress: email.to, subject: email.subject, body: email.body, state: 'kept' });
}
