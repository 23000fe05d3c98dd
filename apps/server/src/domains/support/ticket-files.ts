/**
 * Support: a ticket's files (attachments, checked as porting documents are) and the records it is
 * about (a number, a call, a message or an invoice of the ticket's company).
 */
import {
  TICKET_ATTACHMENTS_PER_TICKET,
  type TTicketAttachment,
  type TTicketLink,
  type TTicketLinkKind,
  type TUploadTicketAttachmentQuery,
  type ZTicketLinkBody,
} from '@portal/contract/support';
import type { z } from 'zod';
import { type Ctx, inTransaction, isCustomerSide, ownCustomer, userOf } from '../../lib/context.ts';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import { admitUpload, checkedUpload } from '../../lib/upload.ts';
import { type AuditChange, auditFor } from '../audit/service.ts';
import * as repo from './repo.ts';
import * as filesRepo from './ticket-files-repo.ts';
import { notifyCustomer, notifyStaff } from './ticket-notify.ts';

const audit = auditFor('ticket');

export const TICKET_CLOSED = 'This ticket is closed. Please open a new ticket.';
const TOO_MANY_FILES = `A ticket can hold at most ${TICKET_ATTACHMENTS_PER_TICKET} files`;

/** The ticket a caller changes, locked until the change commits: 404 out of reach; a closed ticket takes nothing more from the customer. */
export async function ticketToChange(tx: Ctx, id: string) {
  await repo.lockTicket(tx.db, id);
  const ticket = await repo.findTicket(tx.db, id, ownCustomer(tx));
  if (!ticket) throw notFound('Ticket');
  if (isCustomerSide(tx) && ticket.status === 'closed') throw conflict(TICKET_CLOSED);
  return ticket;
}

/**
 * A change to a ticket's files or links, in one transaction: the ticket is locked and must be one
 * the caller may change; `change` does the work and answers the audit entry's action, summary and
 * before/after; the ticket counts as updated.
 */
async function changeTicket(
  ctx: Ctx,
  id: string,
  change: (tx: Ctx, ticket: repo.TicketRow) => Promise<{ action: string; summary: string } & AuditChange>,
): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const ticket = await ticketToChange(tx, id);
    const { action, summary, ...diff } = await change(tx, ticket);
    await repo.updateTicket(tx.db, id, {});
    await audit(tx, action, ticket, summary, diff);
  });
}

async function ticketInScope(ctx: Ctx, id: string) {
  const ticket = await repo.findTicket(ctx.db, id, ownCustomer(ctx));
  if (!ticket) throw notFound('Ticket');
  return ticket;
}

// ---- Attachments ----

/** The ticket's files the caller may see (customers: not those of internal notes). */
export async function attachmentsOf(ctx: Ctx, ticketId: string): Promise<TTicketAttachment[]> {
  const rows = await filesRepo.listAttachments(ctx.db, ticketId, !isCustomerSide(ctx));
  return rows.map((r) => ({
    id: r.id,
    fileName: r.fileName,
    contentType: r.contentType,
    sizeBytes: r.sizeBytes,
    internal: r.internal,
    commentId: r.commentId,
    uploadedBy: r.uploadedByName ? { name: r.uploadedByName, staff: r.uploadedByKind === 'staff' } : null,
    createdAt: r.createdAt.toISOString(),
  }));
}

/**
 * Runs before the body is read: the ticket must be in reach and have room, and the body must
 * declare a length within the limit (a larger or length-less body is refused unread).
 */
export async function admitAttachmentUpload(ctx: Ctx, id: string, contentLength: string | undefined): Promise<void> {
  await ticketInScope(ctx, id);
  admitUpload(contentLength);
  if ((await filesRepo.countAttachments(ctx.db, id)) >= TICKET_ATTACHMENTS_PER_TICKET) throw invalid({ file: TOO_MANY_FILES });
}

/**
 * Attaches a file to the ticket, or to one of the caller's own replies (a file of an internal note
 * is internal). The other side is told, as of a reply; an internal file tells no customer.
 */
