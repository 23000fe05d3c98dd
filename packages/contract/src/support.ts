import { z } from 'zod';
import { ZId, ZIsoDateTime, ZPageQuery, ZRequiredText, ZSortDir, ZText } from './common.ts';
import {
  PORTING_DOCUMENT_MAX_BYTES,
  PORTING_DOCUMENT_TYPES,
  storedFileFields,
  ZPortingDocumentFile,
  ZUploadPortingDocumentQuery,
} from './numbers.ts';
import { toE164 } from './phone.ts';

/** Support: tickets, the knowledge base and the service status page. */
export const TICKET_STATUSES = ['open', 'in-progress', 'pending', 'resolved', 'closed'] as const;
export const TICKET_PRIORITIES = ['Low', 'Medium', 'High', 'Critical'] as const;
export const KNOWLEDGE_CATEGORIES = ['API', 'Voice', 'Billing', 'Numbers', 'Messaging'] as const;
export const SERVICE_STATUSES = ['Operational', 'Degraded Performance', 'Resolved', 'Scheduled'] as const;
export type TTicketStatus = (typeof TICKET_STATUSES)[number];
export type TTicketPriority = (typeof TICKET_PRIORITIES)[number];
export type TServiceStatus = (typeof SERVICE_STATUSES)[number];

export const ZTicketStatus = z.enum(TICKET_STATUSES);
export const ZTicketPriority = z.enum(TICKET_PRIORITIES);
/** Statuses a ticket is still being worked in (the dashboards count these). */
export const OPEN_TICKET_STATUSES = ['open', 'in-progress', 'pending'] as const satisfies readonly TTicketStatus[];
/** What a ticket can be about (a number, a CDR, a message, an invoice…). */
export const TICKET_CATEGORIES = ['General', 'Technical', 'Billing', 'Numbers', 'Voice', 'Messaging', 'API'] as const;
/** The first response the provider aims for, by priority (hours). */
export const FIRST_RESPONSE_HOURS: Record<TTicketPriority, number> = { Critical: 1, High: 4, Medium: 8, Low: 24 };

export const TICKET_SORTS = ['updatedAt', 'createdAt', 'ticketId', 'priority', 'status', 'subject'] as const;
export const ZListTicketsQuery = ZPageQuery.extend({
  /** Matches the subject or the ticket ID. */
  search: ZText().trim().max(100).optional(),
  status: ZTicketStatus.optional(),
  priority: ZTicketPriority.optional(),
  /** Staff: one customer's tickets (customer users always get their own company's). */
  customerId: z.uuid().optional(),
  /** Staff: the assignee ('unassigned' for none). */
  assignedToId: z.union([z.uuid(), z.literal('unassigned')]).optional(),
  sort: z.enum(TICKET_SORTS).default('updatedAt'),
  dir: ZSortDir.default('desc'),
});
export type TListTicketsQuery = z.infer<typeof ZListTicketsQuery>;

export const ZTicketListItem = z.object({
  id: z.uuid(),
  ticketId: z.string(),
  subject: z.string(),
  customerId: z.uuid(),
  customerName: z.string(),
  accountName: z.string().nullable(),
  category: z.string().nullable(),
  status: ZTicketStatus,
  priority: ZTicketPriority,
  assignedTo: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  createdAt: ZIsoDateTime,
  updatedAt: ZIsoDateTime,
});
export type TTicketListItem = z.infer<typeof ZTicketListItem>;

export const ZTicketComment = z.object({
  id: z.uuid(),
  body: z.string(),
  /** A staff note the customer never sees. */
  internal: z.boolean(),
  author: z.object({ name: z.string(), staff: z.boolean() }).nullable(),
  createdAt: ZIsoDateTime,
});
export type TTicketComment = z.infer<typeof ZTicketComment>;

// ---- Attachments and linked records ----
/** Ticket attachments take the porting documents' checks: PDF, PNG or JPEG, at most 10 MB, one file an upload. */
export const TICKET_ATTACHMENT_TYPES = PORTING_DOCUMENT_TYPES;
export const TICKET_ATTACHMENT_MAX_BYTES = PORTING_DOCUMENT_MAX_BYTES;
export const TICKET_ATTACHMENTS_PER_TICKET = 20;
/** A file as the browser and the server both see it: its declared type and its size. */
export const ZTicketAttachmentFile = ZPortingDocumentFile;

/** Upload: the file is the raw request body (its Content-Type); these travel in the query string. */
export const ZUploadTicketAttachmentQuery = z.object({
  fileName: ZUploadPortingDocumentQuery.shape.fileName,
  /** The reply the file goes with (a file of an internal note is internal too); none for the ticket itself. */
  commentId: ZId.optional(),
});
export type TUploadTicketAttachmentQuery = z.infer<typeof ZUploadTicketAttachmentQuery>;

