import { ZCursorPage, ZOk, ZPage } from '@portal/contract/common';
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
import { routesFor } from '../../lib/routes.ts';
import * as service from './service.ts';

/** Messaging tools (admin spec 2.10, customer Messaging Tools): 10DLC brands and campaigns, templates, messages, opt-outs. */
export async function messagingRoutes(fastify: FastifyInstance) {
  const route = routesFor(fastify, ['messaging'], { read: 'messaging.read', write: 'messaging.write' });

  // brands
  route.get('/api/messaging/brands', { summary: '10DLC brands, newest first', query: ZListBrandsQuery, response: ZPage(ZBrand) }, (req) =>
    service.listBrands(req.ctx, req.query),
  );
  route.create(
    '/api/messaging/brands',
    { summary: 'Register a brand (Pending until reviewed)', body: ZBrandBody, response: ZBrand },
    (req) => service.createBrand(req.ctx, req.body),
  );
  route.get('/api/messaging/brands/:id', { summary: 'One brand', response: ZBrand }, (req) => service.getBrand(req.ctx, req.params.id));
  route.put(
    '/api/messaging/brands/:id',
    { summary: 'Correct a pending or rejected brand (a rejected one is resubmitted)', body: ZBrandBody, response: ZBrand },
    (req) => service.updateBrand(req.ctx, req.params.id, req.body),
  );
  route.post(
    '/api/messaging/brands/:id/review',
    {
      permission: 'messaging.review',
      summary: 'Approve a pending brand, or reject it with a reason naming the field at fault',
      body: ZReviewBrandBody,
      response: ZBrand,
    },
    (req) => service.reviewBrand(req.ctx, req.params.id, req.body),
  );

  // campaigns
  route.get(
    '/api/messaging/campaigns',
    {
      summary: '10DLC campaigns with sent and delivered counts from the message records',
      query: ZListCampaignsQuery,
      response: ZPage(ZCampaign),
    },
    (req) => service.listCampaigns(req.ctx, req.query),
  );
  route.create(
    '/api/messaging/campaigns',
    { summary: 'Submit a campaign: it gets its 10DLC ID and waits (Pending) for review', body: ZCampaignBody, response: ZCampaignDetail },
    (req) => service.createCampaign(req.ctx, req.body),
  );
  route.get('/api/messaging/campaigns/:id', { summary: 'One campaign with its timeline and numbers', response: ZCampaignDetail }, (req) =>
    service.getCampaign(req.ctx, req.params.id),
  );
  route.put(
    '/api/messaging/campaigns/:id',
    { summary: 'Correct a pending or rejected campaign (a rejected one is resubmitted)', body: ZCampaignBody, response: ZCampaignDetail },
    (req) => service.updateCampaign(req.ctx, req.params.id, req.body),
  );
  route.post(
    '/api/messaging/campaigns/:id/status',
    {
      permission: 'messaging.review',
      summary: 'Move a campaign through review: Under Review, Approved, or Rejected with a reason',
      body: ZCampaignStatusBody,
      response: ZCampaignDetail,
    },
    (req) => service.setCampaignStatus(req.ctx, req.params.id, req.body),
  );
  route.put(
    '/api/messaging/campaigns/:id/numbers',
    {
      summary: "The numbers an approved campaign sends from (the account's local SMS numbers; one campaign a number)",
      body: ZCampaignNumbersBody,
      response: ZCampaignDetail,
    },
    (req) => service.setCampaignNumbers(req.ctx, req.params.id, req.body),
  );

  // templates
  route.get('/api/messaging/templates', { summary: 'Message templates', query: ZListTemplatesQuery, response: ZPage(ZTemplate) }, (req) =>
    service.listTemplates(req.ctx, req.query),
  );
  route.create('/api/messaging/templates', { summary: 'Create a template', body: ZTemplateBody, response: ZTemplate }, (req) =>
    service.createTemplate(req.ctx, req.body),
  );
  route.put('/api/messaging/templates/:id', { summary: 'Edit a template', body: ZTemplateBody, response: ZTemplate }, (req) =>
    service.updateTemplate(req.ctx, req.params.id, req.body),
  );
  route.delete('/api/messaging/templates/:id', { summary: 'Delete a template', response: ZOk }, (req) =>
    service.deleteTemplate(req.ctx, req.params.id),
  );
  route.get(
    '/api/messaging/prices',
    { summary: "An account's messaging prices (SMS per segment, MMS per message)", query: ZPricesQuery, response: ZMessagingPrices },
    (req) => service.prices(req.ctx, req.query),
  );

  // messages
  route.get(
    '/api/messaging/messages',
    {
      summary: 'Delivery reports and message logs, newest first, keyset paged',
      query: ZListMessagesQuery,
      response: ZCursorPage(ZMessage),
    },
    (req) => service.listMessages(req.ctx, req.query),
  );
  route.export(
    '/api/messaging/messages/export',
    { summary: 'Every matching message as CSV, streamed', query: ZExportMessagesQuery, options: { compress: false } },
    (req) => service.exportMessages(req.ctx, req.query),
  );

  // opt-outs
  route.get(
    '/api/messaging/opt-outs',
    { summary: 'The opt-out ledger, newest first', query: ZListOptOutsQuery, response: ZPage(ZOptOut) },
    (req) => service.listOptOuts(req.ctx, req.query),
  );
  route.create(
    '/api/messaging/opt-outs',
    { summary: 'Opt a number out of an account’s messages', body: ZOptOutBody, response: ZOptOut },
    (req) => service.addOptOut(req.ctx, req.body),
  );
  route.delete('/api/messaging/opt-outs/:id', { summary: 'Opt a number back in', response: ZOk }, (req) =>
    service.removeOptOut(req.ctx, req.params.id),
  );

  route.get(
    '/api/messaging/compliance',
    {
      summary: 'The compliance cards: 10DLC (numbers without an approved campaign), TCPA (opt-outs honoured), GDPR (retention)',
      query: ZComplianceQuery,
      response: ZComplianceStatus,
    },
    (req) => service.complianceStatus(req.ctx, req.query),
  );
}
