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
import { ZCursorPage, ZIdParams, ZOk, ZPage } from '@portal/contract/common';
import type { FastifyInstance } from 'fastify';
import { sendExport, ZCsv } from '../../lib/export.ts';
import { routesFor } from '../../lib/routes.ts';
import * as service from './service.ts';

/** API keys and the request log (admin /admin/api and the account's API tab; customer /customer/api). */
export async function apiAccessRoutes(fastify: FastifyInstance) {
  const route = routesFor(fastify, ['api-access']);

  route.get(
    '/api/api-keys',
    {
      permission: 'api.read',
      summary: 'API keys in scope (never the keys themselves)',
      querystring: ZListApiKeysQuery,
      response: ZPage(ZApiKey),
    },
    (req) => service.listKeys(req.ctx, req.query),
  );
  route.post(
    '/api/api-keys',
    {
      permission: 'api.write',
      summary: 'Generate an API key: the whole key is in this answer and never again',
      body: ZApiKeyBody,
      response: ZApiKeyCreated,
      status: 201,
    },
    (req) => service.createKey(req.ctx, req.body),
  );
  route.get('/api/api-keys/:id', { permission: 'api.read', summary: 'One API key', params: ZIdParams, response: ZApiKey }, (req) =>
    service.getKey(req.ctx, req.params.id),
  );
  route.post(
    '/api/api-keys/:id/revoke',
    { permission: 'api.write', summary: 'Revoke an API key (refused by every instance at once)', params: ZIdParams, response: ZApiKey },
    (req) => service.revokeKey(req.ctx, req.params.id),
  );
  route.post(
    '/api/api-keys/:id/roll',
    {
      permission: 'api.write',
      summary: 'Roll an API key: a new key now, the old one working for the grace period',
      params: ZIdParams,
      body: ZRollApiKeyBody,
      response: ZApiKeyCreated,
      status: 201,
    },
    (req) => service.rollKey(req.ctx, req.params.id, req.body),
  );
  route.delete(
    '/api/api-keys/:id',
    { permission: 'api.write', summary: 'Delete an API key', params: ZIdParams, response: ZOk },
    async (req) => {
      await service.deleteKey(req.ctx, req.params.id);
      return { ok: true as const };
    },
  );

  route.get(
    '/api/api-requests',
    {
      permission: 'api.read',
      summary: "The public API's request log, newest first, keyset paged",
      querystring: ZListApiRequestsQuery,
      response: ZCursorPage(ZApiRequest),
    },
    (req) => service.listRequests(req.ctx, req.query),
  );
  route.get(
    '/api/api-requests/export',
    {
      permission: 'api.read',
      summary: 'The filtered request log as CSV',
      querystring: ZExportApiRequestsQuery,
      response: ZCsv,
      options: { compress: false },
    },
    async (req, reply) => sendExport(reply, await service.exportRequests(req.ctx, req.query)),
  );
}
