import { ZAuditPage, ZListAuditQuery, ZMyActivityQuery } from '@portal/contract/audit';
import type { FastifyInstance } from 'fastify';
import { sendExport, ZCsv } from '../../lib/export.ts';
import { routesFor } from '../../lib/routes.ts';
import { exportAudit, listAudit, listMyActivity } from './service.ts';

/** The audit trail for staff Admins (System Settings, Logs), and each user's own activity (User Settings). */
export async function auditRoutes(fastify: FastifyInstance) {
  const route = routesFor(fastify, ['audit']);

  route.get(
    '/api/audit',
    {
      permission: 'settings.write',
      summary: 'The audit trail, newest first (keyset paged)',
      querystring: ZListAuditQuery,
      response: ZAuditPage,
    },
    (req) => listAudit(req.ctx, req.query),
  );

  route.get(
    '/api/audit/export',
    { permission: 'settings.write', summary: 'The audit trail as CSV', querystring: ZListAuditQuery, response: ZCsv },
    async (req, reply) => sendExport(reply, await exportAudit(req.ctx, req.query)),
  );

  route.get(
    '/api/me/activity',
    {
      permission: 'signedIn',
      summary: "The signed-in user's own activity (entries where they are the actor), newest first (keyset paged)",
      querystring: ZMyActivityQuery,
      response: ZAuditPage,
    },
    (req) => listMyActivity(req.ctx, req.query),
  );
}
