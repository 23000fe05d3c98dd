import { ZReport, ZReportQuery } from '@portal/contract/reports';
import type { FastifyInstance } from 'fastify';
import { routesFor } from '../../lib/routes.ts';
import { buildReport } from './service.ts';

/** The Reports screens' figures (both portals): computed for the caller's scope and period. */
export async function reportRoutes(fastify: FastifyInstance) {
  const route = routesFor(fastify, ['reports']);

  route.get(
    '/api/reports',
    {
      permission: 'reports.read',
      summary: "Reports & Analytics: the caller's figures for a period (staff also get the analytics)",
      query: ZReportQuery,
      response: ZReport,
    },
    (req) => buildReport(req.ctx, req.query),
  );
}
