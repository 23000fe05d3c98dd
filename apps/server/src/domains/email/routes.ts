import { ZListOutboxQuery, ZOutboxPage } from '@portal/contract/email';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listOutbox } from './service.ts';

export async function emailRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/outbox',
    {
      config: { permission: 'outbox.read' },
      schema: {
        tags: ['email'],
        summary: 'Emails the portal sent or kept (no SMTP server configured), newest first',
        querystring: ZListOutboxQuery,
        response: { 200: ZOutboxPage },
      },
    },
    (req) => listOutbox(app.db, req.query, { showLinks: app.config.PORTAL_OUTBOX_SHOW_LINKS }),
  );
}
