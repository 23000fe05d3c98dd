import { ZCompanyProfile, ZUpdateCompanyProfileBody } from '@portal/contract/company';
import type { FastifyInstance } from 'fastify';
import { routesFor } from '../../lib/routes.ts';
import { getCompanyProfile, updateCompanyProfile } from './service.ts';

/** The customer's own company profile (customer portal /customer/profile and /customer/company-info). */
export async function companyRoutes(fastify: FastifyInstance) {
  const route = routesFor(fastify, ['company'], { read: 'company.read', write: 'company.write' });

  route.get('/api/company', { summary: "The caller's company profile", cache: true, response: ZCompanyProfile }, (req) =>
    getCompanyProfile(req.ctx),
  );

  route.put('/api/company', { summary: 'Update the company profile', body: ZUpdateCompanyProfileBody, response: ZCompanyProfile }, (req) =>
    updateCompanyProfile(req.ctx, req.body),
  );
}
