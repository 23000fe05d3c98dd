import { ZRecordName, ZShellSummary } from '@portal/contract/shell';
import type { FastifyInstance } from 'fastify';
import { routesFor } from '../../lib/routes.ts';
import * as service from './service.ts';

/** What the shell shows on every page: badges and breadcrumb names, scoped to the caller. */
export async function shellRoutes(fastify: FastifyInstance) {
  const route = routesFor(fastify, ['shell'], 'signedIn');

  route.get('/api/shell/summary', { summary: 'Sidebar and header badges', cache: true, response: ZShellSummary }, (req) =>
    service.shellSummary(req.ctx),
  );

  route.get('/api/names/customers/:id', { summary: "A customer's name for breadcrumbs", response: ZRecordName }, (req) =>
    service.customerName(req.ctx, req.params.id),
  );

  route.get('/api/names/accounts/:id', { summary: "An account's name for breadcrumbs", response: ZRecordName }, (req) =>
    service.accountName(req.ctx, req.params.id),
  );
}
