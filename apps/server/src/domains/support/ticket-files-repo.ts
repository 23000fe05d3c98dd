import type { TTicketLinkKind } from '@portal/contract/support';
import { and, asc, count, eq, inArray, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { cdrs, invoices, messages, phoneNumbers, ticketAttachments, ticketComments, ticketLinks, users } from '../../db/schema/index.ts';

// ---- Attachments ----

const attachmentColumns = {
  id: ticketAttachments.id,
  fileName: ticketAttachments.fileName,
  contentType: ticketAttachments.contentType,
  sizeBytes: ticketAttachments.sizeBytes,
  internal: ticketAttachments.internal,
  commentId: ticketAttachments.commentId,
  uploadedByName: users.name,
  uploadedByKind: users.kind,
  createdAt: ticketAttachments.createdAt,
};

/** A ticket's files, oldest first; without the internal ones unless `withInternal`. */
export async function listAttachments(db: DbOrTx, ticketId: string, withInternal: boolean) {
  return db
    .select(attachmentColumns)
    .from(ticketAttachments)
    .leftJoin(users, eq(users.id, ticketAttachments.uploadedById))
    .where(and(eq(ticketAttachments.ticketId, ticketId), withInternal ? undefined : eq(ticketAttachments.internal, false)))
    .orderBy(asc(ticketAttachments.createdAt), asc(ticketAttachments.id));
}

/** One file of a ticket with its content (null when it is another ticket's, or internal and `withInternal` is false). */
export async function findAttachment(db: DbOrTx, ticketId: string, attachmentId: string, withInternal: boolean) {
  const [row] = await db
    .select()
    .from(ticketAttachments)
    .where(
      and(
        eq(ticketAttachments.id, attachmentId),
        eq(ticketAttachments.ticketId, ticketId),
        withInternal ? undefined : eq(ticketAttachments.internal, false),
      ),
    );
  return row;
}

export async function countAttachments(db: DbOrTx, ticketId: string) {
  const [row] = await db.select({ n: count() }).from(ticketAttachments).where(eq(ticketAttachments.ticketId, ticketId));
  return row?.n ?? 0;
}

export async function insertAttachment(db: DbOrTx, values: typeof ticketAttachments.$inferInsert) {
  const [row] = await db.insert(ticketAttachments).values(values).returning({ id: ticketAttachments.id });
  return row as { id: string };
}

export async function deleteAttachment(db: DbOrTx, ticketId: string, attachmentId: string) {
  const [row] = await db
    .delete(ticketAttachments)
    .where(and(eq(ticketAttachments.id, attachmentId), eq(ticketAttachments.ticketId, ticketId)))
    .returning({
      id: ticketAttachments.id,
      fileName: ticketAttachments.fileName,
      sizeBytes: ticketAttachments.sizeBytes,
      internal: ticketAttachments.internal,
    });
  return row;
}

/** A reply of the ticket (the one a file goes with). */
export async function findComment(db: DbOrTx, ticketId: string, commentId: string) {
  const [row] = await db
    .select({ id: ticketComments.id, internal: ticketComments.internal, authorId: ticketComments.authorId })
    .from(ticketComments)
    .where(and(eq(ticketComments.id, commentId), eq(ticketComments.ticketId, ticketId)));
  return row;
}

// ---- Linked records ----

/**
 * The record of a customer that people name by `reference`: a number (E.164) the customer holds,
 * a call or a message by its id, an issued invoice by its number. Read-only lookups by each
 * table's unique key, always within the customer.
 */
export async function findRecord(db: DbOrTx, customerId: string, kind: TTicketLinkKind, reference: string) {
  switch (kind) {
    case 'number': {
      const [row] = await db
        .select({ id: phoneNumbers.id, label: phoneNumbers.number })
        .from(phoneNumbers)
        .where(and(eq(phoneNumbers.number, reference), eq(phoneNumbers.customerId, customerId)));
      return row;
    }
    case 'cdr': {
      const [row] = await db
        .select({ id: cdrs.id, label: cdrs.callId })
        .from(cdrs)
        .where(and(eq(cdrs.callId, reference), eq(cdrs.customerId, customerId)));
      return row && { id: String(row.id), label: row.label };
    }
    case 'message': {
      const [row] = await db
        .select({ id: messages.id, label: messages.messageId })
        .from(messages)
        .where(and(eq(messages.messageId, reference), eq(messages.customerId, customerId)));
      return row && { id: String(row.id), label: row.label };
    }
    case 'invoice': {
      const [row] = await db
        .select({ id: invoices.id, label: invoices.invoiceNumber })
        .from(invoices)
        .where(and(eq(invoices.invoiceNumber, reference), eq(invoices.customerId, customerId), isNotNull(invoices.invoiceNumber)));
      return row && { id: row.id, label: row.label as string };
    }
  }
}

export async function listLinks(db: DbOrTx, ticketId: string) {
  return db
    .select({
      id: ticketLinks.id,
      kind: ticketLinks.kind,
      recordId: ticketLinks.recordId,
      label: ticketLinks.label,
      createdBy: users.name,
      createdAt: ticketLinks.createdAt,
    })
    .from(ticketLinks)
    .leftJoin(users, eq(users.id, ticketLinks.createdById))
    .where(eq(ticketLinks.ticketId, ticketId))
    .orderBy(asc(ticketLinks.createdAt), asc(ticketLinks.id));
}

export type LinkedRecord = { id: string; from: string | null; to: string | null; at: Date | null };

/**
 * The linked records still the customer's, by kind and row id, with a call's or message's
 * numbers and time: one query per kind present, each by primary key.
 */
export async function linkedRecords(
  db: DbOrTx,
  customerId: string,
  ids: Record<TTicketLinkKind, string[]>,
): Promise<Map<string, LinkedRecord>> {
  const found = new Map<string, LinkedRecord>();
  const add = (kind: TTicketLinkKind, rows: { id: string | number; from?: string; to?: string; at?: Date }[]) => {
    for (const r of rows) found.set(`${kind} ${r.id}`, { id: String(r.id), from: r.from ?? null, to: r.to ?? null, at: r.at ?? null });
  };
  const numeric = (list: string[]) => list.filter((v) => /^\d{1,18}$/.test(v)).map(Number);
  const uuids = (list: string[]) => list.filter((v) => /^[0-9a-f-]{36}$/i.test(v));
  if (uuids(ids.number).length)
    add(
      'number',
      await db
        .select({ id: phoneNumbers.id })
        .from(phoneNumbers)
        .where(and(inArray(phoneNumbers.id, uuids(ids.number)), eq(phoneNumbers.customerId, customerId))),
    );
  if (numeric(ids.cdr).length)
    add(
      'cdr',
      await db
        .select({ id: cdrs.id, from: cdrs.fromNumber, to: cdrs.toNumber, at: cdrs.startedAt })
        .from(cdrs)
        .where(and(inArray(cdrs.id, numeric(ids.cdr)), eq(cdrs.customerId, customerId))),
    );
  if (numeric(ids.message).length)
    add(
      'message',
      await db
        .select({ id: messages.id, from: messages.fromNumber, to: messages.toNumber, at: messages.sentAt })
        .from(messages)
        .where(and(inArray(messages.id, numeric(ids.message)), eq(messages.customerId, customerId))),
    );
  if (uuids(ids.invoice).length)
    add(
      'invoice',
      await db
        .select({ id: invoices.id })
        .from(invoices)
        .where(and(inArray(invoices.id, uuids(ids.invoice)), eq(invoices.customerId, customerId))),
    );
  return found;
}

/** Links a record; undefined when the ticket already links it. */
export async function insertLink(db: DbOrTx, values: typeof ticketLinks.$inferInsert) {
  const [row] = await db.insert(ticketLinks).values(values).onConflictDoNothing().returning({ id: ticketLinks.id });
  return row;
}

export async function deleteLink(db: DbOrTx, ticketId: string, linkId: string) {
  const [row] = await db
    .delete(ticketLinks)
    .where(and(eq(ticketLinks.id, linkId), eq(ticketLinks.ticketId, ticketId)))
    .returning({ id: ticketLinks.id, kind: ticketLinks.kind, label: ticketLinks.label, recordId: ticketLinks.recordId });
  return row;
}
