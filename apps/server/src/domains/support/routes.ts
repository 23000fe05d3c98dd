import { ZApiError, ZIdParams, ZOk, ZPage } from '@portal/contract/common';
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
  ZTicketAttachmentParams,
  ZTicketCommentBody,
  ZTicketLinkBody,
  ZTicketLinkParams,
  ZTicketListItem,
  ZUpdateTicketBody,
  ZUploadTicketAttachmentQuery,
} from '@portal/contract/support';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { routesFor } from '../../lib/routes.ts';
import { acceptUploads, sendStoredFile, UPLOAD_BODY_LIMIT, ZStoredFile } from '../../lib/upload.ts';
import * as service from './service.ts';

/** Support tickets (admin Support Tools, customer Support Center): customers see their company's, staff all. */
export async function supportRoutes(fastify: FastifyInstance) {
  const route = routesFor(fastify, ['support']);

  route.get(
    '/api/tickets',
    {
      permission: 'support.read',
      summary: 'Support tickets, filtered, sorted and paged',
      querystring: ZListTicketsQuery,
      response: ZPage(ZTicketListItem),
    },
    (req) => service.listTickets(req.ctx, req.query),
  );

  route.get(
    '/api/tickets/assignees',
    { permission: 'support.write', summary: 'Staff a ticket can be assigned to', response: z.array(ZStaffOption.omit({ email: true })) },
    (req) => service.listAssignees(req.ctx),
  );

  route.get(
    '/api/tickets/:id',
    { permission: 'support.read', summary: 'A ticket with its replies', params: ZIdParams, response: ZTicket },
    (req) => service.getTicket(req.ctx, req.params.id),
  );

  route.post(
    '/api/tickets',
    { permission: 'tickets.create', summary: 'Open a support ticket', body: ZCreateTicketBody, response: ZTicket, status: 201 },
    (req) => service.createTicket(req.ctx, req.body),
  );

  route.post(
    '/api/tickets/:id/comments',
    {
      permission: 'tickets.create',
      summary: 'Reply to a ticket (staff may add internal notes)',
      params: ZIdParams,
      body: ZTicketCommentBody,
      response: ZTicket,
      status: 201,
      errors: { 409: ZApiError },
    },
    (req) => service.addComment(req.ctx, req.params.id, req.body),
  );

  route.patch(
    '/api/tickets/:id',
    {
      permission: 'support.write',
      summary: "Change a ticket's status, priority or assignee",
      params: ZIdParams,
      body: ZUpdateTicketBody,
      response: ZTicket,
    },
    (req) => service.updateTicket(req.ctx, req.params.id, req.body),
  );

  // ---- A ticket's files (the raw body, checked as porting documents are) and linked records ----
  acceptUploads(route.app);

  route.post(
    '/api/tickets/:id/attachments',
    {
      permission: 'tickets.create',
      summary:
        'Attach a file to a ticket, or to one of your replies with commentId (the file is the body: application/pdf, image/png or image/jpeg, at most 10 MB; 20 files a ticket). A file of an internal note is internal.',
      params: ZIdParams,
      querystring: ZUploadTicketAttachmentQuery,
      response: ZTicket,
      status: 201,
      errors: { 409: ZApiError, 411: ZApiError, 413: ZApiError },
      options: {
        bodyLimit: UPLOAD_BODY_LIMIT, // sign-in and permission are checked on request; the ticket and the size here, before the body is read
        preParsing: async (req) => {
          const { id } = req.params as { id: string };
          if (ZIdParams.safeParse({ id }).success) await service.admitAttachmentUpload(req.ctx, id, req.headers['content-length']);
        },
      },
    },
    (req) => service.uploadAttachment(req.ctx, req.params.id, req.query, req.body, req.headers['content-type']),
  );

  route.get(
    '/api/tickets/:id/attachments/:attachmentId',
    { permission: 'support.read', summary: 'Download a file of a ticket', params: ZTicketAttachmentParams, response: ZStoredFile },
    async (req, reply) => sendStoredFile(reply, await service.attachmentFile(req.ctx, req.params.id, req.params.attachmentId)),
  );

  route.delete(
    '/api/tickets/:id/attachments/:attachmentId',
    { permission: 'support.write', summary: 'Remove a file from a ticket', params: ZTicketAttachmentParams, response: ZTicket },
    (req) => service.deleteAttachment(req.ctx, req.params.id, req.params.attachmentId),
  );

  route.post(
    '/api/tickets/:id/links',
    {
      permission: 'tickets.create',
      summary: "Link a record of the ticket's company: a phone number (any common format), a call id, a message id or an invoice number",
      params: ZIdParams,
      body: ZTicketLinkBody,
      response: ZTicket,
      status: 201,
      errors: { 409: ZApiError },
    },
    (req) => service.addLink(req.ctx, req.params.id, req.body),
  );

  route.delete(
    '/api/tickets/:id/links/:linkId',
    { permission: 'tickets.create', summary: 'Unlink a record from a ticket', params: ZTicketLinkParams, response: ZTicket },
    (req) => service.removeLink(req.ctx, req.params.id, req.params.linkId),
  );

  route.get(
    '/api/status',
    {
      permission: 'support.read',
      summary: 'Service status: each component, incidents under way, maintenance to come, recently resolved',
      response: ZStatusPage,
    },
    (req) => service.statusPage(req.ctx),
  );

  route.post(
    '/api/status/incidents',
    {
      permission: 'status.write',
      summary: 'Report an incident or announce maintenance',
      body: ZCreateIncidentBody,
      response: ZIncident,
      status: 201,
    },
    (req) => service.createIncident(req.ctx, req.body),
  );

  route.post(
    '/api/status/incidents/:id/updates',
    {
      permission: 'status.write',
      summary: 'Post a dated update to an incident (Resolved ends it)',
      params: ZIdParams,
      body: ZIncidentUpdateBody,
      response: ZIncident,
      status: 201,
      errors: { 409: ZApiError },
    },
    (req) => service.updateIncident(req.ctx, req.params.id, req.body),
  );

  route.get(
    '/api/knowledge',
    {
      permission: 'support.read',
      summary: 'Knowledge base articles (customers: public ones), full-text searched',
      querystring: ZListArticlesQuery,
      response: ZPage(ZArticleListItem),
    },
    (req) => service.listArticles(req.ctx, req.query),
  );

  route.get(
    '/api/knowledge/:id',
    { permission: 'support.read', summary: 'A knowledge base article', params: ZIdParams, response: ZArticle },
    (req) => service.getArticle(req.ctx, req.params.id),
  );

  route.post(
    '/api/knowledge',
    { permission: 'support.write', summary: 'Write a knowledge base article', body: ZArticleBody, response: ZArticle, status: 201 },
    (req) => service.createArticle(req.ctx, req.body),
  );

  route.put(
    '/api/knowledge/:id',
    { permission: 'support.write', summary: 'Edit a knowledge base article', params: ZIdParams, body: ZArticleBody, response: ZArticle },
    (req) => service.updateArticle(req.ctx, req.params.id, req.body),
  );

  route.delete(
    '/api/knowledge/:id',
    { permission: 'support.write', summary: 'Delete a knowledge base article', params: ZIdParams, response: ZOk },
    async (req) => {
      await service.deleteArticle(req.ctx, req.params.id);
      return { ok: true as const };
    },
  );

  route.get(
    '/api/support/contact',
    { permission: 'support.read', summary: 'How to reach support (the phone line for premium customers)', response: ZSupportContact },
    (req) => service.supportContact(req.ctx),
  );

  route.get(
    '/api/status/subscription',
    { permission: 'support.read', summary: 'Whether the caller follows status updates', response: ZStatusSubscription },
    (req) => service.getSubscription(req.ctx),
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
