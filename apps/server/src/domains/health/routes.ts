import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError, unauthorized } from '../../lib/errors.ts';
import { routesFor } from '../../lib/routes.ts';
import { bearerMatches } from '../../plugins/metrics.ts';

const ZHealth = z.object({ status: z.string() });

/** The servers draining ahead of their close (SIGTERM in main.ts). */
const draining = new WeakSet<object>();

/**
 * Turns /readyz to 503 while the app keeps serving (a rolling restart's drain): the balancer's
 * health checks move the traffic away before the server stops taking requests.
 */
export function startDraining(app: FastifyInstance): void {
  draining.add(app.server);
}

export async function healthRoutes(fastify: FastifyInstance) {
  const route = routesFor(fastify, ['health'], 'public');
  const { app } = route;
  let shuttingDown = false;
  app.addHook('preClose', async () => {
    shuttingDown = true;
  });

  route.get('/healthz', { summary: 'The process is up', response: ZHealth }, async () => ({ status: 'ok' }));

  route.get(
    '/readyz',
    {
      summary: 'Ready to serve: the database answers and, where this instance runs them, the job workers run',
      response: ZHealth,
      answers: { 503: ZHealth },
    },
    async (_req, reply) => {
      if (shuttingDown || draining.has(app.server)) return reply.code(503).send({ status: 'shutting down' });
      // JOB_WORKERS: this instance runs the jobs; a queue it opened and stopped (or is stopping) no longer does
      if (app.jobs?.workers && app.jobs.state !== 'running') return reply.code(503).send({ status: 'job workers stopped' });
      try {
        await app.db.execute(sql`SELECT 1`);
        return { status: 'ready' };
      } catch {
        return reply.code(503).send({ status: 'database unavailable' });
      }
    },
  );

  /**
   * Prometheus's scrape, in its text format. Outside the checked route table (like the public API's
   * /v1 routes): no session is read, a bearer token guards it instead. Off (404) unless
   * METRICS_TOKEN is set; then 401 without exactly that token.
   */
  fastify.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    const token = app.config.METRICS_TOKEN;
    if (!token) throw new AppError(404, 'NOT_FOUND', 'Not found');
    if (!bearerMatches(req.headers.authorization, token)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw unauthorized('A valid metrics token is required.');
    }
    reply.header('cache-control', 'no-store').type(app.metrics.contentType);
    return app.metrics.text();
  });
}
