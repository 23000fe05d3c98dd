import { ZApiError } from '@portal/contract/common';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

/**
 * The APIs called with a token instead of a session (the public REST API /v1 with an API key, the
 * platform's /ingest/v1 with a platform token), one way: each under its own prefix, outside the
 * checked route table, with its own OpenAPI document built from the schemas its routes validate with.
 */

/** A schema as JSON Schema: what a request sends (`input`) or what an answer carries (`output`). */
export const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') => z.toJSONSchema(schema, { io, unrepresentable: 'any' });

/** An operation's error answer in the OpenAPI document. */
export const errorAnswer = { description: 'Error', content: { 'application/json': { schema: jsonSchema(ZApiError, 'output') } } };

/** A token API's OpenAPI 3.1 document: its title and description, paths, and the bearer scheme every operation needs. */
export function tokenApiDocument(info: { title: string; description: string }, scheme: string, paths: Record<string, unknown>) {
  return {
    openapi: '3.1.0',
    info: { title: info.title, version: '1.0.0', description: info.description },
    servers: [{ url: '/' }],
    components: { securitySchemes: { [scheme]: { type: 'http', scheme: 'bearer' } } },
    security: [{ [scheme]: [] }],
    paths,
  };
}

/** The token of `Authorization: Bearer <token>`, or null. */
export function bearerToken(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  return typeof header === 'string' && /^Bearer\s+/i.test(header) ? header.replace(/^Bearer\s+/i, '').trim() : null;
}

/**
 * Registers a token API under `prefix`: its OpenAPI document at `openapi.json` (read without a
 * token), a 404 naming an unknown operation, `authenticate` before every other request, then the
 * routes and hooks `declare` adds to the API's own context.
 */
export async function registerTokenApi(
  app: FastifyInstance,
  prefix: string,
  api: {
    document: () => unknown;
    authenticate: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
    declare: (scope: FastifyInstance) => void;
  },
): Promise<void> {
  const documentUrl = `${prefix}/openapi.json`;
  await app.register(
    async (scope) => {
      scope.get('/openapi.json', async () => api.document());
      scope.setNotFoundHandler((req, reply) => {
        reply
          .code(404)
          .send({ error: { code: 'NOT_FOUND', message: `No operation ${req.method} ${req.url.split('?')[0]}`, requestId: req.id } });
      });
      scope.addHook('onRequest', async (req, reply) => {
        if (req.url === documentUrl || req.url.startsWith(`${documentUrl}?`)) return;
        await api.authenticate(req, reply);
      });
      api.declare(scope);
    },
    { prefix },
  );
}
