import { ZAdminDashboard, ZCustomerDashboard } from '@portal/contract/dashboard';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminDashboard, customerDashboard } from './service.ts';

/** Both dashboards: aggregates of real rows (PRODUCT.md "Sample data is seed data"). */
export async function dashboardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['dashboard'];

  app.get(
    '/api/admin/dashboard',
    { config: { permission: 'customers.read' }, schema: { tags, summary: 'The admin dashboard', response: { 200: ZAdminDashboard } } },
    (req) => adminDashboard(req.ctx),
  );

  app.get(
    '/api/dashboard',
    {
      config: { permission: 'company.read' },
      schema: { tags, summary: "The customer dashboard for the caller's company", response: { 200: ZCustomerDashboard } },
    },
    (req) => customerDashboard(req.ctx),
  );
}
