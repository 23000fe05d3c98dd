import {
  ZApiKey,
  ZApiKeyBody,
  ZApiKeyCreated,
  ZApiRequest,
  ZExportApiRequestsQuery,
  ZListApiKeysQuery,
  ZListApiRequestsQuery,
  ZRollApiKeyBody,
} from '@portal/contract/api-access';
import { ZCursorPage, ZOk, ZPage } from '@portal/contract/common';
import type { FastifyInstance } from 'fastify';
import { routesFor } from '../../lib/routes.ts';
import * as service from './service.ts';

/** API keys and the request log (admin /admin/api and the account's API tab; customer /customer/api). */
export async function apiAccessRoutes(fastify: FastifyInstance) {
  const route = routesFor(fastify, ['api-access'], { read: 'api.read', write: 'api.write' });

  route.get(
    '/api/api-keys',
    { summary: 'API keys in scope (never the keys themselves)', query: ZListApiKeysQuery, response: ZPage(ZApiKey) },
    (req) => service.listKeys(req.ctx, req.query),
  );
  route.create(
    '/api/api-keys',
    { summary: 'Generate an API key: the whole key is in this answer and never again', body: ZApiKeyBody, response: ZApiKeyCreated },
    (req) => service.createKey(req.ctx, req.body),
  );
  route.get('/api/api-keys/:id', { summary: 'One API key', response: ZApiKey }, (req) => service.getKey(req.ctx, req.params.id));
  route.post('/api/api-keys/:id/revoke', { summary: 'Revoke an API key (refused by every instance at once)', response: ZApiKey }, (req) =>
    service.revokeKey(req.ctx, req.params.id),
  );
  route.create(
    '/api/api-keys/:id/roll',
    {
      summary: 'Roll an API key: a new key now, the old one working for the grace period',
      body: ZRollApiKeyBody,
      response: ZApiKeyCreated,
    },
    (req) => service.rollKey(req.ctx, req.params.id, req.body),
  );
  route.delete('/api/api-keys/:id', { summary: 'Delete an API key', response: ZOk }, (req) => service.deleteKey(req.ctx, req.params.id));

  route.get(
    '/api/api-requests',
    {
      summary: "The public API's request log, newest first, keyset paged",
      query: ZListApiRequestsQuery,
      response: ZCursorPage(ZApiRequest),
    },
    (req) => service.listRequests(req.ctx, req.query),
  );
  route.export(
    '/api/api-requests/export',
    { summary: 'The filtered request log as CSV', query: ZExportApiRequestsQuery, options: { compress: false } },
    (req) => service.exportRequests(req.ctx, req.query),
  );
}
