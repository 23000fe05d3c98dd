import type { TPage } from '@portal/contract/common';
import {
  FIRST_RESPONSE_HOURS,
  type TListTicketsQuery,
  type TTicket,
  type TTicketListItem,
  type TUpdateTicketBody,
  type TUploadTicketAttachmentQuery,
  type ZCreateTicketBody,
  type ZTicketCommentBody,
  type ZTicketLinkBody,
} from '@portal/contract/support';
import type { z } from 'zod';
import { type Ctx, inTransaction, isCustomerSide, ownCustomer, userOf } from '../../lib/context.ts';
import { conflict, forbidden, invalid, notFound } from '../../lib/errors.ts';
import { findAccountInScope, resolveListScope } from '../../lib/list-scope.ts';
import { pageOf } from '../../lib/paging.ts';
import { auditFor } from '../audit/service.ts';
import { notifyUsers } from '../notifications/service.ts';
import * as repo from './repo.ts';
import * as files from './ticket-files.ts';
import { notifyCustomer, notifyStaff, staffLink } from './ticket-notify.ts';

const audit = auditFor('ticket');

const toListItem = (r: repo.TicketRow): TTicketListItem => ({
  id: r.id,
  ticketId: r.ticketId,
  subject: r.subject,
  customerId: r.customerId,
  customerName: r.customerName,
  accountName: r.accountName,
  category: r.category,
  status: r.status,
  priority: r.priority,
  assignedTo: r.assignedToId && r.assignedToName ? { id: r.assignedToId, name: r.assignedToName } : null,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/** Tickets: customers see their company's, staff everyone's (with customer and assignee filters). */
export async function listTickets(ctx: Ctx, q: TListTicketsQuery): Promise<TPage<TTicketListItem>> {
  const { customerId } = await resolveListScope(ctx, { customerId: q.customerId });
  const { rows, total } = await repo.listTickets(ctx.db, customerId, q);
  return pageOf(rows.map(toListItem), total, q);
}

export async function getTicket(ctx: Ctx, id: string): Promise<TTicket> {
  const row = await repo.findTicket(ctx.db, id, ownCustomer(ctx));
  if (!row) throw notFound('Ticket');
  const staff = !isCustomerSide(ctx);
  const [comments, attachments, links] = await Promise.all([
    repo.listComments(ctx.db, id, staff),
    files.attachmentsOf(ctx, id),
    files.linksOf(ctx, row),
  ]);
  const firstResponse = comments.find((c) => !c.internal && c.authorKind === 'staff');
  return {
    ...toListItem(row),
    description: row.description,
    createdBy: row.createdBy,
    comments: comments.map((c) => ({
      id: c.id,
      body: c.body,
      internal: c.internal,
      author: c.authorName ? { name: c.authorName, staff: c.authorKind === 'staff' } : null,
      createdAt: c.createdAt.toISOString(),
    })),
    firstResponseDueAt: new Date(row.createdAt.getTime() + FIRST_RESPONSE_HOURS[row.priority] * 3_600_000).toISOString(),
    firstResponseAt: firstResponse?.createdAt.toISOString() ?? null,
    attachments,
    links,
  };
}

export async function listAssignees(ctx: Ctx) {
  return repo.supportStaff(ctx.db);
}

export async function createTicket(ctx: Ctx, body: z.output<typeof ZCreateTicketBody>): Promise<TTicket> {
  const me = userOf(ctx);
  const customerId = ownCustomer(ctx) ?? body.customerId;
  if (!customerId) throw invalid({ customerId: 'Choose a customer' });
  await resolveListScope(ctx, { customerId });
  const id = await inTransaction(ctx, async (tx) => {
    let accountId: string | null = null;
    if (body.accountId) {
      const account = await findAccountInScope(tx.db, body.accountId, customerId);
      if (!account) throw invalid({ accountId: 'Choose an account' });
      accountId = account.id;
    }
    await repo.lockTicketCodes(tx.db);
    const now = new Date();
    const code = await repo.nextTicketCode(tx.db, now.getUTCFullYear());
    const { id } = await repo.insertTicket(tx.db, {
      ticketCode: code,
      customerId,
      accountId,
      subject: body.subject,
      description: body.description,
      category: body.category,
      priority: body.priority,
      status: 'open',
      createdById: me.userId,
      createdAt: now,
      updatedAt: now,
    });
    if (isCustomerSide(tx)) {
      await notifyStaff(tx, { id, assignedToId: null }, 'New support ticket', `${code} (${body.priority}): ${body.subject}`);
    } else {
      await notifyCustomer(tx, { id, customerId, createdById: null }, 'Support ticket opened', `${code}: ${body.subject}`);
    }
    await audit(tx, 'tickets.create', { id, customerId }, `Opened ticket ${code}: ${body.subject}`, {
      after: { subject: body.subject, priority: body.priority, category: body.category, accountId },
    });
    return id;
  });
  return getTicket(ctx, id);
}

/**
 * A reply: public (both sides see it) or, for staff, an internal note. A customer's reply reopens
 * a resolved ticket; a closed ticket takes no more customer replies (open a new one).
 */
export async function addComment(ctx: Ctx, id: string, body: z.output<typeof ZTicketCommentBody>): Promise<TTicket> {
  const me = userOf(ctx);
  const customer = isCustomerSide(ctx);
  if (customer && body.internal) throw forbidden('Only the provider can add internal notes.');
  await inTransaction(ctx, async (tx) => {
    await repo.lockTicket(tx.db, id);
    const ticket = await repo.findTicket(tx.db, id, ownCustomer(tx));
    if (!ticket) throw notFound('Ticket');
    if (customer && ticket.status === 'closed') throw conflict(files.TICKET_CLOSED);
    await repo.insertComment(tx.db, { ticketId: id, authorId: me.userId, body: body.body, internal: body.internal });
    const reopen = customer && ticket.status === 'resolved';
    await repo.updateTicket(tx.db, id, reopen ? { status: 'open' } : {});
    if (customer) {
      await notifyStaff(
        tx,
        ticket,
        'Customer replied',
        `${ticket.ticketId}: ${me.name} replied${reopen ? ' and reopened the ticket' : ''}.`,
      );
    } else if (!body.internal) {
      await notifyCustomer(tx, ticket, 'Support replied', `${ticket.ticketId}: ${me.name} replied to "${ticket.subject}".`);
    }
    await audit(
      tx,
      body.internal ? 'tickets.note' : 'tickets.reply',
      ticket,
      `${body.internal ? 'Internal note on' : 'Reply to'} ${ticket.ticketId}${reopen ? ' (reopened)' : ''}`,
    );
  });
  return getTicket(ctx, id);
}

/** Staff: status, priority, assignee. The customer is told of a status change. */
export async function updateTicket(ctx: Ctx, id: string, body: TUpdateTicketBody): Promise<TTicket> {
  await inTransaction(ctx, async (tx) => {
    await repo.lockTicket(tx.db, id);
    const ticket = await repo.findTicket(tx.db, id, null);
    if (!ticket) throw notFound('Ticket');
    let assigneeName: string | null | undefined;
    if (body.assignedToId) {
      const staff = await repo.activeStaff(tx.db, body.assignedToId);
      if (!staff) throw invalid({ assignedToId: 'Choose an active staff member' });
      assigneeName = staff.name;
    } else if (body.assignedToId === null) assigneeName = null;
    await repo.updateTicket(tx.db, id, {
      ...(body.status ? { status: body.status } : {}),
      ...(body.priority ? { priority: body.priority } : {}),
      ...(body.assignedToId !== undefined ? { assignedToId: body.assignedToId } : {}),
    });
    const changes = [
      body.status && body.status !== ticket.status ? `status ${ticket.status} → ${body.status}` : null,
      body.priority && body.priority !== ticket.priority ? `priority ${ticket.priority} → ${body.priority}` : null,
      assigneeName !== undefined && body.assignedToId !== ticket.assignedToId ? `assigned to ${assigneeName ?? 'nobody'}` : null,
    ].filter(Boolean);
    if (body.status && body.status !== ticket.status) {
      await notifyCustomer(tx, ticket, 'Ticket status changed', `${ticket.ticketId} "${ticket.subject}" is now ${body.status}.`);
    }
    if (body.assignedToId && body.assignedToId !== ticket.assignedToId && body.assignedToId !== userOf(tx).userId) {
      await notifyUsers(tx, [body.assignedToId], {
        event: 'ticketUpdated',
        title: 'Ticket assigned to you',
        message: `${ticket.ticketId} (${ticket.priority}): ${ticket.subject}`,
        link: staffLink(id),
      });
    }
    await audit(tx, 'tickets.update', ticket, `Updated ${ticket.ticketId}: ${changes.join(', ') || 'no change'}`, {
      before: { status: ticket.status, priority: ticket.priority, assignedToId: ticket.assignedToId },
      after: body,
    });
  });
  return getTicket(ctx, id);
}

// ---- A ticket's files and linked records: each change answers with the ticket ----

export const admitAttachmentUpload = files.admitAttachmentUpload;
export const attachmentFile = files.attachmentFile;

export async function uploadAttachment(
  ctx: Ctx,
  id: string,
  q: TUploadTicketAttachmentQuery,
  body: unknown,
  contentType: string | undefined,
): Promise<TTicket> {
  await files.attachFile(ctx, id, q, body, contentType);
  return getTicket(ctx, id);
}

export async function deleteAttachment(ctx: Ctx, id: string, attachmentId: string): Promise<TTicket> {
  await files.removeFile(ctx, id, attachmentId);
  return getTicket(ctx, id);
}

export async function addLink(ctx: Ctx, id: string, body: z.output<typeof ZTicketLinkBody>): Promise<TTicket> {
  await files.linkRecord(ctx, id, body);
  return getTicket(ctx, id);
}

export async function removeLink(ctx: Ctx, id: string, linkId: string): Promise<TTicket> {
  await files.unlinkRecord(ctx, id, linkId);
  return getTicket(ctx, id);
}

export * from './knowledge.ts';
export * from './status.ts';
