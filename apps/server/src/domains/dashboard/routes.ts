import { ZAdminDashboard, ZCustomerDashboard } from '@portal/contract/dashboard';
import type { FastifyInstance } from 'fastify';
import { routesFor } from '../../lib/routes.ts';
import { adminDashboard, customerDashboard } from './service.ts';

/** Both dashboards: aggregates of real rows (PRODUCT.md "Sample data is seed data"). */
export async function dashboardRoutes(fastify: FastifyInstance) {
  const route = routesFor(fastify, ['dashboard']);

  route.get(
    '/api/admin/dashboard',
    { permission: 'customers.read', summary: 'The admin dashboard', cache: true, response: ZAdminDashboard },
    (req) => adminDashboard(req.ctx),
  );

  route.get(
    '/api/dashboard',
    { permission: 'company.read', summary: "The customer dashboard for the caller's company", cache: true, response: ZCustomerDashboard },
    (req) => customerDashboard(req.ctx),
  );
}
