import { ZIdParams } from '@portal/contract/common';
import { ZRecordName, ZShellSummary } from '@portal/contract/shell';
import type { FastifyInstance } from 'fastify';
import { routesFor } from '../../lib/routes.ts';
import * as service from './service.ts';

/** What the shell shows on every page: badges and breadcrumb names, scoped to the caller. */
export async function shellRoutes(fastify: FastifyInstance) {
  const route = routesFor(fastify, ['shell']);

  route.get(
    '/api/shell/summary',
    { permission: 'signedIn', summary: 'Sidebar and header badges', cache: true, response: ZShellSummary },
    (req) => service.shellSummary(req.ctx),
  );

  route.get(
    '/api/names/customers/:id',
    { permission: 'signedIn', summary: "A customer's name for breadcrumbs", params: ZIdParams, response: ZRecordName },
    (req) => service.customerName(req.ctx, req.params.id),
  );

  route.get(
    '/api/names/accounts/:id',
    { permission: 'signedIn', summary: "An account's name for breadcrumbs", params: ZIdParams, response: ZRecordName },
    (req) => service.accountName(req.ctx, req.params.id),
  );
}
