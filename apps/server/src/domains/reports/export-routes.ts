import { ZApiError, ZIdParams, ZOk } from '@portal/contract/common';
import {
  ZReportCdrExportQuery,
  ZReportExportQuery,
  ZReportExportQueued,
  ZReportFile,
  ZReportSchedule,
  ZReportScheduleInput,
} from '@portal/contract/reports';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { sendExport } from '../../lib/export.ts';
import { routesFor } from '../../lib/routes.ts';
import { exportCdrs, exportReport, type FileStream } from './export.ts';
import { fileByToken, getFile, listFiles } from './files.ts';
import { FORMAT_CONTENT_TYPES } from './report-table.ts';
import { createSchedule, deleteSchedule, listSchedules, updateSchedule } from './schedules.ts';

/** A report file's bytes (CSV, XLSX or PDF). */
const ZReportDownload = z
  .unknown()
  .describe('text/csv, application/vnd.openxmlformats-officedocument.spreadsheetml.sheet or application/pdf');
/** The token of a file's link (base64url). One that cannot be a token names no file: a 404. */
const ZTokenParams = z.object({
  token: z
    .string()
    .min(20)
    .max(100)
    .regex(/^[\w-]+$/),
});
/**
 * lib/routes.ts declares error answers besides the success; a large CDR export answers 202 with the
 * queued file instead of the download, declared here so the OpenAPI document shows it.
 */
const QUEUED = { 202: ZReportExportQueued } as unknown as { 409: typeof ZReportExportQueued };

const attachment = (fileName: string) => `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"`;

function sendFile(reply: FastifyReply, file: FileStream) {
  return reply.header('content-type', file.contentType).header('content-disposition', attachment(file.fileName)).send(file.body);
}

/** The Reports screens' files: exports of a tab or of the CDRs, the files jobs made, and scheduled reports. */
export async function reportExportRoutes(fastify: FastifyInstance) {
  const route = routesFor(fastify, ['reports']);

  route.get(
    '/api/reports/export',
    {
      permission: 'reports.read',
      summary: "Export a Reports tab (its figures, charts' series and tables) for the caller's scope and period as CSV, Excel or PDF",
      querystring: ZReportExportQuery,
      response: ZReportDownload,
    },
    async (req, reply) => sendFile(reply, await exportReport(req.ctx, req.query)),
  );

  route.get(
    '/api/reports/cdrs/export',
    {
      permission: 'reports.read',
      summary:
        "The CDR tab's export: the scope's calls between two days (the caller's time zone) as CSV, Excel or PDF; over 100,000 calls it is made by a job (202) and the caller notified",
      querystring: ZReportCdrExportQuery,
      response: ZReportDownload,
      errors: QUEUED,
    },
    async (req, reply) => {
      const answer = await exportCdrs(req.ctx, req.query);
      if ('queued' in answer) return reply.code(202).send({ queued: true, file: answer.queued });
      if ('csv' in answer) return sendExport(reply, answer.csv);
      return sendFile(reply, answer.file);
    },
  );

  route.get(
    '/api/reports/files',
    {
      permission: 'reports.read',
      summary: "The caller's report files (large exports), newest first",
      response: z.object({ items: z.array(ZReportFile) }),
    },
    (req) => listFiles(req.ctx),
  );

  route.get(
    '/api/reports/files/:id',
    { permission: 'reports.read', summary: "One of the caller's report files", params: ZIdParams, response: ZReportFile },
    (req) => getFile(req.ctx, req.params.id),
  );

  route.get(
    '/api/reports/files/download/:token',
    {
      permission: 'public',
      summary: 'A report file through its link (the token is the credential); 410 once the link has expired',
      params: ZTokenParams,
      response: ZReportDownload,
      errors: { 409: ZApiError, 410: ZApiError },
    },
    async (req, reply) => {
      const file = await fileByToken(req.ctx, req.params.token);
      return reply
        .header('content-type', FORMAT_CONTENT_TYPES[file.format])
        .header('content-disposition', attachment(file.name))
        .header('cache-control', 'private, no-store')
        .header('referrer-policy', 'no-referrer')
        .send(file.content);
    },
  );

  route.get(
    '/api/reports/schedules',
    {
      permission: 'reports.read',
      summary: "Scheduled reports (a customer: their company's)",
      response: z.object({ items: z.array(ZReportSchedule) }),
    },
    (req) => listSchedules(req.ctx),
  );

  route.post(
    '/api/reports/schedules',
    {
      permission: 'reports.schedule',
      summary: 'Schedule a report e-mailed weekly or monthly',
      body: ZReportScheduleInput,
      response: ZReportSchedule,
      status: 201,
    },
    (req) => createSchedule(req.ctx, req.body),
  );

  route.put(
    '/api/reports/schedules/:id',
    {
      permission: 'reports.schedule',
      summary: 'Change a scheduled report',
      params: ZIdParams,
      body: ZReportScheduleInput,
      response: ZReportSchedule,
    },
    (req) => updateSchedule(req.ctx, req.params.id, req.body),
  );

  route.delete(
    '/api/reports/schedules/:id',
    { permission: 'reports.schedule', summary: 'Delete a scheduled report', params: ZIdParams, response: ZOk },
    async (req) => {
      await deleteSchedule(req.ctx, req.params.id);
      return { ok: true as const };
    },
  );
}
