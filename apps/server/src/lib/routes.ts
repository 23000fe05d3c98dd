import type { TPermission } from '@portal/contract/roles';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';

type Schema = z.ZodType;
type Infer<S> = S extends Schema ? z.infer<S> : undefined;

/**
 * What a route declares, once: who may call it, what it is (OpenAPI summary), its inputs and its
 * answer. Standard error answers (400, 401, 403, 404, 429) are added for every route by the
 * OpenAPI plugin; `errors` names the others (409 and the like).
 */
export interface RouteSpec<P extends Schema | undefined, Q extends Schema | undefined, B extends Schema | undefined, R extends Schema> {
  permission: TPermission;
  summary: string;
  params?: P;
  querystring?: Q;
  body?: B;
  /** The success answer's schema. */
  response: R;
  /** 201 for a creation; 200 otherwise. */
  status?: 200 | 201;
  errors?: Partial<Record<409 | 410 | 411 | 413 | 415 | 422 | 423 | 503, Schema>>;
  /**
   * A GET whose answer depends only on the caller's session, the address and the data (a list, a
   * dashboard): kept per session until any data changes (plugins/answer-cache.ts).
   */
  cache?: true;
  /** Fastify route options beyond these (body limits, rate limits). */
  options?: Omit<RouteShorthandOptions, 'schema'>;
}

export type RouteRequest<P, Q, B> = FastifyRequest<{ Params: Infer<P>; Querystring: Infer<Q>; Body: Infer<B> }>;

type Handler<P, Q, B, R extends Schema> = (req: RouteRequest<P, Q, B>, reply: FastifyReply) => Promise<z.input<R>> | z.input<R>;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A domain's route table: `const route = routesFor(fastify, ['numbers'])`, then
 * `route.get('/api/numbers', { permission, summary, querystring, response }, (req) => service.x(req.ctx, req.query))`.
 * The handler's request is typed from the schemas, and its answer checked against `response`.
 */
export function routesFor(fastify: FastifyInstance, tags: string[]) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const add =
    (method: Method) =>
    <
      R extends Schema,
      P extends Schema | undefined = undefined,
      Q extends Schema | undefined = undefined,
      B extends Schema | undefined = undefined,
    >(
      url: string,
      spec: RouteSpec<P, Q, B, R>,
      handler: Handler<P, Q, B, R>,
    ) => {
      const status = spec.status ?? 200;
      app.route({
        ...spec.options,
        method,
        url,
        config: {
          ...(spec.options?.config as object | undefined),
          permission: spec.permission,
          ...(spec.cache && method === 'GET' ? { cache: true } : {}),
        },
        schema: {
          tags,
          summary: spec.summary,
          ...(spec.params ? { params: spec.params } : {}),
          ...(spec.querystring ? { querystring: spec.querystring } : {}),
          ...(spec.body ? { body: spec.body } : {}),
          response: { [status]: spec.response, ...spec.errors },
        },
        handler: async (req, reply) => {
          const result = await handler(req as unknown as RouteRequest<P, Q, B>, reply);
          if (status !== 200) (reply as unknown as FastifyReply).code(status);
          return result;
        },
      });
    };
  return { get: add('GET'), post: add('POST'), put: add('PUT'), patch: add('PATCH'), delete: add('DELETE'), app };
}
