import { ZApiError, ZIdParams } from '@portal/contract/common';
import {
  PORTING_DOCUMENT_MAX_BYTES,
  PORTING_DOCUMENT_TYPES,
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
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendExport } from '../../lib/export.ts';
import * as service from './service.ts';

const ZCsv = z.string().describe('text/csv');
const ZFile = z.unknown().describe('The stored file, with its own content type');

/** Phone numbers and number porting (spec 2.8), for both portals: the session decides the scope. */
export async function numberRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['numbers'];

  // Porting documents arrive as the raw request body (PDF, PNG or JPEG); the service checks the
  // type and size and answers field errors. Only this module's routes see these parsers.
  for (const type of PORTING_DOCUMENT_TYPES) {
    app.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: PORTING_DOCUMENT_MAX_BYTES + 1024 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
  }
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_req, body, done) => done(null, body));

  app.get(
    '/api/numbers',
    {
      config: { permission: 'numbers.read' },
      schema: {
        tags,
        summary: 'Assigned phone numbers in scope',
        querystring: ZListNumbersQuery,
        response: { 200: ZPhoneNumberPage },
      },
    },
    (req) => service.listNumbers(req.ctx, req.query),
  );

  app.get(
    '/api/numbers/summary',
    {
      config: { permission: 'numbers.read' },
      schema: { tags, summary: 'The four summary cards', querystring: ZScopeQuery, response: { 200: ZNumberSummary } },
    },
    (req) => service.numberSummary(req.ctx, req.query),
  );

  app.get(
    '/api/numbers/export',
    {
      config: { permission: 'numbers.read' },
      schema: { tags, summary: 'The filtered list as CSV', querystring: ZExportNumbersQuery, response: { 200: ZCsv } },
    },
    async (req, reply) => sendExport(reply, await service.exportNumbers(req.ctx, req.query)),
  );

  app.post(
    '/api/numbers/move',
    {
      config: { permission: 'numbers.write' },
      schema: {
        tags,
        summary: 'Move numbers to another account of the same customer',
        body: ZMoveNumbersBody,
        response: { 200: ZNumbersChanged },
      },
    },
    (req) => service.moveNumbers(req.ctx, req.body),
  );

  app.post(
    '/api/numbers/remove',
    {
      config: { permission: 'numbers.write' },
      schema: {
        tags,
        summary: "Release numbers to the provider's inventory",
        body: ZRemoveNumbersBody,
        response: { 200: ZNumbersChanged },
      },
    },
    (req) => service.removeNumbers(req.ctx, req.body),
  );

  app.get(
    '/api/numbers/inventory',
    {
      config: { permission: 'numbers.assign' },
      schema: { tags, summary: "Search the provider's inventory", querystring: ZInventoryQuery, response: { 200: ZInventoryList } },
    },
    (req) => service.searchInventory(req.ctx, req.query),
  );

  app.post(
    '/api/numbers/assign',
    {
      config: { permission: 'numbers.assign' },
      schema: {
        tags,
        summary: 'Add inventory numbers to an account',
        body: ZAssignNumbersBody,
        response: { 200: ZNumbersChanged, 409: ZApiError },
      },
    },
    (req) => service.assignNumbers(req.ctx, req.body),
  );

  app.post(
    '/api/numbers/portability',
    {
      config: { permission: 'numbers.read' },
      schema: {
        tags,
        summary: 'Can this number be ported in, and why',
        body: ZPortabilityBody,
        response: { 200: ZPortability },
      },
    },
    (req) => service.checkPortability(req.ctx, req.body.number),
  );

  // -------------------------------------------------------------------------------------------
  app.get(
    '/api/porting',
    {
      config: { permission: 'numbers.read' },
      schema: {
        tags,
        summary: 'Porting requests in scope',
        querystring: ZListPortingQuery,
        response: { 200: ZPortingPage },
      },
    },
    (req) => service.listPorting(req.ctx, req.query),
  );

  app.post(
    '/api/porting',
    {
      config: { permission: 'porting.write' },
      schema: { tags, summary: 'Request to port a number in', body: ZCreatePortingBody, response: { 201: ZPortingDetail } },
    },
    async (req, reply) => reply.code(201).send(await service.createPorting(req.ctx, req.body)),
  );

  app.get(
    '/api/porting/:id',
    {
      config: { permission: 'numbers.read' },
      schema: {
        tags,
        summary: 'A porting request with its timeline and documents',
        params: ZIdParams,
        response: { 200: ZPortingDetail },
      },
    },
    (req) => service.portingDetail(req.ctx, req.params.id),
  );

  app.post(
    '/api/porting/:id/status',
    {
      config: { permission: 'porting.manage' },
      schema: {
        tags,
        summary: "Move a request to another status (notifies the customer's users)",
        params: ZIdParams,
        body: ZChangePortingStatusBody,
        response: { 200: ZPortingDetail, 409: ZApiError },
      },
    },
    (req) => service.changePortingStatus(req.ctx, req.params.id, req.body),
  );

  app.post(
    '/api/porting/:id/documents',
    {
      config: { permission: 'porting.write' },
      bodyLimit: PORTING_DOCUMENT_MAX_BYTES + 1024 * 1024,
      // sign-in and permission are checked on request; size and quotas here, before the body is read
      preParsing: async (req) => {
        const { id } = req.params as { id: string };
        if (ZIdParams.safeParse({ id }).success) await service.admitPortingUpload(req.ctx, id, req.headers['content-length']);
      },
      schema: {
        tags,
        summary:
          'Upload a document (the file is the body: application/pdf, image/png or image/jpeg, at most 10 MB; 10 files and 50 MB per request, 500 MB per customer)',
        params: ZIdParams,
        querystring: ZUploadPortingDocumentQuery,
        response: { 201: ZPortingDetail, 409: ZApiError, 411: ZApiError, 413: ZApiError },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await service.uploadPortingDocument(req.ctx, req.params.id, req.query, req.body, req.headers['content-type'])),
  );

  app.get(
    '/api/porting/:id/documents/:documentId',
    {
      config: { permission: 'numbers.read' },
      schema: { tags, summary: 'Download a document', params: ZPortingDocumentParams, response: { 200: ZFile } },
    },
    async (req, reply) => {
      const doc = await service.portingDocument(req.ctx, req.params.id, req.params.documentId);
      const ascii = doc.fileName.replace(/[^\w. -]/g, '_');
      return reply
        .header('content-type', doc.contentType)
        .header('content-length', doc.sizeBytes)
        .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(doc.fileName)}`)
        .send(doc.content);
    },
  );
}
