import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's headers for these options, worked out once: they depend on the options alone (no CSP
 * nonces, no function directives), so there is nothing to rebuild per request (@fastify/helmet
 * rebuilt helmet's middleware at every request: 25–40 µs and 15 kB of garbage each).
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): [string, string][] {
  const headers = new Map<string, string>();
  const res = {
    setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  let failed: unknown;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    failed = err;
  });
  if (failed) throw failed;
  return [...headers];
}

/** Sets helmet's headers on every answer, on the raw response so that hijacked streams carry them too. */
export const securityHeadersPlugin = fp(async (app: FastifyInstance, options: HelmetOptions) => {
  const headers = helmetHeaders(options);
  app.addHook('onRequest', (_req, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
});
