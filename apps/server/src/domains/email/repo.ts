import type { TListOutboxQuery } from '@portal/contract/email';
import { count, desc, ilike } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { emailOutbox } from '../../db/schema/index.ts';
import { likePattern, offsetOf } from '../../lib/paging.ts';

/** The outbox, newest first; system-wide (only staff admins may read it). */
export async function listOutbox(db: DbOrTx, q: TListOutboxQuery) {
  const where = q.to ? ilike(emailOutbox.toAddress, likePattern(q.to)) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(emailOutbox)
      .where(where)
      .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(emailOutbox).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
