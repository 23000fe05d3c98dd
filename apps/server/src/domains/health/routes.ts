import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const ZHealth = z.object({ status: z.string() });

export async function healthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  let shuttingDown = false;
  app.addHook('preClose', async () => {
    shuttingDown = true;
  });

  app.get(
    '/healthz',
    { config: { permission: 'public' }, schema: { tags: ['health'], summary: 'The process is up', response: { 200: ZHealth } } },
    async () => ({ status: 'ok' }),
  );

  app.get(
    '/readyz',
    {
      config: { permission: 'public' },
      schema: { tags: ['health'], summary: 'Ready to serve: the database answers', response: { 200: ZHealth, 503: ZHealth } },
    },
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
