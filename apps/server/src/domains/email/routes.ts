import { ZListOutboxQuery, ZOutboxPage } from '@portal/contract/email';
import type { FastifyInstance } from 'fastify';
import { routesFor } from '../../lib/routes.ts';
import { listOutbox } from './service.ts';

export async function emailRoutes(fastify: FastifyInstance) {
  const route = routesFor(fastify, ['email']);
  const { app } = route;

  route.get(
    '/api/admin/outbox',
    {
      permission: 'outbox.read',
      summary: 'Emails the portal sent or kept (no SMTP server configured), newest first',
      query: ZListOutboxQuery,
      response: ZOutboxPage,
    },
    (req) => listOutbox(app.db, req.query, { showLinks: app.config.PORTAL_OUTBOX_SHOW_LINKS }),
  );
}
