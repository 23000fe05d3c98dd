import swagger from '@fastify/swagger';
import { ZApiError } from '@portal/contract/common';
import { rolesFor, type TPermission } from '@portal/contract/roles';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isCheckedRoute } from './auth.ts';

/** The roles a route allows, as written into the OpenAPI document's `x-roles`. */
export function xRoles(permission: TPermission | undefined): string[] {
  if (!permission) return [];
  return permission === 'public' ? ['public'] : [...rolesFor(permission)];
}

/**
 * The error answers every route may give, declared once here instead of on each route: a bad
 * request, no session, a refusal (permission or cross-site check), too many requests, and not
 * found where the path names a record. A route's own declaration of one of them wins.
 */
export function withStandardErrors(
  url: string,
  response: Record<string, unknown>,
  inputs: { querystring?: unknown; body?: unknown } = {},
): Record<string, unknown> {
  const namesRecord = url.includes(':') || namesRecordIn(inputs.querystring) || namesRecordIn(inputs.body);
  for (const status of [400, 401, 403, 429, ...(namesRecord ? [404] : [])]) response[status] ??= ZApiError;
  return response;
}

/** A query or body naming a record by id (customerId, accountId, numberIds...) can be out of the caller's reach: 404. */
function namesRecordIn(schema: unknown): boolean {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape).some((k) => /Ids?$/.test(k)) : false;
}

export const openapiPlugin = fp(async (app: FastifyInstance) => {
  const roles = new Map<string, string[]>();
  app.addHook('onRoute', (route) => {
    if (!isCheckedRoute(route.url)) return;
    if (route.schema?.response && typeof route.schema.response === 'object') {
      withStandardErrors(route.url, route.schema.response as Record<string, unknown>, route.schema);
    }
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const m of methods) roles.set(`${m.toLowerCase()} ${route.url}`, xRoles(route.config?.permission));
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: `${app.config.PORTAL_BRAND} portal API`, version: '1.0.0' },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'portal_sid' } } },
    },
    transform: (args) => {
      if (!isCheckedRoute(args.url)) return { schema: { hide: true } as never, url: args.url };
      return jsonSchemaTransform(args);
    },
    transformObject: (doc) => {
      const spec = ('openapiObject' in doc ? doc.openapiObject : {}) as { paths?: Record<string, Record<string, Record<string, unknown>>> };
      for (const [path, ops] of Object.entries(spec.paths ?? {})) {
        const fastifyPath = path.replace(/\{([^}]+)\}/g, ':$1');
        for (const [method, op] of Object.entries(ops)) {
          op['x-roles'] = roles.get(`${method} ${fastifyPath}`) ?? [];
        }
      }
      return spec as never;
    },
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/openapi.json',
    {
      config: { permission: 'public' },
      schema: { hide: true, response: { 200: z.record(z.string(), z.unknown()) } },
    },
    async () => app.swagger() as unknown as Record<string, unknown>,
  );
});
