import { MESSAGE_CSV_HEADER, type TExportMessagesQuery, type TListMessagesQuery, type TMessage } from '@portal/contract/messaging';
import { type Purged, purgeBefore } from '../../db/partitions.ts';
import type { Ctx } from '../../lib/context.ts';
import { dayRange, decodeCursor } from '../../lib/cursor.ts';
import type { CsvExport } from '../../lib/export.ts';
import { recordListScope } from '../../lib/list-scope.ts';
import { getSettings } from '../../lib/settings.ts';
import { statementExport, statementPage } from '../../lib/sql-statement.ts';
import * as repo from './repo.ts';

// Messages: delivery reports and message logs, keyset paged like the CDRs.

async function messageCriteria(ctx: Ctx, q: TExportMessagesQuery, strict: boolean): Promise<repo.MessageCriteria> {
  const scope = await recordListScope(ctx, q, strict);
  const range = dayRange(q.startDate, q.endDate, q.tz ?? 'UTC');
  return { ...scope, filters: q, since: range.from, until: range.until };
}

interface MessageRow {
  id: string;
  message_id: string;
  account_id: string;
  account_name: string;
  from_number: string;
  to_number: string;
  type: TMessage['type'];
  direction: TMessage['direction'];
  status: TMessage['status'];
  segments: number;
  cost: string;
  sent_at: Date;
}

export async function listMessages(ctx: Ctx, q: TListMessagesQuery): Promise<{ items: TMessage[]; nextCursor: string | null }> {
  const after = q.cursor ? decodeCursor(q.cursor) : null;
  const criteria = await messageCriteria(ctx, q, false);
  return statementPage(
    ctx.database,
    repo.messagePageStatement(criteria, after, q.limit),
    q.limit,
    (r: MessageRow) => r.sent_at,
    (r) => ({
      id: r.id,
      messageId: r.message_id,
      accountId: r.account_id,
      accountName: r.account_name,
      fromNumber: r.from_number,
      toNumber: r.to_number,
      type: r.type,
      direction: r.direction,
      status: r.status,
      segments: Number(r.segments),
      cost: Number(r.cost),
      sentAt: new Date(r.sent_at).toISOString(),
    }),
  );
}

/** Every matching message as CSV, streamed (COPY on PostgreSQL, keyset chunks on PGlite). */
export async function exportMessages(ctx: Ctx, q: TExportMessagesQuery): Promise<CsvExport> {
  const criteria = await messageCriteria(ctx, q, true);
  const tz = q.tz ?? 'UTC';
  const span = q.startDate || q.endDate ? `-${q.startDate ?? 'start'}-to-${q.endDate ?? 'today'}` : '';
  return statementExport(ctx.database, {
    fileName: `messages${span}.csv`,
    header: MESSAGE_CSV_HEADER,
    whole: repo.messageExportStatement(criteria, tz),
    chunk: (after, size) => repo.messageExportChunkStatement(criteria, tz, after, size),
  });
}

/**
 * Message records older than messageRetentionDays go (the daily purge job), with their delivery
 * events (never older than their message): whole months dropped, then the rest of the oldest.
 */
export async function purgeExpiredMessages(ctx: Ctx, now: Date): Promise<Purged> {
  const { messageRetentionDays } = await getSettings(ctx.db);
  const cutoff = new Date(now.getTime() - messageRetentionDays * 86_400_000);
  const messages = await purgeBefore(ctx.db, 'messages', cutoff);
  const events = await purgeBefore(ctx.db, 'message_events', cutoff);
  return { partitions: [...messages.partitions, ...events.partitions], rows: messages.rows + events.rows };
}
