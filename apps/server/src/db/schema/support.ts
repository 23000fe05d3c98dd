import { KNOWLEDGE_CATEGORIES, SERVICE_STATUSES, TICKET_PRIORITIES, TICKET_STATUSES } from '@portal/contract/support';
import { boolean, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, ownedBy, storedFile, timestamps, ts, updatedAt } from './columns.ts';
import { customerOwner } from './refs.ts';
import { users } from './users.ts';

export const tickets = pgTable(
  'tickets',
  {
    id: id(),
    /** TKT-{year}-{nnn} */
    ticketCode: text('ticket_code').notNull(),
    ...customerOwner(),
    subject: text('subject').notNull(),
    description: text('description').notNull().default(''),
    category: text('category'),
    status: text('status', { enum: TICKET_STATUSES }).notNull().default('open'),
    priority: text('priority', { enum: TICKET_PRIORITIES }).notNull().default('Medium'),
    assignedToId: uuid('assigned_to_id').references(() => users.id),
    createdById: uuid('created_by_id').references(() => users.id),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('tickets_code_key').on(t.ticketCode),
    index('tickets_customer_idx').on(t.customerId, t.updatedAt),
    index('tickets_status_idx').on(t.status, t.updatedAt),
  ],
);

export const ticketComments = pgTable(
  'ticket_comments',
  {
    id: id(),
    ticketId: ownedBy('ticket_id', () => tickets.id),
    authorId: uuid('author_id').references(() => users.id),
    body: text('body').notNull(),
    /** Internal staff notes are not shown to the customer. */
    internal: boolean('internal').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('ticket_comments_ticket_idx').on(t.ticketId, t.createdAt)],
);

/** Files attached to a ticket (or to one of its comments), checked as porting documents are. */
export const ticketAttachments = pgTable(
  'ticket_attachments',
  {
    id: id(),
    ticketId: ownedBy('ticket_id', () => tickets.id),
    commentId: uuid('comment_id').references(() => ticketComments.id, { onDelete: 'cascade' }),
    ...storedFile(),
    /** Internal attachments (on internal notes) are not shown to the customer. */
    internal: boolean('internal').notNull().default(false),
    uploadedById: uuid('uploaded_by_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('ticket_attachments_ticket_idx').on(t.ticketId, t.createdAt)],
);

/** The records a ticket is about: a number, a call, a message or an invoice of the ticket's company. */
export const ticketLinks = pgTable(
  'ticket_links',
  {
    id: id(),
    ticketId: ownedBy('ticket_id', () => tickets.id),
    kind: text('kind', { enum: ['number', 'cdr', 'message', 'invoice'] }).notNull(),
    /** The record's row id (uuid or bigint as text). */
    recordId: text('record_id').notNull(),
    /** What people call it: the E.164 number, call id, message id or invoice number. */
    label: text('label').notNull(),
    createdById: uuid('created_by_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('ticket_links_key').on(t.ticketId, t.kind, t.recordId)],
);

export const knowledgeArticles = pgTable('knowledge_articles', {
  id: id(),
  title: text('title').notNull(),
  category: text('category', { enum: KNOWLEDGE_CATEGORIES }).notNull(),
  body: text('body').notNull(),
  published: boolean('published').notNull().default(true),
  createdAt: createdAt(),
  lastUpdated: updatedAt(),
});

/** Service status entries (incidents, maintenance) shown on dashboards and Support Tools. */
export const serviceStatus = pgTable('service_status', {
  id: id(),
  serviceName: text('service_name').notNull(),
  status: text('status', { enum: SERVICE_STATUSES }).notNull(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  startedAt: ts('started_at').notNull().defaultNow(),
  resolvedAt: ts('resolved_at'),
  updatedAt: updatedAt(),
});

/** The dated updates of an incident or maintenance (what was found, what was done, resolved). */
export const serviceStatusUpdates = pgTable(
  'service_status_updates',
  {
    id: id(),
    incidentId: ownedBy('incident_id', () => serviceStatus.id),
    status: text('status', { enum: SERVICE_STATUSES }).notNull(),
    message: text('message').notNull(),
    authorId: uuid('author_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('service_status_updates_incident_idx').on(t.incidentId, t.createdAt)],
);

/** Who follows the status page: told in the portal of every incident and update, and by email if asked. */
export const statusSubscriptions = pgTable('status_subscriptions', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  email: boolean('email').notNull().default(true),
  createdAt: createdAt(),
});
