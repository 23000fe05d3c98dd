import { ZApiError, ZIdParams, ZOk, ZPage } from '@portal/contract/common';
import {
  ZListDeliveriesQuery,
  ZListWebhooksQuery,
  ZReplayBody,
  ZReplayResult,
  ZTestResult,
  ZWebhook,
  ZWebhookBody,
  ZWebhookCreated,
  ZWebhookDelivery,
  ZWebhookSecret,
} from '@portal/contract/webhooks';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { routesFor } from '../../lib/routes.ts';
import * as service from './service.ts';

const ZDeliveryParams = z.object({ id: z.uuid(), deliveryId: z.uuid() });

/** Webhooks (issue 10): message events to the customer's endpoint, signed, retried, logged and replayable. */
export async function webhookRoutes(fastify: FastifyInstance) {
  const route = routesFor(fastify, ['webhooks']);

  route.get(
    '/api/webhooks',
    { permission: 'api.read', summary: 'Webhooks, newest first', querystring: ZListWebhooksQuery, response: ZPage(ZWebhook) },
    (req) => service.listWebhooks(req.ctx, req.query),
  );

  route.post(
    '/api/webhooks',
    {
      permission: 'api.write',
      summary: 'Create a webhook; the answer shows its signing secret, once',
      body: ZWebhookBody,
      response: ZWebhookCreated,
      status: 201,
    },
    (req) => service.createWebhook(req.ctx, req.body),
  );

  route.get('/api/webhooks/:id', { permission: 'api.read', summary: 'A webhook', params: ZIdParams, response: ZWebhook }, (req) =>
    service.getWebhook(req.ctx, req.params.id),
  );

  route.put(
    '/api/webhooks/:id',
    { permission: 'api.write', summary: 'Edit a webhook', params: ZIdParams, body: ZWebhookBody, response: ZWebhook },
    (req) => service.updateWebhook(req.ctx, req.params.id, req.body),
  );

  route.delete(
    '/api/webhooks/:id',
    { permission: 'api.write', summary: 'Delete a webhook', params: ZIdParams, response: ZOk },
    async (req) => {
      await service.deleteWebhook(req.ctx, req.params.id);
      return { ok: true as const };
    },
  );

  route.post(
    '/api/webhooks/:id/rotate-secret',
    {
      permission: 'api.write',
      summary: 'A new signing secret, shown once; the old one keeps signing for 24 hours',
      params: ZIdParams,
      response: ZWebhookSecret,
    },
    (req) => service.rotateSecret(req.ctx, req.params.id),
  );

  route.post(
    '/api/webhooks/:id/test',
    { permission: 'api.write', summary: 'Send a sample message.delivered event now', params: ZIdParams, response: ZTestResult },
    (req) => service.testWebhook(req.ctx, req.params.id),
  );

  route.get(
    '/api/webhooks/:id/deliveries',
    {
      permission: 'api.read',
      summary: 'The delivery log, newest first',
      params: ZIdParams,
      querystring: ZListDeliveriesQuery,
      response: ZPage(ZWebhookDelivery),
    },
    (req) => service.listDeliveries(req.ctx, req.params.id, req.query),
  );

  route.post(
    '/api/webhooks/:id/deliveries/:deliveryId/replay',
    {
      permission: 'api.write',
      summary: 'Send one event again',
      params: ZDeliveryParams,
      response: ZWebhookDelivery,
      errors: { 409: ZApiError },
    },
    (req) => service.replayDelivery(req.ctx, req.params.id, req.params.deliveryId),
  );

  route.post(
    '/api/webhooks/:id/replay',
    {
      permission: 'api.write',
      summary: 'Send again every failed or held event since a time',
      params: ZIdParams,
      body: ZReplayBody,
      response: ZReplayResult,
      errors: { 409: ZApiError },
    },
    (req) => service.replaySince(req.ctx, req.params.id, req.body),
  );
}