export const ZTicketAttachment = z.object({
  id: ZId,
  ...storedFileFields,
  /** On an internal note: staff only. */
  internal: z.boolean(),
  commentId: ZId.nullable(),
  uploadedBy: z.object({ name: z.string(), staff: z.boolean() }).nullable(),
  createdAt: ZIsoDateTime,
});
export type TTicketAttachment = z.infer<typeof ZTicketAttachment>;

/** What a ticket can be about: a number, a call, a message or an invoice of the ticket's company. */
export const TICKET_LINK_KINDS = ['number', 'cdr', 'message', 'invoice'] as const;
export type TTicketLinkKind = (typeof TICKET_LINK_KINDS)[number];
export const TICKET_LINK_LABELS: Record<TTicketLinkKind, string> = {
  number: 'Phone Number',
  cdr: 'Call (CDR)',
  message: 'Message',
  invoice: 'Invoice',
};
/** What people type to name each kind of record. */
export const TICKET_LINK_REFERENCES: Record<TTicketLinkKind, string> = {
  number: 'Phone number, e.g. +1 212 555 0143',
  cdr: 'Call ID',
  message: 'Message ID (SM…)',
  invoice: 'Invoice number, e.g. INV-2026-000123',
};
export const INVALID_LINK_NUMBER = 'Enter a valid phone number, e.g. +1 212 555 0123 or (212) 555-0123';

/** Link a record by what people call it: a number (any common format, E.164 once parsed), a call id, a message id or an invoice number. */
export const ZTicketLinkBody = z
  .object({
    kind: z.enum(TICKET_LINK_KINDS, { message: 'Choose a phone number, call, message or invoice' }),
    reference: ZRequiredText('Reference', 128),
  })
  .transform((v, ctx) => {
    if (v.kind !== 'number') return v;
    const e164 = toE164(v.reference);
    if (!e164) {
      ctx.addIssue({ code: 'custom', path: ['reference'], message: INVALID_LINK_NUMBER });
      return z.NEVER;
    }
    return { ...v, reference: e164 };
  });
export type TTicketLinkBody = z.input<typeof ZTicketLinkBody>;

export const ZTicketLink = z.object({
  id: ZId,
  kind: z.enum(TICKET_LINK_KINDS),
  /** What people call it: the E.164 number, call id, message id or invoice number. */
  label: z.string(),
  /** The record's id (a number's, a call's or message's row, an invoice's). */
  recordId: z.string(),
  /** A call's or message's numbers and time (to find it in its list); null otherwise. */
  from: z.string().nullable(),
  to: z.string().nullable(),
  at: ZIsoDateTime.nullable(),
  /** False once the record is no longer the company's (a released number, a purged message). */
  available: z.boolean(),
  createdBy: z.string().nullable(),
  createdAt: ZIsoDateTime,
});
export type TTicketLink = z.infer<typeof ZTicketLink>;

export const ZTicket = ZTicketListItem.extend({
  description: z.string(),
  createdBy: z.string().nullable(),
  comments: z.array(ZTicketComment),
  /** Files of the ticket and its replies (customers: not those of internal notes). */
  attachments: z.array(ZTicketAttachment),
  /** The records the ticket is about. */
  links: z.array(ZTicketLink),
  /** When the first response is due (creation + the priority's target). */
  firstResponseDueAt: ZIsoDateTime,
  /** The first public staff reply, if any. */
  firstResponseAt: ZIsoDateTime.nullable(),
});
export type TTicket = z.infer<typeof ZTicket>;

export const ZCreateTicketBody = z.object({
  subject: ZRequiredText('Subject', 200),
  description: ZRequiredText('Description', 10_000),
  priority: ZTicketPriority.default('Medium'),
  category: z.enum(TICKET_CATEGORIES).default('General'),
  /** Optional: the sub-account it is about. */
  accountId: z.preprocess((v) => (v === '' ? null : v), z.uuid().nullish()),
  /** Staff opening a ticket for a customer: required then (customer users: their own company). */
  customerId: z.uuid().nullish(),
});
export type TCreateTicketBody = z.input<typeof ZCreateTicketBody>;

export const ZTicketCommentBody = z.object({
  body: ZRequiredText('Reply', 10_000),
  /** Staff only: a note the customer does not see. */
  internal: z.boolean().default(false),
});
export type TTicketCommentBody = z.input<typeof ZTicketCommentBody>;

/** Staff: status, priority and assignee (null to unassign); any subset. */
export const ZUpdateTicketBody = z
  .object({
    status: ZTicketStatus.optional(),
    priority: ZTicketPriority.optional(),
    assignedToId: z.uuid().nullable().optional(),
  })
  .refine((v) => v.status !== undefined || v.priority !== undefined || v.assignedToId !== undefined, { message: 'Nothing to change' });
