import type { TListOutboxQuery } from '@portal/contract/email';
import { count, desc, eq, ilike } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { emailOutbox } from '../../db/schema/index.ts';
import { likePattern, readPage } from '../../lib/paging.ts';

/** The outbox, newest first; system-wide (only staff admins may read it). */
export async function listOutbox(db: DbOrTx, q: TListOutboxQuery) {
  const where = q.to ? ilike(emailOutbox.toAddress, likePattern(q.to)) : undefined;
  return readPage(
    q,
    db.select().from(emailOutbox).where(where).orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id)),
    db.select({ n: count() }).from(emailOutbox).where(where),
  );
}

export async function insertOutboxEmail(db: DbOrTx, values: typeof emailOutbox.$inferInsert): Promise<string> {
  const [row] = await db.insert(emailOutbox).values(values).returning({ id: emailOutbox.id });
  if (!row) throw new Error('Outbox insert returned nothing');
  return row.id;
}

export async function findOutboxEmail(db: DbOrTx, id: string) {
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return row ?? null;
}

export async function setOutboxState(
  db: DbOrTx,
  id: string,
  values: { state: 'queued' | 'sent' | 'failed' | 'kept'; error?: string | null; sentAt?: Date | null },
): Promise<void> {
  await db.update(emailOutbox).set(values).where(eq(emailOutbox.id, id));
}
