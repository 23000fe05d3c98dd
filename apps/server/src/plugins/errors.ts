import type { TApiError } from '@portal/contract/common';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors.ts';

function body(code: TApiError['error']['code'], message: string, fields?: Record<string, string>): TApiError {
  return { error: fields ? { code, message, fields } : { code, message } };
}

/** One error shape for everything: validation, refusals, unknown routes and bugs. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      return reply.code(err.statusCode).send(body(err.code, err.message, err.fields));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
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
      return reply.code(status).send(body(code, err.message));
    }
    req.log.error({ err }, 'request failed');
    return reply.code(500).send(body('INTERNAL', 'Something went wrong. Please try again.'));
  });
});
