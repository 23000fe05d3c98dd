import type { Socket } from 'node:net';
import type { TApiError } from '@portal/contract/common';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors.ts';

function errorBody(code: TApiError['error']['code'], message: string, fields?: Record<string, string>): TApiError {
  return { error: fields ? { code, message, fields } : { code, message } };
}

const CLIENT_ERROR_MESSAGES: Record<number, string> = {
  413: 'The request is too large.',
  414: 'The address is too long.',
  415: 'This content type is not accepted.',
  431: 'The request headers are too large.',
};

/**
 * A screen's address Fastify cannot decode (a stray `%` typed into the address bar, as in
 * /customer/accounts/%%%): the same address with every `%` escaped, for the web app to route and
 * show its not-found state. Always a path on this site (leading slashes and backslashes dropped);
 * null for the API, other methods and addresses with characters a Location cannot carry.
 */
export function escapedScreenAddress(method: string, url: string): string | null {
  if ((method !== 'GET' && method !== 'HEAD') || !/^[\x21-\x7e]*$/.test(url)) return null;
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  if (path === '/api' || path.startsWith('/api/')) return null;
  const escaped = path
    .replace(/^[/\\]+/, '')
    .replaceAll('%', '%25')
    .replaceAll('\\', '%5C');
  return `/${escaped}${q === -1 ? '' : url.slice(q)}`;
}

/**
 * Errors Fastify raises before a route runs (a path parameter past `maxParamLength`, a URL it
 * cannot decode): the same shape as every other error, instead of Fastify's own; a screen's
 * undecodable address goes to its escaped form.
 */
export function frameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  const escaped = err.code === 'FST_ERR_BAD_URL' ? escapedScreenAddress(req.method, req.url) : null;
  if (escaped) {
    reply.redirect(escaped, 302);
    return;
  }
  const status = err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : (err.statusCode ?? 400);
  if (status >= 500) {
    reply.code(500).send(errorBody('INTERNAL', 'Something went wrong. Please try again.'));
    return;
  }
  reply.code(status).send(errorBody('BAD_REQUEST', CLIENT_ERROR_MESSAGES[status] ?? 'The request is malformed.'));
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (a request line or header set past
 * the header size limit: 431; anything unparsable: 400), answered in the API's one shape.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const reason = status === 431 ? 'Request Header Fields Too Large' : status === 408 ? 'Request Timeout' : 'Bad Request';
  const text = JSON.stringify(
    errorBody(
      'BAD_REQUEST',
      CLIENT_ERROR_MESSAGES[status] ?? (status === 408 ? 'The request took too long.' : 'The request is malformed.'),
    ),
  );
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(text)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${text}`,
    );
  }
  socket.destroy(err);
}

/** One error shape for everything: validation, refusals, unknown routes and bugs. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    // the public API's and the ingestion endpoints' errors carry the request's id in the body too (one trace per call)
    const body = (code: TApiError['error']['code'], message: string, fields?: Record<string, string>): TApiError => {
      const b = errorBody(code, message, fields);
      if (req.url.startsWith('/v1/') || req.url.startsWith('/ingest/v1/')) b.error.requestId = req.id;
      return b;
    };
    if (err instanceof AppError) {
      return reply.code(err.statusCode).send(body(err.code, err.message, err.fields));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      // Every path parameter is a record id: one that cannot be valid names no record, so the
      // answer is the same 404 as for an unknown or out-of-reach record (and the web shows its
      // not-found state), never a 400 with field errors about the URL.
      if (err.validationContext === 'params') return reply.code(404).send(body('NOT_FOUND', 'Record not found'));
      const fields: Record<string, string> = {};
      for (const issue of err.validation) {
        const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || err.validationContext || 'request';
        fields[path] ??= issue.message ?? 'Invalid value';
      }
      return reply.code(400).send(body('VALIDATION_FAILED', 'Please correct the highlighted fields.', fields));
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code =
        status === 401
          ? 'UNAUTHORIZED'
          : status === 403
            ? 'FORBIDDEN'
            : status === 404
              ? 'NOT_FOUND'
              : status === 429
                ? 'RATE_LIMITED'
                : 'BAD_REQUEST';
      return reply.code(status).send(body(code, CLIENT_ERROR_MESSAGES[status] ?? err.message));
    }
    req.log.error({ err }, 'request failed');
    return reply.code(500).send(body('INTERNAL', 'Something went wrong. Please try again.'));
  });
});
