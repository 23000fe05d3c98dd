import { ZOk } from '@portal/contract/common';
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

const attachment = (fileName: string) => `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"`;

function sendFile(reply: FastifyReply, file: FileStream) {
  return reply.header('content-type', file.contentType).header('content-disposition', attachment(file.fileName)).send(file.body);
}

/** The Reports screens' files: exports of a tab or of the CDRs, the files jobs made, and scheduled reports. */
export async function reportExportRoutes(fastify: FastifyInstance) {
  const route = routesFor(fastify, ['reports'], { read: 'reports.read', write: 'reports.schedule' });

  route.get(
    '/api/reports/export',
    {
      summary: "Export a Reports tab (its figures, charts' series and tables) for the caller's scope and period as CSV, Excel or PDF",
      query: ZReportExportQuery,
      response: ZReportDownload,
    },
    async (req, reply) => sendFile(reply, await exportReport(req.ctx, req.query)),
  );

  route.get(
    '/api/reports/cdrs/export',
    {
      summary:
        "The CDR tab's export: the scope's calls between two days (the caller's time zone) as CSV, Excel or PDF; over 100,000 calls it is made by a job (202) and the caller notified",
      query: ZReportCdrExportQuery,
      response: ZReportDownload,
      // a large export answers 202 with the queued file instead of the download
      answers: { 202: ZReportExportQueued },
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
    { summary: "The caller's report files (large exports), newest first", response: z.object({ items: z.array(ZReportFile) }) },
    (req) => listFiles(req.ctx),
  );

  route.get('/api/reports/files/:id', { summary: "One of the caller's report files", response: ZReportFile }, (req) =>
    getFile(req.ctx, req.params.id),
  );

  route.get(
    '/api/reports/files/download/:token',
    {
      permission: 'public',
      summary: 'A report file through its link (the token is the credential); 410 once the link has expired',
      params: ZTokenParams,
      response: ZReportDownload,
      errors: [409, 410],
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
    { summary: "Scheduled reports (a customer: their company's)", response: z.object({ items: z.array(ZReportSchedule) }) },
    (req) => listSchedules(req.ctx),
  );

  route.create(
    '/api/reports/schedules',
    { summary: 'Schedule a report e-mailed weekly or monthly', body: ZReportScheduleInput, response: ZReportSchedule },
    (req) => createSchedule(req.ctx, req.body),
  );

  route.put(
    '/api/reports/schedules/:id',
    { summary: 'Change a scheduled report', body: ZReportScheduleInput, response: ZReportSchedule },
    (req) => updateSchedule(req.ctx, req.params.id, req.body),
  );

  route.delete('/api/reports/schedules/:id', { summary: 'Delete a scheduled report', response: ZOk }, (req) =>
    deleteSchedule(req.ctx, req.params.id),
  );
}
