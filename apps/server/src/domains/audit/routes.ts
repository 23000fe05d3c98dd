import { ZAuditPage, ZListAuditQuery, ZMyActivityQuery } from '@portal/contract/audit';
import type { FastifyInstance } from 'fastify';
import { routesFor } from '../../lib/routes.ts';
import { exportAudit, listAudit, listMyActivity } from './service.ts';

/** The audit trail for staff Admins (System Settings, Logs), and each user's own activity (User Settings). */
export async function auditRoutes(fastify: FastifyInstance) {
  const route = routesFor(fastify, ['audit'], 'settings.write');

  route.get(
    '/api/audit',
    { summary: 'The audit trail, newest first (keyset paged)', query: ZListAuditQuery, response: ZAuditPage },
    (req) => listAudit(req.ctx, req.query),
  );

  route.export('/api/audit/export', { summary: 'The audit trail as CSV', query: ZListAuditQuery }, (req) =>
    exportAudit(req.ctx, req.query),
  );

  route.get(
    '/api/me/activity',
    {
      permission: 'signedIn',
      summary: "The signed-in user's own activity (entries where they are the actor), newest first (keyset paged)",
      query: ZMyActivityQuery,
      response: ZAuditPage,
    },
    (req) => listMyActivity(req.ctx, req.query),
  );
}
