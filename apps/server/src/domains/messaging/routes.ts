import { ZCursorPage, ZIdParams, ZOk, ZPage } from '@portal/contract/common';
import {
  ZBrand,
  ZBrandBody,
  ZCampaign,
  ZCampaignBody,
  ZCampaignDetail,
  ZCampaignNumbersBody,
  ZCampaignStatusBody,
  ZExportMessagesQuery,
  ZListBrandsQuery,
  ZListCampaignsQuery,
  ZListMessagesQuery,
  ZListTemplatesQuery,
  ZMessage,
  ZMessagingPrices,
  ZPricesQuery,
  ZReviewBrandBody,
  ZTemplate,
  ZTemplateBody,
} from '@portal/contract/messaging';
import { ZComplianceQuery, ZComplianceStatus, ZListOptOutsQuery, ZOptOut, ZOptOutBody } from '@portal/contract/messaging-consent';
import type { FastifyInstance } from 'fastify';
import { sendExport, ZCsv } from '../../lib/export.ts';
import { routesFor } from '../../lib/routes.ts';
import * as service from './service.ts';

/** Messaging tools (admin spec 2.10, customer Messaging Tools): 10DLC brands and campaigns, templates, messages, opt-outs. */
export async function messagingRoutes(fastify: FastifyInstance) {
  const route = routesFor(fastify, ['messaging']);

  // brands
  route.get(
    '/api/messaging/brands',
    { permission: 'messaging.read', summary: '10DLC brands, newest first', querystring: ZListBrandsQuery, response: ZPage(ZBrand) },
    (req) => service.listBrands(req.ctx, req.query),
  );
  route.post(
    '/api/messaging/brands',
    {
      permission: 'messaging.write',
      summary: 'Register a brand (Pending until reviewed)',
      body: ZBrandBody,
      response: ZBrand,
      status: 201,
    },
    (req) => service.createBrand(req.ctx, req.body),
  );
  route.get(
    '/api/messaging/brands/:id',
    { permission: 'messaging.read', summary: 'One brand', params: ZIdParams, response: ZBrand },
    (req) => service.getBrand(req.ctx, req.params.id),
  );
  route.put(
    '/api/messaging/brands/:id',
    {
      permission: 'messaging.write',
      summary: 'Correct a pending or rejected brand (a rejected one is resubmitted)',
      params: ZIdParams,
      body: ZBrandBody,
      response: ZBrand,
    },
    (req) => service.updateBrand(req.ctx, req.params.id, req.body),
  );
  route.post(
    '/api/messaging/brands/:id/review',
    {
      permission: 'messaging.review',
      summary: 'Approve a pending brand, or reject it with a reason naming the field at fault',
      params: ZIdParams,
      body: ZReviewBrandBody,
      response: ZBrand,
    },
    (req) => service.reviewBrand(req.ctx, req.params.id, req.body),
  );

  // campaigns
  route.get(
    '/api/messaging/campaigns',
    {
      permission: 'messaging.read',
      summary: '10DLC campaigns with sent and delivered counts from the message records',
      querystring: ZListCampaignsQuery,
      response: ZPage(ZCampaign),
    },
    (req) => service.listCampaigns(req.ctx, req.query),
  );
  route.post(
    '/api/messaging/campaigns',
    {
      permission: 'messaging.write',
      summary: 'Submit a campaign: it gets its 10DLC ID and waits (Pending) for review',
      body: ZCampaignBody,
      response: ZCampaignDetail,
      status: 201,
    },
    (req) => service.createCampaign(req.ctx, req.body),
  );
  route.get(
    '/api/messaging/campaigns/:id',
    { permission: 'messaging.read', summary: 'One campaign with its timeline and numbers', params: ZIdParams, response: ZCampaignDetail },
    (req) => service.getCampaign(req.ctx, req.params.id),
  );
  route.put(
    '/api/messaging/campaigns/:id',
    {
      permission: 'messaging.write',
      summary: 'Correct a pending or rejected campaign (a rejected one is resubmitted)',
      params: ZIdParams,
      body: ZCampaignBody,
      response: ZCampaignDetail,
    },
    (req) => service.updateCampaign(req.ctx, req.params.id, req.body),
  );
  route.post(
    '/api/messaging/campaigns/:id/status',
    {
      permission: 'messaging.review',
      summary: 'Move a campaign through review: Under Review, Approved, or Rejected with a reason',
      params: ZIdParams,
      body: ZCampaignStatusBody,
      response: ZCampaignDetail,
    },
    (req) => service.setCampaignStatus(req.ctx, req.params.id, req.body),
  );
  route.put(
    '/api/messaging/campaigns/:id/numbers',
    {
      permission: 'messaging.write',
      summary: "The numbers an approved campaign sends from (the account's local SMS numbers; one campaign a number)",
      params: ZIdParams,
      body: ZCampaignNumbersBody,
      response: ZCampaignDetail,
    },
    (req) => service.setCampaignNumbers(req.ctx, req.params.id, req.body),
  );

  // templates
  route.get(
    '/api/messaging/templates',
    { permission: 'messaging.read', summary: 'Message templates', querystring: ZListTemplatesQuery, response: ZPage(ZTemplate) },
    (req) => service.listTemplates(req.ctx, req.query),
  );
  route.post(
    '/api/messaging/templates',
    { permission: 'messaging.write', summary: 'Create a template', body: ZTemplateBody, response: ZTemplate, status: 201 },
    (req) => service.createTemplate(req.ctx, req.body),
  );
  route.put(
    '/api/messaging/templates/:id',
    { permission: 'messaging.write', summary: 'Edit a template', params: ZIdParams, body: ZTemplateBody, response: ZTemplate },
    (req) => service.updateTemplate(req.ctx, req.params.id, req.body),
  );
  route.delete(
    '/api/messaging/templates/:id',
    { permission: 'messaging.write', summary: 'Delete a template', params: ZIdParams, response: ZOk },
    async (req) => {
      await service.deleteTemplate(req.ctx, req.params.id);
      return { ok: true as const };
    },
  );
  route.get(
    '/api/messaging/prices',
    {
      permission: 'messaging.read',
      summary: "An account's messaging prices (SMS per segment, MMS per message)",
      querystring: ZPricesQuery,
      response: ZMessagingPrices,
    },
    (req) => service.prices(req.ctx, req.query),
  );

  // messages
  route.get(
    '/api/messaging/messages',
    {
      permission: 'messaging.read',
      summary: 'Delivery reports and message logs, newest first, keyset paged',
      querystring: ZListMessagesQuery,
      response: ZCursorPage(ZMessage),
    },
    (req) => service.listMessages(req.ctx, req.query),
  );
  route.get(
    '/api/messaging/messages/export',
    {
      permission: 'messaging.read',
      summary: 'Every matching message as CSV, streamed',
      querystring: ZExportMessagesQuery,
      response: ZCsv,
      options: { compress: false },
    },
    async (req, reply) => sendExport(reply, await service.exportMessages(req.ctx, req.query)),
  );

  // opt-outs
  route.get(
    '/api/messaging/opt-outs',
    { permission: 'messaging.read', summary: 'The opt-out ledger, newest first', querystring: ZListOptOutsQuery, response: ZPage(ZOptOut) },
    (req) => service.listOptOuts(req.ctx, req.query),
  );
  route.post(
    '/api/messaging/opt-outs',
    {
      permission: 'messaging.write',
      summary: 'Opt a number out of an account’s messages',
      body: ZOptOutBody,
      response: ZOptOut,
      status: 201,
    },
    (req) => service.addOptOut(req.ctx, req.body),
  );
  route.delete(
    '/api/messaging/opt-outs/:id',
    { permission: 'messaging.write', summary: 'Opt a number back in', params: ZIdParams, response: ZOk },
    async (req) => {
      await service.removeOptOut(req.ctx, req.params.id);
      return { ok: true as const };
    },
  );

  route.get(
    '/api/messaging/compliance',
    {
      permission: 'messaging.read',
      summary: 'The compliance cards: 10DLC (numbers without an approved campaign), TCPA (opt-outs honoured), GDPR (retention)',
      querystring: ZComplianceQuery,
      response: ZComplianceStatus,
    },
    (req) => service.complianceStatus(req.ctx, req.query),
  );
}