export type TUpdateTicketBody = z.infer<typeof ZUpdateTicketBody>;

/** The platform's components on the status page and the dashboards' Service Status tiles. */
export const SERVICE_COMPONENTS = ['SMS', 'Voice', 'Numbers', 'API', 'Portal'] as const;
export type TServiceComponent = (typeof SERVICE_COMPONENTS)[number];
/** An incident (Degraded Performance) or scheduled maintenance (Scheduled) until it is Resolved. */
export const INCIDENT_KINDS = ['Degraded Performance', 'Scheduled'] as const satisfies readonly TServiceStatus[];

export const ZIncidentUpdate = z.object({
  id: z.uuid(),
  status: z.enum(SERVICE_STATUSES),
  message: z.string(),
  author: z.string().nullable(),
  createdAt: ZIsoDateTime,
});
export const ZIncident = z.object({
  id: z.uuid(),
  component: z.string(),
  status: z.enum(SERVICE_STATUSES),
  title: z.string(),
  description: z.string(),
  startedAt: ZIsoDateTime,
  resolvedAt: ZIsoDateTime.nullable(),
  updates: z.array(ZIncidentUpdate),
});
export type TIncident = z.infer<typeof ZIncident>;

export const ZStatusPage = z.object({
  /** Each component's state now: the worst open incident, Scheduled for maintenance under way, else Operational. */
  components: z.array(z.object({ name: z.string(), status: z.enum(SERVICE_STATUSES) })),
  /** Incidents under way and maintenance to come, newest first. */
  current: z.array(ZIncident),
  /** Resolved in the last 14 days. */
  recent: z.array(ZIncident),
});
export type TStatusPage = z.infer<typeof ZStatusPage>;

export const ZCreateIncidentBody = z
  .object({
    component: z.enum(SERVICE_COMPONENTS, { message: 'Choose a component' }),
    status: z.enum(INCIDENT_KINDS),
    title: ZRequiredText('Title', 200),
    description: ZRequiredText('Description', 4000),
    /** Maintenance: when it starts (required then); an incident starts now. */
    startsAt: ZIsoDateTime.nullish(),
  })
  .superRefine((v, ctx) => {
    if (v.status === 'Scheduled' && !v.startsAt)
      ctx.addIssue({ code: 'custom', path: ['startsAt'], message: 'Choose when the maintenance starts' });
  });
export type TCreateIncidentBody = z.input<typeof ZCreateIncidentBody>;

export const ZIncidentUpdateBody = z.object({
  status: z.enum(['Degraded Performance', 'Scheduled', 'Resolved'], { message: 'Choose Degraded Performance, Scheduled or Resolved' }),
  message: ZRequiredText('Update', 4000),
});
export type TIncidentUpdateBody = z.infer<typeof ZIncidentUpdateBody>;

// ---- Knowledge base ----
export const ZKnowledgeCategory = z.enum(KNOWLEDGE_CATEGORIES);
export const ZListArticlesQuery = ZPageQuery.extend({
  /** Full-text search of the title and body (PostgreSQL's text search: words, "phrases", -exclusions). */
  search: ZText().trim().max(200).optional(),
  category: ZKnowledgeCategory.optional(),
});
export type TListArticlesQuery = z.infer<typeof ZListArticlesQuery>;

export const ZArticleListItem = z.object({
  id: z.uuid(),
  title: z.string(),
  category: ZKnowledgeCategory,
  /** Public articles are read by customers; internal ones by staff only. */
  public: z.boolean(),
  /** The opening of the body, for the list. */
  excerpt: z.string(),
  lastUpdated: ZIsoDateTime,
});
export type TArticleListItem = z.infer<typeof ZArticleListItem>;
export const ZArticle = ZArticleListItem.extend({ body: z.string() });
export type TArticle = z.infer<typeof ZArticle>;

export const ZArticleBody = z.object({
  title: ZRequiredText('Title', 200),
  category: ZKnowledgeCategory,
  /** Markdown; rendered without raw HTML. */
  body: ZRequiredText('Article', 50_000),
  public: z.boolean().default(true),
});
export type TArticleBody = z.input<typeof ZArticleBody>;

/** How a customer reaches support: email for all, phone for premium customers only. */
export const ZSupportContact = z.object({
  supportEmail: z.string(),
  premium: z.boolean(),
  /** Only for premium customers (and staff). */
  supportPhone: z.string().nullable(),
});
export type TSupportContact = z.infer<typeof ZSupportContact>;

/** Following the status page: in-app notices of every incident and update, and emails when asked. */
export const ZStatusSubscription = z.object({ subscribed: z.boolean(), byEmail: z.boolean() });
export type TStatusSubscription = z.infer<typeof ZStatusSubscription>;
