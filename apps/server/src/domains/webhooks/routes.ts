import { ZOk, ZPage } from '@portal/contract/common';
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
import { routesFor } from '../../lib/routes.ts';
import * as service from './service.ts';

/** Webhooks (issue 10): message events to the customer's endpoint, signed, retried, logged and replayable. */
export async function webhookRoutes(fastify: FastifyInstance) {
  const route = routesFor(fastify, ['webhooks'], { read: 'api.read', write: 'api.write' });

  route.get('/api/webhooks', { summary: 'Webhooks, newest first', query: ZListWebhooksQuery, response: ZPage(ZWebhook) }, (req) =>
    service.listWebhooks(req.ctx, req.query),
  );

  route.create(
    '/api/webhooks',
    { summary: 'Create a webhook; the answer shows its signing secret, once', body: ZWebhookBody, response: ZWebhookCreated },
    (req) => service.createWebhook(req.ctx, req.body),
  );

  route.get('/api/webhooks/:id', { summary: 'A webhook', response: ZWebhook }, (req) => service.getWebhook(req.ctx, req.params.id));

  route.put('/api/webhooks/:id', { summary: 'Edit a webhook', body: ZWebhookBody, response: ZWebhook }, (req) =>
    service.updateWebhook(req.ctx, req.params.id, req.body),
  );

  route.delete('/api/webhooks/:id', { summary: 'Delete a webhook', response: ZOk }, (req) => service.deleteWebhook(req.ctx, req.params.id));

  route.post(
    '/api/webhooks/:id/rotate-secret',
    { summary: 'A new signing secret, shown once; the old one keeps signing for 24 hours', response: ZWebhookSecret },
    (req) => service.rotateSecret(req.ctx, req.params.id),
  );

  route.post('/api/webhooks/:id/test', { summary: 'Send a sample message.delivered event now', response: ZTestResult }, (req) =>
    service.testWebhook(req.ctx, req.params.id),
  );

  route.get(
    '/api/webhooks/:id/deliveries',
    { summary: 'The delivery log, newest first', query: ZListDeliveriesQuery, response: ZPage(ZWebhookDelivery) },
    (req) => service.listDeliveries(req.ctx, req.params.id, req.query),
  );

  route.post(
    '/api/webhooks/:id/deliveries/:deliveryId/replay',
    { summary: 'Send one event again', response: ZWebhookDelivery, errors: [409] },
    (req) => service.replayDelivery(req.ctx, req.params.id, req.params.deliveryId),
  );

  route.post(
    '/api/webhooks/:id/replay',
    { summary: 'Send again every failed or held event since a time', body: ZReplayBody, response: ZReplayResult, errors: [409] },
    (req) => service.replaySince(req.ctx, req.params.id, req.body),
  );
}
