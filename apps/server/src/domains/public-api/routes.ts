import { createHash } from 'node:crypto';
import type { TApiScope } from '@portal/contract/api-access';
import { ZCursorPage } from '@portal/contract/common';
import { ZMessage, ZMessageFilters } from '@portal/contract/messaging';
import { ZApiMessage, ZSendMessageBody } from '@portal/contract/messaging-sending';
import { ZPhoneNumber } from '@portal/contract/numbers';
import { ZCdr, ZRecordFilters, ZRecordPage } from '@portal/contract/voice';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type Ctx, inTransaction, requestCtx, systemCtx } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { getSettings } from '../../lib/settings.ts';
import { bearerToken, errorAnswer, jsonSchema, registerTokenApi, tokenApiDocument } from '../../lib/token-api.ts';
import { authenticateKey, type LoggedRequest, recordRequests } from '../api-access/service.ts';
import { countBlocks } from '../compliance/service.ts';
import { getApiMessage, listMessages, sendMessage } from '../messaging/service.ts';
import { listAccountNumbers } from '../numbers/service.ts';
import { listCdrs } from '../voice/service.ts';

/**
 * The public REST API (/v1): `Authorization: Bearer <key>`, the key's account is the scope of
 * every call. Per-key limits (apiRateLimitPerSecond, apiRateLimitPerDay) are counted in the
 * database, so every instance shares them; every call is written to the request log in batches.
 */

const ZLimit = z.coerce.number().int().min(1).max(100).default(50);
const ZCursor = z.string().max(200).optional();
const ZNumberPage = ZCursorPage(ZPhoneNumber);
const ZApiKeyActorScopes = (req: FastifyRequest) => (req.ctx.actor?.type === 'apiKey' ? (req.ctx.actor.scopes ?? []) : []);

