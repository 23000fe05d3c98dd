import { ZApiError, ZId, ZOk } from '@portal/contract/common';
import type { TPermission } from '@portal/contract/roles';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from './context.ts';
import { type CsvExport, sendExport, ZCsv } from './export.ts';
import { sendStoredFile, UPLOAD_BODY_LIMIT, ZStoredFile } from './upload.ts';

type Schema = z.ZodType;
type Infer<S> = S extends Schema ? z.infer<S> : undefined;

/** The names of a URL's path parameters: `/api/x/:id/y/:yId` → `'id' | 'yId'`. */
type ParamNames<U extends string> = U extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<Rest>
  : U extends `${string}:${infer Name}`
    ? Name
    : never;

/** Who may call a domain's routes unless a route says otherwise: one permission, or one for reads (GET) and one for changes. */
export type RouteAccess = TPermission | { read: TPermission; write: TPermission };

/**
 * What a route declares, once: who may call it, what it is (OpenAPI summary), its inputs and its
 * answer. Standard error answers (400, 401, 403, 404, 429) are added for every route by the
 * OpenAPI plugin; `errors` names the others (409 and the like).
 */
export interface RouteSpec<P extends Schema | undefined, Q extends Schema | undefined, B extends Schema | undefined, R extends Schema> {
  /** Required unless `routesFor` was given the domain's access; then it overrides it. */
  permission?: TPermission;
  summary: string;
  /**
   * Path parameters are record ids: without `params`, each `:name` of the URL is a uuid (one that
   * is not names no record: a 404, plugins/errors.ts). `params` only for another kind of key.
   */
  params?: P;
  query?: Q;
  body?: B;
  /** The success answer's schema. A `ZOk` route's handler may answer nothing: the answer is `{ ok: true }`. */
  response: R;
  /** Other error answers, with the standard error body (`ZApiError`). */
  errors?: (409 | 410 | 411 | 413 | 422 | 423)[];
  /** Other answers with a body of their own (a queued export's 202, a 503 with a status). */
  answers?: Partial<Record<202 | 503, Schema>>;
  /**
   * A GET whose answer depends only on the caller's session, the address and the data (a list, a
   * dashboard): kept per session until any data changes (plugins/answer-cache.ts).
   */
  cache?: true;
  /** Per-address limit (plugins/rate-limit.ts): sign-in, password reset, sign-up. */
  rateLimit?: { max: number; timeWindow: number };
  /**
   * A file as the raw body (lib/upload.ts, with `acceptUploads`) to the record of the path's `:id`:
   * the body may be as large as a file, and this check (the service's) refuses the upload before
   * the body is read (sign-in and permission are checked on request, before it).
   */
  upload?: (ctx: Ctx, id: string, contentLength: string | undefined) => Promise<unknown>;
  /** Fastify route options beyond these (compression). */
  options?: Omit<RouteShorthandOptions, 'schema'>;
}

type WithPermission<Required extends boolean> = Required extends true ? { permission: TPermission } : unknown;

type ParamsOf<U extends string, P> = P extends Schema
  ? z.infer<P>
  : [ParamNames<U>] extends [never]
    ? undefined
    : Record<ParamNames<U>, string>;

export type RouteRequest<P, Q, B> = FastifyRequest<{ Params: P; Querystring: Infer<Q>; Body: Infer<B> }>;

/** A `ZOk` route may answer nothing (the helper answers `{ ok: true }`); other routes answer their schema. */
// biome-ignore lint/suspicious/noConfusingVoidType: what a service that answers nothing returns (Promise<void>)
type Answer<R extends Schema> = [R] extends [typeof ZOk] ? ([typeof ZOk] extends [R] ? z.input<R> | void : z.input<R>) : z.input<R>;

type Handler<Req, A> = (req: Req, reply: FastifyReply) => Promise<A> | A;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** One kind of route: a method, with (for `create`, `export`, `download`) its status, answer and sending fixed. */
type Declare<Required extends boolean> = <
  U extends string,
  R extends Schema,
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
>(
  url: U,
  spec: RouteSpec<P, Q, B, R> & WithPermission<Required>,
  handler: Handler<RouteRequest<ParamsOf<U, P>, Q, B>, Answer<R>>,
) => void;

/** A GET answering a file the helper sends (`sendExport`, `sendStoredFile`): the handler returns what to send. */
type DeclareDownload<Required extends boolean, F> = <
  U extends string,
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
>(
  url: U,
  spec: Omit<RouteSpec<P, Q, undefined, Schema>, 'response' | 'body'> & WithPermission<Required>,
  handler: Handler<RouteRequest<ParamsOf<U, P>, Q, undefined>, F>,
) => void;

