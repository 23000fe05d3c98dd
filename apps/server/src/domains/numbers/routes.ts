import {
  ZAssignNumbersBody,
  ZChangePortingStatusBody,
  ZCreatePortingBody,
  ZExportNumbersQuery,
  ZInventoryList,
  ZInventoryQuery,
  ZListNumbersQuery,
  ZListPortingQuery,
  ZMoveNumbersBody,
  ZNumberSummary,
  ZNumbersChanged,
  ZPhoneNumberPage,
  ZPortability,
  ZPortabilityBody,
  ZPortingDetail,
  ZPortingPage,
  ZRemoveNumbersBody,
  ZScopeQuery,
  ZUploadPortingDocumentQuery,
} from '@portal/contract/numbers';
import type { FastifyInstance } from 'fastify';
import { routesFor } from '../../lib/routes.ts';
import { acceptUploads } from '../../lib/upload.ts';
import * as service from './service.ts';

/** Phone numbers and number porting (spec 2.8), for both portals: the session decides the scope. */
export async function numberRoutes(fastify: FastifyInstance) {
  const route = routesFor(fastify, ['numbers'], { read: 'numbers.read', write: 'numbers.write' });
  const { app } = route;

  // Porting documents arrive as the raw request body (PDF, PNG or JPEG); the service checks the
  // type and size and answers field errors.
  acceptUploads(app);

  route.get(
    '/api/numbers',
    { summary: 'Assigned phone numbers in scope', cache: true, query: ZListNumbersQuery, response: ZPhoneNumberPage },
    (req) => service.listNumbers(req.ctx, req.query),
  );

  route.get(
    '/api/numbers/summary',
    { summary: 'The four summary cards', cache: true, query: ZScopeQuery, response: ZNumberSummary },
    (req) => service.numberSummary(req.ctx, req.query),
  );

  route.export(
    '/api/numbers/export',
    { summary: 'The filtered list as CSV', query: ZExportNumbersQuery, options: { compress: false } },
    (req) => service.exportNumbers(req.ctx, req.query),
  );

  route.post(
    '/api/numbers/move',
    { summary: 'Move numbers to another account of the same customer', body: ZMoveNumbersBody, response: ZNumbersChanged },
    (req) => service.moveNumbers(req.ctx, req.body),
  );

  route.post(
    '/api/numbers/remove',
    { summary: "Release numbers to the provider's inventory", body: ZRemoveNumbersBody, response: ZNumbersChanged },
    (req) => service.removeNumbers(req.ctx, req.body),
  );

  route.get(
    '/api/numbers/inventory',
    { permission: 'numbers.assign', summary: "Search the provider's inventory", query: ZInventoryQuery, response: ZInventoryList },
    (req) => service.searchInventory(req.ctx, req.query),
  );

  route.post(
    '/api/numbers/assign',
    {
      permission: 'numbers.assign',
      summary: 'Add inventory numbers to an account',
      body: ZAssignNumbersBody,
      response: ZNumbersChanged,
      errors: [409],
    },
    (req) => service.assignNumbers(req.ctx, req.body),
  );

  route.post(
    '/api/numbers/portability',
    { permission: 'numbers.read', summary: 'Can this number be ported in, and why', body: ZPortabilityBody, response: ZPortability },
    (req) => service.checkPortability(req.ctx, req.body.number),
  );

  // -------------------------------------------------------------------------------------------
  route.get('/api/porting', { summary: 'Porting requests in scope', query: ZListPortingQuery, response: ZPortingPage }, (req) =>
    service.listPorting(req.ctx, req.query),
  );

  route.create(
    '/api/porting',
    { permission: 'porting.write', summary: 'Request to port a number in', body: ZCreatePortingBody, response: ZPortingDetail },
    (req) => service.createPorting(req.ctx, req.body),
  );

  route.get('/api/porting/:id', { summary: 'A porting request with its timeline and documents', response: ZPortingDetail }, (req) =>
    service.portingDetail(req.ctx, req.params.id),
  );

  route.post(
    '/api/porting/:id/status',
    {
      permission: 'porting.manage',
      summary: "Move a request to another status (notifies the customer's users)",
      body: ZChangePortingStatusBody,
      response: ZPortingDetail,
      errors: [409],
    },
    (req) => service.changePortingStatus(req.ctx, req.params.id, req.body),
  );

  route.create(
    '/api/porting/:id/documents',
    {
      permission: 'porting.write',
      summary:
        'Upload a document (the file is the body: application/pdf, image/png or image/jpeg, at most 10 MB; 10 files and 50 MB per request, 500 MB per customer)',
      query: ZUploadPortingDocumentQuery,
      response: ZPortingDetail,
      errors: [409, 411, 413],
      upload: service.admitPortingUpload, // size and quotas, before the body is read
    },
    (req) => service.uploadPortingDocument(req.ctx, req.params.id, req.query, req.body, req.headers['content-type']),
  );

  route.download('/api/porting/:id/documents/:documentId', { summary: 'Download a document' }, (req) =>
    service.portingDocument(req.ctx, req.params.id, req.params.documentId),
  );
}
