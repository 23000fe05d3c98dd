import {
  INGEST_BATCH_LIMIT,
  ZIngestCdrsBody,
  ZIngestCdrsResult,
  ZIngestInboundMessagesBody,
  ZIngestInboundMessagesResult,
  ZIngestMessageEventsBody,
  ZIngestMessageEventsResult,
  ZPlatformToken,
  ZPlatformTokenBody,
  ZPlatformTokenCreated,
  ZPlatformTokenList,
} from '@portal/contract/ingestion';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { type Ctx, requestCtx } from '../../lib/context.ts';
import { routesFor } from '../../lib/routes.ts';
import { bearerToken, errorAnswer, jsonSchema, registerTokenApi, tokenApiDocument } from '../../lib/token-api.ts';
import * as service from './service.ts';

/** Platform tokens (staff Admin: the Platform tab of /admin/api). */
export async function platformTokenRoutes(fastify: FastifyInstance) {
  const route = routesFor(fastify, ['ingestion'], 'platform.manage');
  route.get('/api/platform-tokens', { summary: 'Platform tokens (never the tokens themselves)', response: ZPlatformTokenList }, (req) =>
    service.listTokens(req.ctx),
  );
  route.create(
    '/api/platform-tokens',
    {
      summary: 'Create a platform token for /ingest/v1: the whole token is in this answer and never again',
      body: ZPlatformTokenBody,
      response: ZPlatformTokenCreated,
    },
    (req) => service.createToken(req.ctx, req.body),
  );
  route.post(
    '/api/platform-tokens/:id/revoke',
    { summary: 'Revoke a platform token (refused from the next request)', response: ZPlatformToken },
    (req) => service.revokeToken(req.ctx, req.params.id),
  );
}

// ---------------------------------------------------------------------------------------------
// /ingest/v1: the provider's switch and SMS gateway

/** A batch of 10,000 records is about 2.5 MB of JSON; the rest of the app keeps its 1 MB limit. */
export const INGEST_BODY_LIMIT = 10 * 1024 * 1024;

interface Operation {
  path: string;
  summary: string;
  body: z.ZodType;
  response: z.ZodType;
  handler: (ctx: Ctx, body: never) => Promise<unknown>;
}

const OPERATIONS: Operation[] = [
  {
    path: '/cdrs',
    summary:
      "Call detail records from the switch. Each call goes to the account holding the customer's side (from on an outbound call, to on an inbound one), is rated with that account's rate deck and folded into the usage rollups. Idempotent by callId: a call sent again is counted in duplicates. A number no account holds rejects that record alone (its index is in rejected); the others go in.",
    body: ZIngestCdrsBody,
    response: ZIngestCdrsResult,
    handler: service.ingestCdrs,
  },
  {
    path: '/message-events',
    summary:
      'Delivery reports from the SMS gateway for messages known by messageId. A message only moves forward (Queued → Sent → Delivered or Failed): a repeated or backward event is counted in ignored. Applied events are on the message, adjust the usage rollups and fire message.delivered / message.failed webhooks.',
    body: ZIngestMessageEventsBody,
    response: ZIngestMessageEventsResult,
    handler: service.ingestMessageEvents,
  },
  {
    path: '/inbound-messages',
    summary:
      "Inbound messages from the SMS gateway, to the account holding `to`. Idempotent by messageId; stored as Inbound/Delivered with segments and cost at the account's prices, folded into the usage rollups; STOP/START (and their synonyms) update the account's opt-out ledger; fires message.received webhooks.",
    body: ZIngestInboundMessagesBody,
    response: ZIngestInboundMessagesResult,
    handler: service.ingestInboundMessages,
  },
];

/** The OpenAPI 3.1 document of /ingest/v1, from the schemas the routes validate with. */
export function ingestOpenApi(brand: string) {
  const paths: Record<string, unknown> = {};
  for (const op of OPERATIONS) {
    paths[`/ingest/v1${op.path}`] = {
      post: {
        summary: op.summary,
        operationId: `ingest${op.path.replace(/[/-](\w)/g, (_m, c: string) => c.toUpperCase())}`,
        requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(op.body, 'input') } } },
        responses: {
          200: { description: 'What went in', content: { 'application/json': { schema: jsonSchema(op.response, 'output') } } },
          400: errorAnswer,
          401: errorAnswer,
          413: errorAnswer,
        },
      },
    };
  }
  return tokenApiDocument(
    {
      title: `${brand} platform ingestion API`,
      description: `For the provider's own switch and SMS gateway. Send \`Authorization: Bearer <platform token>\` (created by a staff Admin on the API Access screen, Platform tab). Batches of up to ${INGEST_BATCH_LIMIT.toLocaleString('en-US')} records (10 MB). Every answer carries \`x-request-id\`; errors are \`{ "error": { "code", "message", "fields"?, "requestId" } }\`; a batch that fails validation is refused whole (400, with the field of each problem, e.g. \`records.3.to\`).`,
    },
    'platformToken',
    paths,
  );
}

/** The ingestion endpoints: their own context under /ingest/v1, with the platform token check and a larger body limit. */
export async function ingestRoutes(app: FastifyInstance) {
  await registerTokenApi(app, '/ingest/v1', {
    document: () => ingestOpenApi(app.config.PORTAL_BRAND),
    authenticate: async (req) => {
      const actor = await service.authenticatePlatformToken(requestCtx(app, req, null), bearerToken(req));
      req.ctx = requestCtx(app, req, actor);
    },
    declare: (ingest) => {
      for (const op of OPERATIONS) {
        ingest.route({
          method: 'POST',
          url: op.path,
          bodyLimit: INGEST_BODY_LIMIT,
          schema: { hide: true, body: op.body, response: { 200: op.response } },
          handler: (req) => op.handler(req.ctx, req.body as never),
        });
      }
    },
  });
}
