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
  ZNumberAccountList,
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
import { sendCsv } from '../../lib/csv.ts';
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
        response: { 200: ZPhoneNumberPage, 404: ZApiError },
      },
    },
    (req) => service.listNumbers(app, req, req.query),
  );

  app.get(
    '/api/numbers/summary',
    {
      config: { permission: 'numbers.read' },
      schema: { tags, summary: 'The four summary cards', querystring: ZScopeQuery, response: { 200: ZNumberSummary, 404: ZApiError } },
    },
    (req) => service.numberSummary(app, req, req.query),
  );

  app.get(
    '/api/numbers/export',
    {
      config: { permission: 'numbers.read' },
      schema: { tags, summary: 'The filtered list as CSV', querystring: ZExportNumbersQuery, response: { 200: ZCsv, 404: ZApiError } },
    },
    async (req, reply) =>
      sendCsv(reply, `phone-numbers-${new Date().toISOString().slice(0, 10)}.csv`, await service.exportNumbers(app, req, req.query)),
  );

  app.get(
    '/api/numbers/accounts',
    {
      config: { permission: 'numbers.read' },
      schema: {
        tags,
        summary: 'Accounts numbers can be placed in (picker and Move dialog)',
        querystring: ZScopeQuery.pick({ customerId: true }),
        response: { 200: ZNumberAccountList, 404: ZApiError },
      },
    },
    (req) => service.numberAccounts(app, req, req.query.customerId),
  );

  app.post(
    '/api/numbers/move',
    {
      config: { permission: 'numbers.write' },
      schema: {
        tags,
        summary: 'Move numbers to another account of the same customer',
        body: ZMoveNumbersBody,
        response: { 200: ZNumbersChanged, 400: ZApiError, 404: ZApiError },
      },
    },
    (req) => service.moveNumbers(app, req, req.body),
  );

  app.post(
    '/api/numbers/remove',
    {
      config: { permission: 'numbers.write' },
      schema: {
        tags,
        summary: "Release numbers to the provider's inventory",
        body: ZRemoveNumbersBody,
        response: { 200: ZNumbersChanged, 400: ZApiError, 404: ZApiError },
      },
    },
    (req) => service.removeNumbers(app, req, req.body),
  );

  app.get(
    '/api/numbers/inventory',
    {
      config: { permission: 'numbers.assign' },
      schema: { tags, summary: "Search the provider's inventory", querystring: ZInventoryQuery, response: { 200: ZInventoryList } },
    },
    (req) => service.searchInventory(app, req.query),
  );

  app.post(
    '/api/numbers/assign',
    {
      config: { permission: 'numbers.assign' },
      schema: {
        tags,
        summary: 'Add inventory numbers to an account',
        body: ZAssignNumbersBody,
        response: { 200: ZNumbersChanged, 400: ZApiError, 409: ZApiError },
      },
    },
    (req) => service.assignNumbers(app, req, req.body),
  );

  app.post(
    '/api/numbers/portability',
    {
      config: { permission: 'numbers.read' },
      schema: {
        tags,
        summary: 'Can this number be ported in, and why',
        body: ZPortabilityBody,
        response: { 200: ZPortability, 400: ZApiError },
      },
    },
    (req) => service.checkPortability(app, req, req.body.number),
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
        response: { 200: ZPortingPage, 404: ZApiError },
      },
    },
    (req) => service.listPorting(app, req, req.query),
  );

  app.post(
    '/api/porting',
    {
      config: { permission: 'porting.write' },
      schema: { tags, summary: 'Request to port a number in', body: ZCreatePortingBody, response: { 201: ZPortingDetail, 400: ZApiError } },
    },
    async (req, reply) => reply.code(201).send(await service.createPorting(app, req, req.body)),
  );

  app.get(
    '/api/porting/:id',
    {
      config: { permission: 'numbers.read' },
      schema: {
        tags,
        summary: 'A porting request with its timeline and documents',
        params: ZIdParams,
        response: { 200: ZPortingDetail, 404: ZApiError },
      },
    },
    (req) => service.portingDetail(app, req, req.params.id),
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
        response: { 200: ZPortingDetail, 400: ZApiError, 404: ZApiError },
      },
    },
    (req) => service.changePortingStatus(app, req, req.params.id, req.body),
  );

  app.post(
    '/api/porting/:id/documents',
    {
      config: { permission: 'porting.write' },
      bodyLimit: PORTING_DOCUMENT_MAX_BYTES + 1024 * 1024,
      schema: {
        tags,
        summary: 'Upload a document (the file is the body: application/pdf, image/png or image/jpeg, at most 10 MB)',
        params: ZIdParams,
        querystring: ZUploadPortingDocumentQuery,
        response: { 201: ZPortingDetail, 400: ZApiError, 404: ZApiError },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await service.uploadPortingDocument(app, req, req.params.id, req.query, req.body, req.headers['content-type'])),
  );

  app.get(
    '/api/porting/:id/documents/:documentId',
    {
      config: { permission: 'numbers.read' },
      schema: { tags, summary: 'Download a document', params: ZPortingDocumentParams, response: { 200: ZFile, 404: ZApiError } },
    },
    async (req, reply) => {
      const doc = await service.portingDocument(app, req, req.params.id, req.params.documentId);
      const ascii = doc.fileName.replace(/[^\w. -]/g, '_');
      return reply
        .header('content-type', doc.contentType)
        .header('content-length', doc.sizeBytes)
        .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(doc.fileName)}`)
        .send(doc.content);
    },
  );
}
