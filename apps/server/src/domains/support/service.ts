import type { TPage } from '@portal/contract/common';
import {
  FIRST_RESPONSE_HOURS,
  SERVICE_COMPONENTS,
  type TArticle,
  type TArticleListItem,
  type TIncident,
  type TIncidentUpdateBody,
  type TListArticlesQuery,
  type TListTicketsQuery,
  type TStatusPage,
  type TStatusSubscription,
  type TSupportContact,
  type TTicket,
  type TTicketListItem,
  type TUpdateTicketBody,
  type ZArticleBody,
  type ZCreateIncidentBody,
  type ZCreateTicketBody,
  type ZTicketCommentBody,
} from '@portal/contract/support';
import type { z } from 'zod';
import { type Ctx, inTransaction, isCustomerSide, ownCustomer, userOf } from '../../lib/context.ts';
import { conflict, forbidden, invalid, notFound } from '../../lib/errors.ts';
import { findAccountInScope, resolveListScope } from '../../lib/list-scope.ts';
import { pageOf } from '../../lib/paging.ts';
import { getSettings } from '../../lib/settings.ts';
import { recordAudit } from '../audit/service.ts';
import { queueEmail } from '../email/service.ts';
import { notifyUsers } from '../notifications/service.ts';
import { customerAdminIds } from '../users/service.ts';
import * as repo from './repo.ts';

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

const staffLink = (id: string) => `/admin/support/tickets/${id}`;
const customerLink = (id: string) => `/customer/support/tickets/${id}`;

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
  const comments = await repo.listComments(ctx.db, id, staff);
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
  };
}

export async function listAssignees(ctx: Ctx) {
  return repo.supportStaff(ctx.db);
}

/** Tells the provider's side: the assignee, or (unassigned) the staff who work tickets. */
async function notifyStaff(tx: Ctx, ticket: { id: string; assignedToId: string | null }, title: string, message: string) {
  const me = userOf(tx).userId;
  const to = ticket.assignedToId
    ? [ticket.assignedToId]
    : (await repo.supportStaff(tx.db)).filter((s) => s.role !== 'Technical').map((s) => s.id);
  await notifyUsers(
    tx,
    to.filter((id) => id !== me),
    { type: 'ticket', title, message, link: staffLink(ticket.id) },
  );
}

/** Tells the customer's side: whoever opened the ticket and the company's Admins. */
async function notifyCustomer(
  tx: Ctx,
  ticket: { id: string; customerId: string; createdById: string | null },
  title: string,
  message: string,
) {
  const admins = await customerAdminIds(tx, ticket.customerId);
  const to = [...new Set([...(ticket.createdById ? [ticket.createdById] : []), ...admins])];
  await notifyUsers(tx, to, { type: 'ticket', title, message, link: customerLink(ticket.id) });
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
    await recordAudit(tx, {
      action: 'tickets.create',
      entityType: 'ticket',
      entityId: id,
      customerId,
      summary: `Opened ticket ${code}: ${body.subject}`,
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
    if (customer && ticket.status === 'closed') throw conflict('This ticket is closed. Please open a new ticket.');
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
    await recordAudit(tx, {
      action: body.internal ? 'tickets.note' : 'tickets.reply',
      entityType: 'ticket',
      entityId: id,
      customerId: ticket.customerId,
      summary: `${body.internal ? 'Internal note on' : 'Reply to'} ${ticket.ticketId}${reopen ? ' (reopened)' : ''}`,
    });
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
        type: 'ticket',
        title: 'Ticket assigned to you',
        message: `${ticket.ticketId} (${ticket.priority}): ${ticket.subject}`,
        link: staffLink(id),
      });
    }
    await recordAudit(tx, {
      action: 'tickets.update',
      entityType: 'ticket',
      entityId: id,
      customerId: ticket.customerId,
      summary: `Updated ${ticket.ticketId}: ${changes.join(', ') || 'no change'}`,
      before: { status: ticket.status, priority: ticket.priority, assignedToId: ticket.assignedToId },
      after: body,
    });
  });
  return getTicket(ctx, id);
}

// ---- Service status: incidents and maintenance drive the status page and the dashboards' tiles ----

type IncidentRow = Awaited<ReturnType<typeof repo.incidents>>[number];
const RECENT_DAYS = 14;

async function withUpdates(ctx: Ctx, rows: IncidentRow[]): Promise<TIncident[]> {
  const updates = await repo.incidentUpdates(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    component: r.serviceName,
    status: r.status,
    title: r.title,
    description: r.description,
    startedAt: r.startedAt.toISOString(),
    resolvedAt: r.resolvedAt?.toISOString() ?? null,
    updates: updates
      .filter((u) => u.incidentId === r.id)
      .map((u) => ({ id: u.id, status: u.status, message: u.message, author: u.author, createdAt: u.createdAt.toISOString() })),
  }));
}

/**
 * Each component's state: Degraded Performance while an incident is open, Scheduled while
 * maintenance is announced or under way, Operational otherwise; with the entry that decides it.
 */
