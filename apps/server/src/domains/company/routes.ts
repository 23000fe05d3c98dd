import { ZCompanyProfile, ZUpdateCompanyProfileBody } from '@portal/contract/company';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { getCompanyProfile, updateCompanyProfile } from './service.ts';

/** The customer's own company profile (customer portal /customer/profile and /customer/company-info). */
export async function companyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['company'];

  app.get(
    '/api/company',
    {
      config: { permission: 'company.read' },
      schema: { tags, summary: "The caller's company profile", response: { 200: ZCompanyProfile } },
    },
    (req) => getCompanyProfile(req.ctx),
  );

  app.put(
    '/api/company',
    {
      config: { permission: 'company.write' },
      schema: {
        tags,
        summary: 'Update the company profile',
        body: ZUpdateCompanyProfileBody,
        response: { 200: ZCompanyProfile },
      },
    },
    (req) => updateCompanyProfile(req.ctx, req.body),
  );
}