export async function attachFile(ctx: Ctx, id: string, q: TUploadTicketAttachmentQuery, body: unknown, contentType: string | undefined) {
  const me = userOf(ctx);
  const customer = isCustomerSide(ctx);
  await ticketInScope(ctx, id);
  const file = checkedUpload(body, contentType);
  await changeTicket(ctx, id, async (tx, ticket) => {
    if ((await filesRepo.countAttachments(tx.db, id)) >= TICKET_ATTACHMENTS_PER_TICKET) throw invalid({ file: TOO_MANY_FILES });
    let internal = false;
    if (q.commentId) {
      const comment = await filesRepo.findComment(tx.db, id, q.commentId);
      if (!comment || (customer && comment.internal)) throw invalid({ commentId: 'Choose a reply of this ticket' });
      if (comment.authorId !== me.userId) throw invalid({ commentId: 'Attach files to your own reply' });
      internal = comment.internal;
    }
    const row = await filesRepo.insertAttachment(tx.db, {
      ticketId: id,
      commentId: q.commentId ?? null,
      fileName: q.fileName,
      contentType: file.contentType,
      sizeBytes: file.content.length,
      content: file.content,
      internal,
      uploadedById: me.userId,
    });
    const message = `${ticket.ticketId}: ${me.name} attached "${q.fileName}".`;
    if (customer) await notifyStaff(tx, ticket, 'Customer added a file', message);
    else if (!internal) await notifyCustomer(tx, ticket, 'Support added a file', message);
    return {
      action: 'tickets.attach',
      summary: `Attached "${q.fileName}" to ${ticket.ticketId}${internal ? ' (internal)' : ''}`,
      after: {
        attachmentId: row.id,
        fileName: q.fileName,
        contentType: file.contentType,
        sizeBytes: file.content.length,
        internal,
        commentId: q.commentId ?? null,
      },
    };
  });
}

/** A file to download: the caller's company's ticket, and not an internal one for customers (404 otherwise). */
export async function attachmentFile(ctx: Ctx, id: string, attachmentId: string) {
  await ticketInScope(ctx, id);
  const file = await filesRepo.findAttachment(ctx.db, id, attachmentId, !isCustomerSide(ctx));
  if (!file) throw notFound('Attachment');
  return file;
}

/** Staff: removes a file. */
export async function removeFile(ctx: Ctx, id: string, attachmentId: string): Promise<void> {
  await changeTicket(ctx, id, async (tx, ticket) => {
    const row = await filesRepo.deleteAttachment(tx.db, id, attachmentId);
    if (!row) throw notFound('Attachment');
    return {
      action: 'tickets.attachment_delete',
      summary: `Removed the file "${row.fileName}" from ${ticket.ticketId}`,
      before: { attachmentId: row.id, fileName: row.fileName, sizeBytes: row.sizeBytes, internal: row.internal },
    };
  });
}

// ---- Linked records ----

const NOUNS: Record<TTicketLinkKind, string> = { number: 'phone number', cdr: 'call', message: 'message', invoice: 'invoice' };

/** The records the ticket links, each with whether it is still the company's and, for a call or message, its numbers and time. */
export async function linksOf(ctx: Ctx, ticket: { id: string; customerId: string }): Promise<TTicketLink[]> {
  const rows = await filesRepo.listLinks(ctx.db, ticket.id);
  const ids: Record<TTicketLinkKind, string[]> = { number: [], cdr: [], message: [], invoice: [] };
  for (const r of rows) ids[r.kind].push(r.recordId);
  const found = await filesRepo.linkedRecords(ctx.db, ticket.customerId, ids);
  return rows.map((r) => {
    const record = found.get(`${r.kind} ${r.recordId}`);
    return {
      id: r.id,
      kind: r.kind,
      label: r.label,
      recordId: r.recordId,
      from: record?.from ?? null,
      to: record?.to ?? null,
      at: record?.at?.toISOString() ?? null,
      available: Boolean(record),
      createdBy: r.createdBy,
      createdAt: r.createdAt.toISOString(),
    };
  });
}

/** Links a record of the ticket's company, named as people name it (a field error when it names none; 409 when already linked). */
export async function linkRecord(ctx: Ctx, id: string, body: z.output<typeof ZTicketLinkBody>): Promise<void> {
  const me = userOf(ctx);
  await changeTicket(ctx, id, async (tx, ticket) => {
    const record = await filesRepo.findRecord(tx.db, ticket.customerId, body.kind, body.reference);
    if (!record) throw invalid({ reference: `No ${NOUNS[body.kind]} ${body.reference} of ${ticket.customerName}` });
    const row = await filesRepo.insertLink(tx.db, {
      ticketId: id,
      kind: body.kind,
      recordId: record.id,
      label: record.label,
      createdById: me.userId,
    });
    if (!row) {
      const message = `This ticket already links the ${NOUNS[body.kind]} ${record.label}`;
      throw conflict(message, { reference: message });
    }
    return {
      action: 'tickets.link',
      summary: `Linked the ${NOUNS[body.kind]} ${record.label} to ${ticket.ticketId}`,
      after: { linkId: row.id, kind: body.kind, recordId: record.id, label: record.label },
    };
  });
}

export async function unlinkRecord(ctx: Ctx, id: string, linkId: string): Promise<void> {
  await changeTicket(ctx, id, async (tx, ticket) => {
    const row = await filesRepo.deleteLink(tx.db, id, linkId);
    if (!row) throw notFound('Linked record');
    return {
      action: 'tickets.unlink',
      summary: `Unlinked the ${NOUNS[row.kind]} ${row.label} from ${ticket.ticketId}`,
      before: { linkId: row.id, kind: row.kind, recordId: row.recordId, label: row.label },
    };
  });
}