export function componentStates(open: Pick<IncidentRow, 'id' | 'serviceName' | 'status' | 'title' | 'updatedAt'>[]) {
  return SERVICE_COMPONENTS.map((name) => {
    const mine = open.filter((r) => r.serviceName === name);
    const decisive = mine.find((r) => r.status === 'Degraded Performance') ?? mine.find((r) => r.status === 'Scheduled');
    return {
      id: decisive?.id ?? name,
      serviceName: name,
      status: decisive?.status ?? ('Operational' as const),
      title: decisive?.title ?? `${name} operating normally`,
      updatedAt: decisive?.updatedAt ?? null,
    };
  });
}

/** The dashboards' Service Status tiles and their Active Alerts (components not Operational). */
export async function statusTiles(ctx: Ctx) {
  const rows = await repo.incidents(ctx.db, new Date());
  const open = rows.filter((r) => !r.resolvedAt && r.status !== 'Resolved');
  return componentStates(open);
}

export async function statusPage(ctx: Ctx): Promise<TStatusPage> {
  const since = new Date(Date.now() - RECENT_DAYS * 86_400_000);
  const rows = await repo.incidents(ctx.db, since);
  const open = rows.filter((r) => !r.resolvedAt && r.status !== 'Resolved');
  const all = await withUpdates(ctx, rows);
  return {
    components: componentStates(open).map((c) => ({ name: c.serviceName, status: c.status })),
    current: all.filter((i) => !i.resolvedAt && i.status !== 'Resolved'),
    recent: all.filter((i) => i.resolvedAt || i.status === 'Resolved'),
  };
}

/** Staff report an incident (starts now) or announce maintenance (starts when given); customers' dashboards show it. */
export async function createIncident(ctx: Ctx, body: z.output<typeof ZCreateIncidentBody>): Promise<TIncident> {
  const me = userOf(ctx);
  const row = await inTransaction(ctx, async (tx) => {
    const now = new Date();
    const startedAt = body.status === 'Scheduled' && body.startsAt ? new Date(body.startsAt) : now;
    const row = await repo.insertIncident(tx.db, {
      serviceName: body.component,
      status: body.status,
      title: body.title,
      description: body.description,
      startedAt,
      updatedAt: now,
    });
    await repo.insertIncidentUpdate(tx.db, {
      incidentId: row.id,
      status: body.status,
      message: body.description,
      authorId: me.userId,
      createdAt: now,
    });
    await notifySubscribers(tx, { component: body.component, title: body.title }, body.status, body.description);
    await recordAudit(tx, {
      action: 'status.incident',
      entityType: 'service_status',
      entityId: row.id,
      summary: `${body.status === 'Scheduled' ? 'Announced maintenance' : 'Reported an incident'} on ${body.component}: ${body.title}`,
      after: { component: body.component, status: body.status, title: body.title, startedAt: startedAt.toISOString() },
    });
    return row;
  });
  const [incident] = await withUpdates(ctx, [row]);
  return incident as TIncident;
}

/** A dated update; Resolved ends the incident (its time stops counting against uptime). */
export async function updateIncident(ctx: Ctx, id: string, body: TIncidentUpdateBody): Promise<TIncident> {
  const me = userOf(ctx);
  await inTransaction(ctx, async (tx) => {
    const row = await repo.lockIncident(tx.db, id);
    if (!row) throw notFound('Incident');
    if (row.resolvedAt || row.status === 'Resolved') throw conflict('This incident is resolved. Report a new one.');
    const now = new Date();
    await repo.updateIncident(tx.db, id, {
      status: body.status,
      updatedAt: now,
      ...(body.status === 'Resolved' ? { resolvedAt: now } : {}),
    });
    await repo.insertIncidentUpdate(tx.db, {
      incidentId: id,
      status: body.status,
      message: body.message,
      authorId: me.userId,
      createdAt: now,
    });
    await notifySubscribers(tx, { component: row.serviceName, title: row.title }, body.status, body.message);
    await recordAudit(tx, {
      action: 'status.update',
      entityType: 'service_status',
      entityId: id,
      summary: `${row.serviceName} incident "${row.title}": ${body.status}`,
      before: { status: row.status },
      after: { status: body.status, message: body.message },
    });
  });
  const [incident] = await withUpdates(
    ctx,
    (await repo.incidents(ctx.db, new Date(0))).filter((r) => r.id === id),
  );
  return incident as TIncident;
}

// ---- Knowledge base: customers read public articles, staff all; staff write ----

type ArticleRow = NonNullable<Awaited<ReturnType<typeof repo.findArticle>>>;
const toArticle = (r: ArticleRow): TArticle => ({
  id: r.id,
  title: r.title,
  category: r.category,
  public: r.published,
  excerpt: r.body.slice(0, 220),
  body: r.body,
  lastUpdated: r.lastUpdated.toISOString(),
});

