import { ZApiError, ZIdParams } from '@portal/contract/common';
import { ZRecordName, ZShellSummary } from '@portal/contract/shell';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors.ts';
import { authOf } from '../../plugins/auth.ts';
import { unreadCount } from '../notifications/service.ts';
import * as repo from './repo.ts';

/** What the shell shows on every page: badges and breadcrumb names, scoped to the caller. */
export async function shellRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['shell'];

  app.get(
    '/api/shell/summary',
    { config: { permission: 'signedIn' }, schema: { tags, summary: 'Sidebar and header badges', response: { 200: ZShellSummary } } },
    async (req) => {
      const auth = authOf(req);
      const [billingBadge, unreadNotifications] = await Promise.all([
        repo.countOpenInvoices(app.db, auth.customerId),
        unreadCount(app, auth.userId),
      ]);
      return { billingBadge, unreadNotifications };
    },
  );

  app.get(
    '/api/names/customers/:id',
    {
      config: { permission: 'signedIn' },
      schema: { tags, summary: "A customer's name for breadcrumbs", params: ZIdParams, response: { 200: ZRecordName, 404: ZApiError } },
    },
    async (req) => {
      const row = await repo.customerName(app.db, req.params.id, authOf(req).customerId);
      if (!row) throw notFound('Customer');
      return row;
    },
  );

  app.get(
    '/api/names/accounts/:id',
    {
      config: { permission: 'signedIn' },
      schema: { tags, summary: "An account's name for breadcrumbs", params: ZIdParams, response: { 200: ZRecordName, 404: ZApiError } },
    },
    async (req) => {
      const row = await repo.accountName(app.db, req.params.id, authOf(req).customerId);
      if (!row) throw notFound('Account');
      return row;
    },
  );
}
