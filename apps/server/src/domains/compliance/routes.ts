import { ZOk, ZPage } from '@portal/contract/common';
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
import { routesFor } from '../../lib/routes.ts';
import * as service from './service.ts';

/** DNC (Do Not Call) and DNO (Do Not Originate) lists (admin spec 2.11): staff all customers', customers their own. */
export async function complianceRoutes(fastify: FastifyInstance) {
  const route = routesFor(fastify, ['compliance'], { read: 'compliance.read', write: 'compliance.write' });

  route.get(
    '/api/compliance/entries',
    { summary: 'DNC and DNO entries, newest first', query: ZListDncQuery, response: ZPage(ZDncEntry) },
    (req) => service.listEntries(req.ctx, req.query),
  );

  route.export(
    '/api/compliance/entries/export',
    { summary: 'The filtered entries as CSV', query: ZExportDncQuery, options: { compress: false } },
    (req) => service.exportEntries(req.ctx, req.query),
  );

  route.get(
    '/api/compliance/summary',
    { summary: 'Entries per list', query: z.object({ customerId: z.uuid().optional() }), response: ZDncSummary },
    (req) => service.summary(req.ctx, req.query),
  );

  route.create(
    '/api/compliance/entries',
    { summary: 'Add a number (or an area-code block) to a list', body: ZCreateDncBody, response: ZDncEntry },
    (req) => service.createEntry(req.ctx, req.body),
  );

  route.post(
    '/api/compliance/import',
    {
      summary: 'Import entries from CSV (number,type,reason); answers the rejected lines',
      body: ZImportDncBody,
      response: ZImportDncResult,
    },
    (req) => service.importEntries(req.ctx, req.body),
  );

  route.delete('/api/compliance/entries/:id', { summary: 'Remove an entry', response: ZOk }, (req) =>
    service.deleteEntry(req.ctx, req.params.id),
  );
}
