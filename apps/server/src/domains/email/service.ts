import type { TListOutboxQuery, TOutboxPage } from '@portal/contract/email';
import type { DbOrTx } from '../../db/client.ts';
import { emailOutbox } from '../../db/schema/index.ts';
import { pageOf } from '../../lib/paging.ts';
import * as repo from './repo.ts';

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

export async function listOutbox(db: DbOrTx, q: TListOutboxQuery): Promise<TOutboxPage> {
  const { rows, total } = await repo.listOutbox(db, q);
  return pageOf(
    rows.map((r) => ({
      id: r.id,
      to: r.toAddress,
      subject: r.subject,
      body: r.body,
      state: r.state,
      createdAt: r.createdAt.toISOString(),
    })),
    total,
    q,
  );
}
