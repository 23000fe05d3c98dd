import { ZApiError, ZIdParams } from '@portal/contract/common';
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
  ZPortingDocumentParams,
  ZPortingPage,
  ZRemoveNumbersBody,
  ZScopeQuery,
  ZUploadPortingDocumentQuery,
} from '@portal/contract/numbers';
import type { FastifyInstance } from 'fastify';
import { sendExport, ZCsv } from '../../lib/export.ts';
import { routesFor } from '../../lib/routes.ts';
import { acceptUploads, sendStoredFile, UPLOAD_BODY_LIMIT, ZStoredFile } from '../../lib/upload.ts';
import * as service from './service.ts';

/** Phone numbers and number porting (spec 2.8), for both portals: the session decides the scope. */
export async function numberRoutes(fastify: FastifyInstance) {
  const route = routesFor(fastify, ['numbers']);
  const { app } = route;

  // Porting documents arrive as the raw request body (PDF, PNG or JPEG); the service checks the
  // type and size and answers field errors.
  acceptUploads(app);

  route.get(
    '/api/numbers',
    {
      permission: 'numbers.read',
      summary: 'Assigned phone numbers in scope',
      cache: true,
      querystring: ZListNumbersQuery,
      response: ZPhoneNumberPage,
    },
    (req) => service.listNumbers(req.ctx, req.query),
  );

  route.get(
    '/api/numbers/summary',
    { permission: 'numbers.read', summary: 'The four summary cards', cache: true, querystring: ZScopeQuery, response: ZNumberSummary },
    (req) => service.numberSummary(req.ctx, req.query),
  );

  route.get(
    '/api/numbers/export',
    {
      permission: 'numbers.read',
      summary: 'The filtered list as CSV',
      querystring: ZExportNumbersQuery,
      response: ZCsv,
      options: { compress: false },
    },
    async (req, reply) => sendExport(reply, await service.exportNumbers(req.ctx, req.query)),
  );

  route.post(
    '/api/numbers/move',
    {
      permission: 'numbers.write',
      summary: 'Move numbers to another account of the same customer',
      body: ZMoveNumbersBody,
      response: ZNumbersChanged,
    },
    (req) => service.moveNumbers(req.ctx, req.body),
  );

  route.post(
    '/api/numbers/remove',
    {
      permission: 'numbers.write',
      summary: "Release numbers to the provider's inventory",
      body: ZRemoveNumbersBody,
      response: ZNumbersChanged,
    },
    (req) => service.removeNumbers(req.ctx, req.body),
  );

  route.get(
    '/api/numbers/inventory',
    { permission: 'numbers.assign', summary: "Search the provider's inventory", querystring: ZInventoryQuery, response: ZInventoryList },
    (req) => service.searchInventory(req.ctx, req.query),
  );

  route.post(
    '/api/numbers/assign',
    {
      permission: 'numbers.assign',
      summary: 'Add inventory numbers to an account',
      body: ZAssignNumbersBody,
      response: ZNumbersChanged,
      errors: { 409: ZApiError },
    },
    (req) => service.assignNumbers(req.ctx, req.body),
  );

  route.post(
    '/api/numbers/portability',
    { permission: 'numbers.read', summary: 'Can this number be ported in, and why', body: ZPortabilityBody, response: ZPortability },
    (req) => service.checkPortability(req.ctx, req.body.number),
  );

  // -------------------------------------------------------------------------------------------
  route.get(
    '/api/porting',
    { permission: 'numbers.read', summary: 'Porting requests in scope', querystring: ZListPortingQuery, response: ZPortingPage },
    (req) => service.listPorting(req.ctx, req.query),
  );

  route.post(
    '/api/porting',
    {
      permission: 'porting.write',
      summary: 'Request to port a number in',
      body: ZCreatePortingBody,
      response: ZPortingDetail,
      status: 201,
    },
    (req) => service.createPorting(req.ctx, req.body),
  );

  route.get(
    '/api/porting/:id',
    {
      permission: 'numbers.read',
      summary: 'A porting request with its timeline and documents',
      params: ZIdParams,
      response: ZPortingDetail,
    },
    (req) => service.portingDetail(req.ctx, req.params.id),
  );

  route.post(
    '/api/porting/:id/status',
    {
      permission: 'porting.manage',
      summary: "Move a request to another status (notifies the customer's users)",
      params: ZIdParams,
      body: ZChangePortingStatusBody,
      response: ZPortingDetail,
      errors: { 409: ZApiError },
    },
    (req) => service.changePortingStatus(req.ctx, req.params.id, req.body),
  );

  route.post(
    '/api/porting/:id/documents',
    {
      permission: 'porting.write',
      summary:
        'Upload a document (the file is the body: application/pdf, image/png or image/jpeg, at most 10 MB; 10 files and 50 MB per request, 500 MB per customer)',
      params: ZIdParams,
      querystring: ZUploadPortingDocumentQuery,
      response: ZPortingDetail,
      status: 201,
      errors: { 409: ZApiError, 411: ZApiError, 413: ZApiError },
      options: {
        bodyLimit: UPLOAD_BODY_LIMIT, // sign-in and permission are checked on request; size and quotas here, before the body is read
        preParsing: async (req) => {
          const { id } = req.params as { id: string };
          if (ZIdParams.safeParse({ id }).success) await service.admitPortingUpload(req.ctx, id, req.headers['content-length']);
        },
      },
    },
    (req) => service.uploadPortingDocument(req.ctx, req.params.id, req.query, req.body, req.headers['content-type']),
  );

  route.get(
    '/api/porting/:id/documents/:documentId',
    { permission: 'numbers.read', summary: 'Download a document', params: ZPortingDocumentParams, response: ZStoredFile },
    async (req, reply) => sendStoredFile(reply, await service.portingDocument(req.ctx, req.params.id, req.params.documentId)),
  );
}
