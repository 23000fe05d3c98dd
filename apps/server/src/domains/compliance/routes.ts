import { ZIdParams, ZOk, ZPage } from '@portal/contract/common';
import {
  ZCreateDncBody,
  ZDncEntry,
  ZDncSummary,
  ZExportDncQuery,
  ZImportDncBody,
  ZImportDncResult,
  ZListDncQuery,
} from '@portal/contract/compliance';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sendExport, ZCsv } from '../../lib/export.ts';
import { routesFor } from '../../lib/routes.ts';
import * as service from './service.ts';

/** DNC (Do Not Call) and DNO (Do Not Originate) lists (admin spec 2.11): staff all customers', customers their own. */
export async function complianceRoutes(fastify: FastifyInstance) {
  const route = routesFor(fastify, ['compliance']);

  route.get(
    '/api/compliance/entries',
    { permission: 'compliance.read', summary: 'DNC and DNO entries, newest first', querystring: ZListDncQuery, response: ZPage(ZDncEntry) },
    (req) => service.listEntries(req.ctx, req.query),
  );

  route.get(
    '/api/compliance/entries/export',
    {
      permission: 'compliance.read',
      summary: 'The filtered entries as CSV',
      querystring: ZExportDncQuery,
      response: ZCsv,
      options: { compress: false },
    },
    async (req, reply) => sendExport(reply, await service.exportEntries(req.ctx, req.query)),
  );

  route.get(
    '/api/compliance/summary',
    {
      permission: 'compliance.read',
      summary: 'Entries per list',
      querystring: z.object({ customerId: z.uuid().optional() }),
      response: ZDncSummary,
    },
    (req) => service.summary(req.ctx, req.query),
  );

  route.post(
    '/api/compliance/entries',
    {
      permission: 'compliance.write',
      summary: 'Add a number (or an area-code block) to a list',
      body: ZCreateDncBody,
      response: ZDncEntry,
      status: 201,
    },
    (req) => service.createEntry(req.ctx, req.body),
  );

  route.post(
    '/api/compliance/import',
    {
      permission: 'compliance.write',
      summary: 'Import entries from CSV (number,type,reason); answers the rejected lines',
      body: ZImportDncBody,
      response: ZImportDncResult,
    },
    (req) => service.importEntries(req.ctx, req.body),
  );

  route.delete(
    '/api/compliance/entries/:id',
    { permission: 'compliance.write', summary: 'Remove an entry', params: ZIdParams, response: ZOk },
    async (req) => {
      await service.deleteEntry(req.ctx, req.params.id);
      return { ok: true as const };
    },
  );
}