/** One operation of the public API: what the OpenAPI document says of it, and the scope it needs. */
interface Operation {
  method: 'GET' | 'POST';
  path: string;
  summary: string;
  scope: TApiScope;
  querystring?: z.ZodType;
  params?: z.ZodType;
  body?: z.ZodType;
  headers?: z.ZodType;
  response: z.ZodType;
  status?: 200 | 201;
  errors?: number[];
  handler: (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
}

const accountOf = (ctx: Ctx) => (ctx.actor?.type === 'apiKey' ? (ctx.actor.accountId ?? undefined) : undefined);

const OPERATIONS: Operation[] = [
  {
    method: 'GET',
    path: '/numbers',
    summary: "The account's phone numbers",
    scope: 'numbers:read',
    querystring: z.object({ cursor: ZCursor, limit: ZLimit }),
    response: ZNumberPage,
    handler: async (req) => {
      const q = req.query as { cursor?: string; limit: number };
      return listAccountNumbers(req.ctx, { accountId: accountOf(req.ctx) as string, cursor: q.cursor, limit: q.limit });
    },
  },
  {
    method: 'GET',
    path: '/cdrs',
    summary: 'Call detail records, newest first (from/to are substrings; the end date is inclusive)',
    scope: 'cdrs:read',
    querystring: ZRecordFilters.omit({ customerId: true, accountId: true }).extend(ZRecordPage),
    response: ZCursorPage(ZCdr),
    handler: async (req) => listCdrs(req.ctx, { ...(req.query as object), accountId: accountOf(req.ctx) } as never),
  },
  {
    method: 'GET',
    path: '/messages',
    summary: 'Messages (delivery reports), newest first, with the same filters as the Logs tab',
    scope: 'messages:read',
    querystring: ZMessageFilters.omit({ customerId: true, accountId: true }).extend(ZRecordPage),
    response: ZCursorPage(ZMessage),
    handler: async (req) => listMessages(req.ctx, { ...(req.query as object), accountId: accountOf(req.ctx) } as never),
  },
  {
    method: 'GET',
    path: '/messages/:id',
    summary: 'One message with its delivery events and the request that created it',
    scope: 'messages:read',
    params: z.object({ id: z.string().max(64) }),
    response: ZApiMessage,
    handler: async (req) => getApiMessage(req.ctx, (req.params as { id: string }).id),
  },
  {
    method: 'POST',
    path: '/messages',
    summary:
      "Send a message from the account's toll-free number or a number linked to an approved campaign. Honours an Idempotency-Key header (24 hours).",
    scope: 'messages:send',
    body: ZSendMessageBody,
    headers: z.object({ 'idempotency-key': z.string().min(1).max(255).optional() }),
    response: ZApiMessage,
    status: 201,
    errors: [409, 422],
    handler: async (req, reply) => {
      const idem = req.headers['idempotency-key'];
      const keyId = req.ctx.actor?.type === 'apiKey' ? req.ctx.actor.keyId : '';
      const body = req.body as z.output<typeof ZSendMessageBody>;
      if (typeof idem !== 'string') return sendMessage(req.ctx, body);
      const hash = createHash('sha256').update(JSON.stringify(body)).digest('hex');
      const previous = await req.ctx.db.execute<{ request_hash: string; status_code: number; body: unknown }>(
        sql`SELECT request_hash, status_code, body FROM idempotency_keys WHERE api_key_id = ${keyId} AND key = ${idem} AND created_at > now() - interval '24 hours'`,
      );
      const prior = (previous as unknown as { rows: { request_hash: string; status_code: number; body: unknown }[] }).rows[0];
      if (prior) {
        if (prior.request_hash !== hash)
          throw new AppError(409, 'IDEMPOTENCY_CONFLICT', 'This Idempotency-Key was used with a different request');
        reply.header('idempotent-replayed', 'true');
        return prior.body;
      }
      return inTransaction(req.ctx, async (tx) => {
        const sent = await sendMessage(tx, body);
        await tx.db.execute(
          sql`INSERT INTO idempotency_keys (api_key_id, key, request_hash, status_code, body) VALUES (${keyId}, ${idem}, ${hash}, 201, ${JSON.stringify(sent)}::jsonb)
              ON CONFLICT (api_key_id, key) DO UPDATE SET request_hash = excluded.request_hash, status_code = 201, body = excluded.body, created_at = now()`,
        );
        return sent;
      });
    },
  },
];

/** The OpenAPI 3.1 document of /v1, from the same schemas the routes validate with. */
export function publicOpenApi(brand: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of OPERATIONS) {
    const path = `/v1${op.path.replace(/:(\w+)/g, '{$1}')}`;
    const parameters: unknown[] = [];
    for (const [where, schema] of [
      ['query', op.querystring],
      ['path', op.params],
      ['header', op.headers],
    ] as const) {
      if (!schema) continue;
      const s = jsonSchema(schema, 'input') as { properties?: Record<string, unknown>; required?: string[] };
      for (const [name, prop] of Object.entries(s.properties ?? {}))
        parameters.push({ name, in: where, required: where === 'path' || (s.required ?? []).includes(name), schema: prop });
    }
    const responses: Record<string, unknown> = {
      [op.status ?? 200]: { description: 'Success', content: { 'application/json': { schema: jsonSchema(op.response, 'output') } } },
    };
    for (const code of [400, 401, 403, 404, 429, ...(op.errors ?? [])]) responses[code] = errorAnswer;
    paths[path] ??= {};
    (paths[path] as Record<string, unknown>)[op.method.toLowerCase()] = {
      summary: op.summary,
      operationId: `${op.method.toLowerCase()}${op.path.replace(/[/:](\w)/g, (_m, c: string) => c.toUpperCase())}`,
      'x-scope': op.scope,
      parameters,
      ...(op.body ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(op.body, 'input') } } } } : {}),
      responses,
    };
  }
  return tokenApiDocument(
    {
      title: `${brand} REST API`,
      description:
        'Send `Authorization: Bearer <key>`. Every answer carries `x-request-id`; errors are `{ "error": { "code", "message", "fields"?, "requestId" } }`. Limits per key: `RateLimit-Policy` and `RateLimit` headers; over them a 429 with `Retry-After`. Development keys deliver through the sandbox: +1 500 555 0001 to 0009 fail, every other number is delivered.',
    },
    'bearer',
    paths,
  );
}

/**
 * Buffers the request log and writes it in batches (never on the request's path): every 250 ms or
 * 500 rows, one write at a time; closing the app writes what is left and waits for it.
 */
function requestLog(app: FastifyInstance) {
  let rows: LoggedRequest[] = [];
  const uses = new Map<string, { id: string; at: Date; ip: string | null }>();
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();
  const ctx = systemCtx({ database: app.database, config: app.config, log: app.log }, 'api-request-log');
  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    if (!rows.length) return writing;
    const batch = rows;
    const used = [...uses.values()];
    rows = [];
    uses.clear();
    writing = writing
      .then(() => recordRequests(ctx, batch, used))
      .catch((err: unknown) => app.log.error({ err }, 'the API request log could not be written'));
    return writing;
  }
  app.addHook('onClose', () => flush());
  return {
    add(row: LoggedRequest, keyId: string, ip: string) {
      rows.push(row);
      uses.set(keyId, { id: keyId, at: row.createdAt, ip });
      if (rows.length >= 500) void flush();
      else timer ??= setTimeout(() => void flush(), 250);
    },
  };
}

