import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { routesFor } from '../../lib/routes.ts';

const ZHealth = z.object({ status: z.string() });

export async function healthRoutes(fastify: FastifyInstance) {
  const route = routesFor(fastify, ['health']);
  const { app } = route;
  let shuttingDown = false;
  app.addHook('preClose', async () => {
    shuttingDown = true;
  });

  route.get('/healthz', { permission: 'public', summary: 'The process is up', response: ZHealth }, async () => ({ status: 'ok' }));

  route.get(
    '/readyz',
    { permission: 'public', summary: 'Ready to serve: the database answers', response: ZHealth, errors: { 503: ZHealth } },
    async (_req, reply) => {
      if (shuttingDown) return reply.code(503).send({ status: 'shutting down' });
      try {
        await app.db.execute(sql`SELECT 1`);
        return { status: 'ready' };
      } catch {
        return reply.code(503).send({ status: 'database unavailable' });
      }
    },
  );
}