export interface RouteTable<Required extends boolean> {
  get: Declare<Required>;
  post: Declare<Required>;
  /** A POST that creates: it answers 201 Created. */
  create: Declare<Required>;
  put: Declare<Required>;
  patch: Declare<Required>;
  delete: Declare<Required>;
  /** A CSV download (`response: ZCsv`): the handler returns the service's `CsvExport`, sent with `sendExport`. */
  export: DeclareDownload<Required, CsvExport>;
  /** A stored file's download (`response: ZStoredFile`): the handler returns the file, sent with `sendStoredFile`. */
  download: DeclareDownload<Required, Parameters<typeof sendStoredFile>[1]>;
  /** The domain's Fastify instance (config, hooks, cookies). */
  app: FastifyInstance;
}

/** The uuid params of a URL's `:name` segments, in their order. */
function pathParams(url: string): Schema | undefined {
  const names = [...url.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
  return names.length ? z.object(Object.fromEntries(names.map((n) => [n, ZId]))) : undefined;
}

/**
 * A domain's route table: `const route = routesFor(fastify, ['numbers'], { read: 'numbers.read', write: 'numbers.write' })`,
 * then `route.get('/api/numbers', { summary, query, response }, (req) => service.x(req.ctx, req.query))`.
 * The handler's request is typed from the schemas (path parameters from the URL), and its answer
 * checked against `response`. Without `access`, every route names its permission.
 */
export function routesFor(fastify: FastifyInstance, tags: string[]): RouteTable<true>;
export function routesFor(fastify: FastifyInstance, tags: string[], access: RouteAccess): RouteTable<false>;
export function routesFor(fastify: FastifyInstance, tags: string[], access?: RouteAccess): RouteTable<boolean> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const defaultFor = (method: Method) => (typeof access === 'object' ? (method === 'GET' ? access.read : access.write) : access);
  type AnySpec = RouteSpec<Schema | undefined, Schema | undefined, Schema | undefined, Schema>;
  type AnyHandler = (req: FastifyRequest, reply: FastifyReply) => unknown;

  const declare = (method: Method, status: 200 | 201, url: string, spec: AnySpec, handler: AnyHandler) => {
    const permission = spec.permission ?? defaultFor(method);
    if (!permission) throw new Error(`Route ${method} ${url} declares no permission`);
    const params = spec.params ?? pathParams(url);
    const errors = Object.fromEntries((spec.errors ?? []).map((code) => [code, ZApiError]));
    const admit = spec.upload;
    app.route({
      ...spec.options,
      ...(admit
        ? {
            bodyLimit: UPLOAD_BODY_LIMIT,
            preParsing: async (req: FastifyRequest) => {
              const { id } = req.params as { id: string };
              if (ZId.safeParse(id).success) await admit(req.ctx, id, req.headers['content-length']);
            },
          }
        : {}),
      method,
      url,
      config: {
        ...(spec.options?.config as object | undefined),
        ...(spec.rateLimit ? { rateLimit: spec.rateLimit } : {}),
        permission,
        ...(spec.cache && method === 'GET' ? { cache: true } : {}),
      },
      schema: {
        tags,
        summary: spec.summary,
        ...(params ? { params } : {}),
        ...(spec.query ? { querystring: spec.query } : {}),
        ...(spec.body ? { body: spec.body } : {}),
        response: { [status]: spec.response, ...errors, ...spec.answers },
      },
      handler: async (req, reply) => {
        const result = await handler(req as FastifyRequest, reply as FastifyReply);
        if (status !== 200) (reply as FastifyReply).code(status);
        if (result === undefined && spec.response === ZOk && !reply.sent) return { ok: true as const };
        return result;
      },
    });
  };

  const add = (method: Method, status: 200 | 201 = 200) =>
    ((url: string, spec: AnySpec, handler: AnyHandler) => declare(method, status, url, spec, handler)) as Declare<boolean>;
  const download = <F>(response: Schema, send: (reply: FastifyReply, file: F) => unknown) => {
    const declareDownload = (url: string, spec: Omit<AnySpec, 'response'>, handler: AnyHandler) =>
      declare('GET', 200, url, { ...spec, response }, async (req, reply) => send(reply, (await handler(req, reply)) as F));
    return declareDownload as DeclareDownload<boolean, F>;
  };

  return {
    get: add('GET'),
    post: add('POST'),
    create: add('POST', 201),
    put: add('PUT'),
    patch: add('PATCH'),
    delete: add('DELETE'),
    export: download(ZCsv, sendExport),
    download: download(ZStoredFile, sendStoredFile),
    app: fastify,
  };
}