export async function publicApiRoutes(app: FastifyInstance) {
  const log = requestLog(app);

  await registerTokenApi(app, '/v1', {
    document: () => publicOpenApi(app.config.PORTAL_BRAND),
    authenticate: async (req, reply) => {
      (req as FastifyRequest & { startedAt?: number }).startedAt = performance.now();
      // maintenance mode: the API is closed to customers' keys until staff turn it off
      const maintenance = await getSettings(app.db);
      if (maintenance.maintenanceMode) {
        reply.header('Retry-After', '300');
        throw new AppError(503, 'MAINTENANCE', maintenance.maintenanceMessage);
      }
      const ctx = requestCtx(app, req, null);
      const { actor, counts } = await authenticateKey(ctx, bearerToken(req), req.ip);
      req.ctx = requestCtx(app, req, actor);
      const settings = await getSettings(app.db);
      const perSecond = settings.apiRateLimitPerSecond;
      const perDay = settings.apiRateLimitPerDay;
      reply.header('RateLimit-Policy', `"second";q=${perSecond};w=1, "day";q=${perDay};w=86400`);
      const over = counts.second.hits > perSecond ? counts.second : counts.day.hits > perDay ? counts.day : null;
      const limited = over === counts.second ? { name: 'second', q: perSecond } : { name: 'day', q: perDay };
      const window = over ?? (perSecond - counts.second.hits <= perDay - counts.day.hits ? counts.second : counts.day);
      const q = window === counts.second ? perSecond : perDay;
      reply.header('RateLimit', `"${window === counts.second ? 'second' : 'day'}";r=${Math.max(0, q - window.hits)};t=${window.ttl}`);
      if (over) {
        reply.header('Retry-After', String(Math.max(1, over.ttl)));
        throw new AppError(429, 'RATE_LIMITED', `Too many requests: this key may make ${limited.q} a ${limited.name}`);
      }
      const scope = (req.routeOptions.config as { scope?: TApiScope } | undefined)?.scope;
      const scopes = ZApiKeyActorScopes(req);
      if (scope && scopes.length && !scopes.includes(scope))
        throw new AppError(403, 'FORBIDDEN', `This key may not do this: it lacks the scope ${scope}`);
    },
    declare: (v1) => {
      v1.addHook('onResponse', async (req, reply) => {
        const actor = req.ctx?.actor;
        if (actor?.type !== 'apiKey') return;
        const started = (req as FastifyRequest & { startedAt?: number }).startedAt ?? performance.now();
        log.add(
          {
            apiKeyId: actor.keyId,
            customerId: actor.customerId,
            accountId: actor.accountId as string,
            method: req.method,
            endpoint: (req.routeOptions.url ?? req.url.split('?')[0] ?? '').slice(0, 200),
            statusCode: reply.statusCode,
            responseMs: Math.round(performance.now() - started),
            requestId: req.id,
            ip: req.ip,
            createdAt: new Date(),
          },
          actor.keyId,
          req.ip,
        );
      });

      // A message the DNC list refused is counted for the compliance screen, once its transaction has rolled back.
      v1.addHook('onError', async (req, _reply, error) => {
        const actor = req.ctx?.actor;
        if (!(error instanceof AppError) || error.code !== 'DNC_LISTED' || actor?.type !== 'apiKey') return;
        try {
          await countBlocks(req.ctx, [{ customerId: actor.customerId, listType: 'DNC', at: new Date() }]);
        } catch (err) {
          req.log.error({ err }, 'counting a DNC refusal failed');
        }
      });

      for (const op of OPERATIONS) {
        v1.route({
          method: op.method,
          url: op.path,
          config: { scope: op.scope } as never,
          schema: {
            hide: true,
            ...(op.querystring ? { querystring: op.querystring } : {}),
            ...(op.params ? { params: op.params } : {}),
            ...(op.body ? { body: op.body } : {}),
            response: { [op.status ?? 200]: op.response },
          },
          handler: async (req, reply) => {
            const result = await op.handler(req as FastifyRequest, reply);
            if (op.status && op.status !== 200) reply.code(op.status);
            return result;
          },
        });
      }
    },
  });
}
