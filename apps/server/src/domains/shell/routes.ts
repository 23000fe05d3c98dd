import { ZIdParams } from '@portal/contract/common';
import { ZRecordName, ZShellSummary } from '@portal/contract/shell';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as service from './service.ts';

/** What the shell shows on every page: badges and breadcrumb names, scoped to the caller. */
export async function shellRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['shell'];

  app.get(
    '/api/shell/summary',
    { config: { permission: 'signedIn' }, schema: { tags, summary: 'Sidebar and header badges', response: { 200: ZShellSummary } } },
    (req) => service.shellSummary(req.ctx),
  );

  app.get(
    '/api/names/customers/:id',
    {
      config: { permission: 'signedIn' },
      schema: { tags, summary: "A customer's name for breadcrumbs", params: ZIdParams, response: { 200: ZRecordName } },
    },
    (req) => service.customerName(req.ctx, req.params.id),
  );

  app.get(
    '/api/names/accounts/:id',
    {
      config: { permission: 'signedIn' },
      schema: { tags, summary: "An account's name for breadcrumbs", params: ZIdParams, response: { 200: ZRecordName } },
    },
    (req) => service.accountName(req.ctx, req.params.id),
  );
}