export async function listArticles(ctx: Ctx, q: TListArticlesQuery): Promise<TPage<TArticleListItem>> {
  const { rows, total } = await repo.listArticles(ctx.db, q, isCustomerSide(ctx));
  return pageOf(
    rows.map((r) => ({
      id: r.id,
      title: r.title,
      category: r.category,
      public: r.published,
      excerpt: r.excerpt,
      lastUpdated: r.lastUpdated.toISOString(),
    })),
    total,
    q,
  );
}

export async function getArticle(ctx: Ctx, id: string): Promise<TArticle> {
  const row = await repo.findArticle(ctx.db, id, isCustomerSide(ctx));
  if (!row) throw notFound('Article');
  return toArticle(row);
}

export async function createArticle(ctx: Ctx, body: z.output<typeof ZArticleBody>): Promise<TArticle> {
  return inTransaction(ctx, async (tx) => {
    const now = new Date();
    const row = await repo.insertArticle(tx.db, {
      title: body.title,
      category: body.category,
      body: body.body,
      published: body.public,
      createdAt: now,
      lastUpdated: now,
    });
    await recordAudit(tx, {
      action: 'knowledge.create',
      entityType: 'knowledge_article',
      entityId: row.id,
      summary: `Published ${body.public ? 'public' : 'internal'} article "${body.title}" (${body.category})`,
      after: { title: body.title, category: body.category, public: body.public },
    });
    return toArticle(row);
  });
}

export async function updateArticle(ctx: Ctx, id: string, body: z.output<typeof ZArticleBody>): Promise<TArticle> {
  return inTransaction(ctx, async (tx) => {
    const before = await repo.findArticle(tx.db, id, false);
    if (!before) throw notFound('Article');
    const row = await repo.updateArticle(tx.db, id, {
      title: body.title,
      category: body.category,
      body: body.body,
      published: body.public,
      lastUpdated: new Date(),
    });
    await recordAudit(tx, {
      action: 'knowledge.update',
      entityType: 'knowledge_article',
      entityId: id,
      summary: `Updated article "${body.title}"`,
      before: { title: before.title, category: before.category, public: before.published },
      after: { title: body.title, category: body.category, public: body.public },
    });
    return toArticle(row as ArticleRow);
  });
}

export async function deleteArticle(ctx: Ctx, id: string): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const row = await repo.deleteArticle(tx.db, id);
    if (!row) throw notFound('Article');
    await recordAudit(tx, {
      action: 'knowledge.delete',
      entityType: 'knowledge_article',
      entityId: id,
      summary: `Deleted article "${row.title}"`,
    });
  });
}

/** The Contact Support tab: the phone line is shown to premium customers only (a customer attribute). */
export async function supportContact(ctx: Ctx): Promise<TSupportContact> {
  const settings = await getSettings(ctx.db);
  const own = ownCustomer(ctx);
  const premium = own ? await repo.isPremium(ctx.db, own) : true;
  return { supportEmail: settings.supportEmail, premium, supportPhone: premium ? settings.supportPhone : null };
}

// ---- Following the status page ----

export async function getSubscription(ctx: Ctx): Promise<TStatusSubscription> {
  const row = await repo.subscription(ctx.db, userOf(ctx).userId);
  return { subscribed: Boolean(row), byEmail: row?.email ?? true };
}

export async function setSubscription(ctx: Ctx, body: TStatusSubscription): Promise<TStatusSubscription> {
  const me = userOf(ctx);
  await inTransaction(ctx, async (tx) => {
    await repo.setSubscription(tx.db, me.userId, { subscribed: body.subscribed, email: body.byEmail });
    await recordAudit(tx, {
      action: body.subscribed ? 'status.subscribe' : 'status.unsubscribe',
      entityType: 'user',
      entityId: me.userId,
      customerId: me.customerId,
      summary: body.subscribed
        ? `${me.name} follows service status updates${body.byEmail ? ' by email too' : ''}`
        : `${me.name} stopped following service status updates`,
    });
  });
  return getSubscription(ctx);
}

/** Tells every subscriber of an incident or an update: in the portal, and by email when they asked. */
async function notifySubscribers(tx: Ctx, incident: { component: string; title: string }, status: string, message: string) {
  const subscribers = await repo.subscribers(tx.db);
  const title = `${incident.component}: ${status}`;
  await notifyUsers(
    tx,
    subscribers.map((s) => s.userId),
    { type: 'Service', title, message: `${incident.title}. ${message}`, link: null },
  );
  for (const s of subscribers.filter((x) => x.email)) {
    await queueEmail(tx, {
      to: s.address,
      subject: `[${tx.config.PORTAL_BRAND} status] ${incident.component}: ${incident.title} (${status})`,
      body: [
        `Hello ${s.name},`,
        '',
        `${incident.component}: ${incident.title}`,
        `Status: ${status}`,
        '',
        message,
        '',
        'You receive this because you follow service status updates in the portal (Support, Contact Support).',
      ].join('\n'),
    });
  }
}
