import { ZOk, ZPage } from '@portal/contract/common';
import { ZStaffOption } from '@portal/contract/customers';
import {
  ZArticle,
  ZArticleBody,
  ZArticleListItem,
  ZCreateIncidentBody,
  ZCreateTicketBody,
  ZIncident,
  ZIncidentUpdateBody,
  ZListArticlesQuery,
  ZListTicketsQuery,
  ZStatusPage,
  ZStatusSubscription,
  ZSupportContact,
  ZTicket,
  ZTicketCommentBody,
  ZTicketLinkBody,
  ZTicketListItem,
  ZUpdateTicketBody,
  ZUploadTicketAttachmentQuery,
} from '@portal/contract/support';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { routesFor } from '../../lib/routes.ts';
import { acceptUploads } from '../../lib/upload.ts';
import * as service from './service.ts';

/** Support tickets (admin Support Tools, customer Support Center): customers see their company's, staff all. */
export async function supportRoutes(fastify: FastifyInstance) {
  const route = routesFor(fastify, ['support'], { read: 'support.read', write: 'support.write' });

  route.get(
    '/api/tickets',
    { summary: 'Support tickets, filtered, sorted and paged', query: ZListTicketsQuery, response: ZPage(ZTicketListItem) },
    (req) => service.listTickets(req.ctx, req.query),
  );

  route.get(
    '/api/tickets/assignees',
    { permission: 'support.write', summary: 'Staff a ticket can be assigned to', response: z.array(ZStaffOption.omit({ email: true })) },
    (req) => service.listAssignees(req.ctx),
  );

  route.get('/api/tickets/:id', { summary: 'A ticket with its replies', response: ZTicket }, (req) =>
    service.getTicket(req.ctx, req.params.id),
  );

  route.create(
    '/api/tickets',
    { permission: 'tickets.create', summary: 'Open a support ticket', body: ZCreateTicketBody, response: ZTicket },
    (req) => service.createTicket(req.ctx, req.body),
  );

  route.create(
    '/api/tickets/:id/comments',
    {
      permission: 'tickets.create',
      summary: 'Reply to a ticket (staff may add internal notes)',
      body: ZTicketCommentBody,
      response: ZTicket,
      errors: [409],
    },
    (req) => service.addComment(req.ctx, req.params.id, req.body),
  );

  route.patch(
    '/api/tickets/:id',
    { summary: "Change a ticket's status, priority or assignee", body: ZUpdateTicketBody, response: ZTicket },
    (req) => service.updateTicket(req.ctx, req.params.id, req.body),
  );

  // ---- A ticket's files (the raw body, checked as porting documents are) and linked records ----
  acceptUploads(route.app);

  route.create(
    '/api/tickets/:id/attachments',
    {
      permission: 'tickets.create',
      summary:
        'Attach a file to a ticket, or to one of your replies with commentId (the file is the body: application/pdf, image/png or image/jpeg, at most 10 MB; 20 files a ticket). A file of an internal note is internal.',
      query: ZUploadTicketAttachmentQuery,
      response: ZTicket,
      errors: [409, 411, 413],
      upload: service.admitAttachmentUpload, // the ticket and the size, before the body is read
    },
    (req) => service.uploadAttachment(req.ctx, req.params.id, req.query, req.body, req.headers['content-type']),
  );

  route.download('/api/tickets/:id/attachments/:attachmentId', { summary: 'Download a file of a ticket' }, (req) =>
    service.attachmentFile(req.ctx, req.params.id, req.params.attachmentId),
  );

  route.delete('/api/tickets/:id/attachments/:attachmentId', { summary: 'Remove a file from a ticket', response: ZTicket }, (req) =>
    service.deleteAttachment(req.ctx, req.params.id, req.params.attachmentId),
  );

  route.create(
    '/api/tickets/:id/links',
    {
      permission: 'tickets.create',
      summary: "Link a record of the ticket's company: a phone number (any common format), a call id, a message id or an invoice number",
      body: ZTicketLinkBody,
      response: ZTicket,
      errors: [409],
    },
    (req) => service.addLink(req.ctx, req.params.id, req.body),
  );

  route.delete(
    '/api/tickets/:id/links/:linkId',
    { permission: 'tickets.create', summary: 'Unlink a record from a ticket', response: ZTicket },
    (req) => service.removeLink(req.ctx, req.params.id, req.params.linkId),
  );

  route.get(
    '/api/status',
    { summary: 'Service status: each component, incidents under way, maintenance to come, recently resolved', response: ZStatusPage },
    (req) => service.statusPage(req.ctx),
  );

  route.create(
    '/api/status/incidents',
    { permission: 'status.write', summary: 'Report an incident or announce maintenance', body: ZCreateIncidentBody, response: ZIncident },
    (req) => service.createIncident(req.ctx, req.body),
  );

  route.create(
    '/api/status/incidents/:id/updates',
    {
      permission: 'status.write',
      summary: 'Post a dated update to an incident (Resolved ends it)',
      body: ZIncidentUpdateBody,
      response: ZIncident,
      errors: [409],
    },
    (req) => service.updateIncident(req.ctx, req.params.id, req.body),
  );

  route.get(
    '/api/knowledge',
    {
      summary: 'Knowledge base articles (customers: public ones), full-text searched',
      query: ZListArticlesQuery,
      response: ZPage(ZArticleListItem),
    },
    (req) => service.listArticles(req.ctx, req.query),
  );

  route.get('/api/knowledge/:id', { summary: 'A knowledge base article', response: ZArticle }, (req) =>
    service.getArticle(req.ctx, req.params.id),
  );

  route.create('/api/knowledge', { summary: 'Write a knowledge base article', body: ZArticleBody, response: ZArticle }, (req) =>
    service.createArticle(req.ctx, req.body),
  );

  route.put('/api/knowledge/:id', { summary: 'Edit a knowledge base article', body: ZArticleBody, response: ZArticle }, (req) =>
    service.updateArticle(req.ctx, req.params.id, req.body),
  );

  route.delete('/api/knowledge/:id', { summary: 'Delete a knowledge base article', response: ZOk }, (req) =>
    service.deleteArticle(req.ctx, req.params.id),
  );

  route.get(
    '/api/support/contact',
    { summary: 'How to reach support (the phone line for premium customers)', response: ZSupportContact },
    (req) => service.supportContact(req.ctx),
  );

  route.get('/api/status/subscription', { summary: 'Whether the caller follows status updates', response: ZStatusSubscription }, (req) =>
    service.getSubscription(req.ctx),
  );

  route.put(
    '/api/status/subscription',
    {
      permission: 'support.read',
      summary: 'Follow or stop following status updates (in the portal, and by email if asked)',
      body: ZStatusSubscription,
      response: ZStatusSubscription,
    },
    (req) => service.setSubscription(req.ctx, req.body),
  );
}
