/**
 * The Reports screens' downloads: a tab's figures (render.ts; spreadsheets.ts, pdf.ts) and the CDR tab's export of
 * the calls between two days, streamed from the database (keyset chunks; on PostgreSQL a CSV is
 * PostgreSQL's own COPY, as the CDR list's export). A CDR range holding more than
 * LARGE_EXPORT_ROWS calls becomes a job that writes the file into report_files (jobs.ts).
 */
import { PassThrough, type Readable } from 'node:stream';
import type { TReport, TReportCdrExportQuery, TReportExportQuery, TReportFile, TReportFormat, TReportTab } from '@portal/contract/reports';
import { enqueue } from '../../jobs/queue.ts';
import { type Ctx, inTransaction, isCustomerSide, userOf } from '../../lib/context.ts';
import { dayRange } from '../../lib/cursor.ts';
import { invalid } from '../../lib/errors.ts';
import { type CsvExport, formulaSafeSql } from '../../lib/export.ts';
import { afterKey, param, runStatement, type Statement, statementExport, type TimeKey } from '../../lib/sql-statement.ts';
import { fileView, insertFile } from './files.ts';
import { cdrExportJob } from './jobs.ts';
import { hms, type PdfHeading, PdfLayout, pagesFor, pdfDocument, writeReportPdf } from './pdf.ts';
import { reportInfo, reportTables } from './render.ts';
import {
  type Cell,
  FORMAT_CONTENT_TYPES,
  periodLine,
  type ReportColumn,
  reportFileName,
  reportTitle,
  STAFF_TABS,
  usDate,
} from './report-table.ts';
import { buildReport, reportTimeZone, resolveReportScope } from './service.ts';
import { addSheet, csvWriter, excelWorkbook, sheetCaughtUp, writeReportCsv, writeReportXlsx } from './spreadsheets.ts';

/** A CDR export over this many calls runs as a job and ends with a notification and a link. */
export const LARGE_EXPORT_ROWS = 100_000;
/** The threshold in force (tests lower it to exercise the job with a handful of calls). */
export const exportLimits = { largeRows: LARGE_EXPORT_ROWS };

/** A download ready to send: its name, its type and its bytes as they are made. */
export interface FileStream {
  fileName: string;
  contentType: string;
  body: Readable;
}

// ---------------------------------------------------------------------------------------------
// A tab's figures

/** The report file of a tab: CSV and Excel carry the particulars first, the PDF prints them as its heading. */
export function renderReport(report: TReport, tab: TReportTab, format: TReportFormat, brand: string): FileStream {
  const tables = reportTables(report, tab);
  const fileName = reportFileName(report, tab, format);
  const contentType = FORMAT_CONTENT_TYPES[format];
  if (format === 'pdf') {
    const out = new PassThrough();
    writeReportPdf(tables, reportHeading(report, tab, brand)).then(
      (doc) => doc.pipe(out),
      (err: Error) => out.destroy(err),
    );
    return { fileName, contentType, body: out };
  }
  const out = new PassThrough();
  const all = [reportInfo(report, tab), ...tables];
  if (format === 'csv') writeReportCsv(all, out);
  else writeReportXlsx(all, out, brand).catch((err: Error) => out.destroy(err));
  return { fileName, contentType, body: out };
}

export function reportHeading(report: TReport, tab: TReportTab, brand: string): PdfHeading {
  const service = report.service === 'all' ? '' : `   Service: ${report.service.toUpperCase()}`;
  return {
    brand,
    title: reportTitle(tab),
    lines: [`Scope: ${report.scope}`, `Period: ${periodLine(report)}${service}`, `Time zone: ${report.period.timeZone}`],
  };
}

/** The analytics tabs are the staff's: a customer asking for one is told which tabs there are. */
export function checkTab(ctx: Ctx, tab: TReportTab): void {
  if (isCustomerSide(ctx) && STAFF_TABS.includes(tab)) {
    throw invalid({ tab: 'Choose one of Overview, SMS, Voice or Numbers' });
  }
}

/** GET /api/reports/export: the tab's figures for the caller's scope and period, in the chosen format. */
export async function exportReport(ctx: Ctx, q: TReportExportQuery): Promise<FileStream> {
  checkTab(ctx, q.tab);
  const { format, tab, ...query } = q;
  const report = await buildReport(ctx, query);
  return renderReport(report, tab, format, ctx.config.PORTAL_BRAND);
}

// ---------------------------------------------------------------------------------------------
// CDRs

export const CDR_EXPORT_COLUMNS: ReportColumn[] = [
  { label: 'Call Date/Time', kind: 'datetime', width: 1.5 },
  { label: 'Source Number', kind: 'text', width: 1.3 },
  { label: 'Destination Number', kind: 'text', width: 1.3 },
  { label: 'Duration', kind: 'duration', width: 0.8 },
  { label: 'Status', kind: 'text', width: 0.9 },
  { label: 'Cost', kind: 'rate', width: 0.8 },
];
export const CDR_EXPORT_HEADER = CDR_EXPORT_COLUMNS.map((c) => c.label);

/** Whose calls and which instants: resolved once, when the export is asked for (a job runs it as stored). */
export interface CdrExportCriteria {
  customerId: string | null;
  accountId: string | null;
  /** Whose calls, as the heading names them. */
  scope: string;
  startDate: string;
  endDate: string;
  timeZone: string;
  /** [since, until) instants of the days in the time zone (ISO). */
  since: string;
  until: string;
}

/** The scope (404 outside the caller's reach) and the days in the caller's time zone, as the CDR list reads them. */
export async function cdrCriteria(ctx: Ctx, q: TReportCdrExportQuery): Promise<CdrExportCriteria> {
  const [scope, timeZone] = await Promise.all([resolveReportScope(ctx, q), reportTimeZone(ctx)]);
  const range = dayRange(q.startDate, q.endDate, timeZone);
  return {
    customerId: scope.customerId,
    accountId: scope.accountId,
    scope: scope.name,
    startDate: q.startDate,
    endDate: q.endDate,
    timeZone,
    since: (range.from as Date).toISOString(),
    until: (range.until as Date).toISOString(),
  };
}

function cdrWhere(c: CdrExportCriteria, params: unknown[]): string {
  const parts = [`c.started_at >= ${param(params, c.since)}::timestamptz`, `c.started_at < ${param(params, c.until)}::timestamptz`];
  if (c.accountId) parts.push(`c.account_id = ${param(params, c.accountId)}::uuid`);
  if (c.customerId) parts.push(`c.customer_id = ${param(params, c.customerId)}::uuid`);
  return parts.join(' AND ');
}

/** The CSV's columns as the database writes them (COPY), the header from the aliases. */
function cdrCsvSelect(tz: string): string {
  return `to_char(c.started_at AT TIME ZONE ${tz}, 'YYYY-MM-DD HH24:MI:SS') AS "Call Date/Time",
  ${formulaSafeSql('c.from_number')} AS "Source Number", ${formulaSafeSql('c.to_number')} AS "Destination Number",
  to_char(make_interval(secs => c.duration_seconds), 'HH24:MI:SS') AS "Duration", c.status AS "Status", c.cost AS "Cost"`;
}

const ORDER = 'ORDER BY c.started_at DESC, c.id DESC';

export function cdrCsvStatement(c: CdrExportCriteria): Statement {
  const params: unknown[] = [];
  const where = cdrWhere(c, params);
  return { text: `SELECT ${cdrCsvSelect(param(params, c.timeZone))} FROM cdrs c WHERE ${where} ${ORDER}`, params };
}

export function cdrCsvChunkStatement(c: CdrExportCriteria, after: TimeKey | null, size: number): Statement {
  const params: unknown[] = [];
  const where = cdrWhere(c, params) + afterKey(params, 'c.started_at', 'c.id', after);
  const tz = param(params, c.timeZone);
  return {
    text: `SELECT ${cdrCsvSelect(tz)}, c.started_at AS key_at, c.id::text AS key_id FROM cdrs c WHERE ${where} ${ORDER} LIMIT ${param(params, size)}`,
    params,
  };
}

/** Typed rows for Excel and PDF: the local time as text, the duration in seconds, the cost as a number. */
export function cdrRowsStatement(c: CdrExportCriteria, after: TimeKey | null, size: number): Statement {
  const params: unknown[] = [];
  const where = cdrWhere(c, params) + afterKey(params, 'c.started_at', 'c.id', after);
  const tz = param(params, c.timeZone);
  return {
    text: `SELECT to_char(c.started_at AT TIME ZONE ${tz}, 'YYYY-MM-DD HH24:MI:SS') AS local_at,
  extract(epoch FROM date_trunc('second', c.started_at AT TIME ZONE ${tz}))::float8 * 1000 AS local_ms, c.from_number, c.to_number,
  c.duration_seconds, c.status, c.cost::float8 AS cost, c.started_at AS key_at, c.id::text AS key_id
FROM cdrs c WHERE ${where} ${ORDER} LIMIT ${param(params, size)}`,
    params,
  };
}

export function cdrCountStatement(c: CdrExportCriteria): Statement {
  const params: unknown[] = [];
  return { text: `SELECT count(*)::float8 AS n FROM cdrs c WHERE ${cdrWhere(c, params)}`, params };
}

/**
 * The calls of the range as the rollups count them (usage_daily's voice volume): cheap whatever
 * the table's size. The rollups' days are UTC days, so the range is widened by a day each side
 * outside UTC: the estimate errs on the large side.
 */
export function cdrEstimateStatement(c: CdrExportCriteria): Statement {
  const params: unknown[] = [];
  const utc = c.timeZone === 'UTC';
  const parts = [
    `u.service = 'Voice'`,
    `u.day >= (${param(params, c.startDate)}::date - ${utc ? 0 : 1})`,
    `u.day <= (${param(params, c.endDate)}::date + ${utc ? 0 : 1})`,
  ];
  if (c.accountId) parts.push(`u.account_id = ${param(params, c.accountId)}::uuid`);
  else if (c.customerId) parts.push(`u.customer_id = ${param(params, c.customerId)}::uuid`);
  return { text: `SELECT coalesce(sum(u.volume), 0)::float8 AS n FROM usage_daily u WHERE ${parts.join(' AND ')}`, params };
}

export async function estimateCdrRows(ctx: Ctx, c: CdrExportCriteria): Promise<number> {
  const [row] = await runStatement<{ n: number }>(ctx.database, cdrEstimateStatement(c));
  return Number(row?.n ?? 0);
}

interface CdrRow {
  local_at: string;
  /** The local wall-clock time as if it were UTC (what Excel shows as the call's time). */
  local_ms: number;
  from_number: string;
  to_number: string;
  duration_seconds: number;
  status: string;
  cost: number;
  key_at: Date | string;
  key_id: string;
}

/**
 * Rows per keyset read. Small: a chunk lives while its rows are written, and exceljs makes so much
 * short-lived garbage a row that a big chunk outlives two young-generation collections and is
 * promoted; at a million rows that grew the server by 170 MB with 5,000 a chunk, 40 MB with 250.
 */
const CHUNK = 250;

/** Every call of the range, newest first, read in keyset chunks. */
export async function* cdrRows(ctx: Ctx, c: CdrExportCriteria, chunk = CHUNK): AsyncGenerator<CdrRow[]> {
  let after: TimeKey | null = null;
  for (;;) {
    const rows: CdrRow[] = await runStatement<CdrRow>(ctx.database, cdrRowsStatement(c, after, chunk));
    const last: CdrRow | undefined = rows[rows.length - 1];
    if (last) after = { at: new Date(last.key_at), id: Number(last.key_id) };
    if (rows.length) yield rows;
    if (rows.length < chunk) return;
  }
}

/** A call as the export's cells (CSV and PDF). */
export const cdrCells = (r: CdrRow): Cell[] => [
  r.local_at,
  r.from_number,
  r.to_number,
  Number(r.duration_seconds),
  r.status,
  Number(r.cost),
];

/**
 * A call as Excel stores it, the columns carrying the formats: the local time as a date, the
 * duration as a fraction of a day. Made straight from the row: a million rows make no more
 * garbage than they must.
 */
const cdrExcelValues = (r: CdrRow) => [
  new Date(r.local_ms),
  r.from_number,
  r.to_number,
  r.duration_seconds / 86_400,
  r.status,
  Number(r.cost),
];

/** Reads the first chunk now (so a failing query is an ordinary error answer), the rest as asked. */
async function firstThenRest<T>(source: AsyncGenerator<T>): Promise<AsyncGenerator<T>> {
  const first = await source.next();
  return (async function* () {
    if (first.done) return;
    yield first.value;
    yield* source;
  })();
}

/**
 * Waits while the reader has not taken what was written (a slow client holds the writer back).
 * It listens for 'drain' on the writable side only: a 'data' listener would set the stream
 * flowing before the reply is piped to it, and lose what flowed.
 */
async function readerCaughtUp(out: PassThrough): Promise<void> {
  while (!out.destroyed && out.readableLength + out.writableLength > out.writableHighWaterMark * 4) {
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        out.off('drain', done);
        out.off('close', done);
        resolve();
      };
      const timer = setTimeout(done, 50);
      out.once('drain', done);
      out.once('close', done);
    });
  }
}

/** The CDRs as a workbook: one sheet (a second and more past Excel's 1,048,576 rows), numbers and times typed. */
async function writeCdrXlsx(chunks: AsyncIterable<CdrRow[]>, out: PassThrough, brand: string, counted: { rows: number }): Promise<void> {
  const workbook = excelWorkbook(out, brand);
  const perSheet = 1_048_575;
  let sheetNo = 1;
  let sheet = addSheet(workbook, 'CDRs', CDR_EXPORT_COLUMNS);
  let inSheet = 0;
  for await (const rows of chunks) {
    for (const row of rows) {
      if (inSheet === perSheet) {
        sheet.commit();
        sheet = addSheet(workbook, `CDRs (${++sheetNo})`, CDR_EXPORT_COLUMNS);
        inSheet = 0;
      }
      sheet.addRow(cdrExcelValues(row)).commit();
      inSheet++;
      counted.rows++;
    }
    if (out.destroyed) return;
    await sheetCaughtUp(sheet);
    await readerCaughtUp(out);
  }
  sheet.commit();
  await workbook.commit();
}

export function cdrHeading(c: CdrExportCriteria, brand: string, rows: number): PdfHeading {
  return {
    brand,
    title: 'CDR Export',
    lines: [
      `Scope: ${c.scope}`,
      `Period: ${usDate(c.startDate)} - ${usDate(c.endDate)}`,
      `Time zone: ${c.timeZone}`,
      `Calls: ${rows.toLocaleString('en-US')}`,
    ],
  };
}

/** The CDRs as a PDF streamed page by page: the page count comes from the row count (one line a row). */
async function writeCdrPdf(
  chunks: AsyncIterable<CdrRow[]>,
  out: PassThrough,
  heading: PdfHeading,
  total: number,
  counted: { rows: number },
): Promise<void> {
  const doc = pdfDocument(heading, false);
  doc.pipe(out);
  const layout = new PdfLayout(doc, heading, pagesFor(total));
  layout.writeHeading();
  async function* rows() {
    for await (const chunk of chunks) {
      for (const row of chunk) {
        counted.rows++;
        yield cdrCells(row);
      }
      if (out.destroyed) return;
      await readerCaughtUp(out);
    }
  }
  await layout.table('Call Detail Records', CDR_EXPORT_COLUMNS, rows());
  layout.finish();
  doc.end();
}

/**
 * The CDR file of a range in a format, made as it is read: the first chunk is read before this
 * returns, a failure later destroys the stream (a download that fails, never a short file).
 * `counted.rows` holds the rows written so far.
 */
export async function cdrFileStream(
  ctx: Ctx,
  c: CdrExportCriteria,
  format: TReportFormat,
  counted: { rows: number } = { rows: 0 },
): Promise<FileStream> {
  const fileName = cdrFileName(c, format);
  const contentType = FORMAT_CONTENT_TYPES[format];
  const total = format === 'pdf' ? Number((await runStatement<{ n: number }>(ctx.database, cdrCountStatement(c)))[0]?.n ?? 0) : 0;
  const chunks = await firstThenRest(cdrRows(ctx, c));
  const out = new PassThrough();
  const fail = (err: Error) => out.destroy(err);
  if (format === 'csv') {
    const csv = csvWriter();
    csv.pipe(out);
    csv.write(CDR_EXPORT_HEADER);
    (async () => {
      for await (const rows of chunks) {
        for (const r of rows) {
          csv.write([r.local_at, r.from_number, r.to_number, hms(r.duration_seconds), r.status, Number(r.cost)]);
          counted.rows++;
        }
        if (out.destroyed) return;
        await readerCaughtUp(out);
      }
      csv.end();
    })().catch(fail);
  } else if (format === 'xlsx') {
    writeCdrXlsx(chunks, out, ctx.config.PORTAL_BRAND, counted).catch(fail);
  } else {
    writeCdrPdf(chunks, out, cdrHeading(c, ctx.config.PORTAL_BRAND, total), total, counted).catch(fail);
  }
  return { fileName, contentType, body: out };
}

export const cdrFileName = (c: Pick<CdrExportCriteria, 'startDate' | 'endDate'>, format: TReportFormat) =>
  `report-cdrs-${c.startDate}-${c.endDate}.${format}`;

/** A CSV straight from the database (PostgreSQL's COPY; keyset chunks on PGlite), sent by lib/export.ts's sendExport. */
export function cdrCsvExport(ctx: Ctx, c: CdrExportCriteria): Promise<CsvExport> {
  return statementExport(ctx.database, {
    fileName: cdrFileName(c, 'csv'),
    header: CDR_EXPORT_HEADER,
    whole: cdrCsvStatement(c),
    chunk: (after, size) => cdrCsvChunkStatement(c, after, size),
  });
}

export type CdrExportAnswer = { csv: CsvExport } | { file: FileStream } | { queued: TReportFile };

/**
 * GET /api/reports/cdrs/export: a range the rollups count at most LARGE_EXPORT_ROWS calls is
 * streamed now; a larger one is queued as a job (202) that writes the file and notifies the caller.
 */
export async function exportCdrs(ctx: Ctx, q: TReportCdrExportQuery): Promise<CdrExportAnswer> {
  const c = await cdrCriteria(ctx, q);
  const estimate = await estimateCdrRows(ctx, c);
  if (estimate > exportLimits.largeRows) return { queued: await queueCdrExport(ctx, c, q.format, estimate) };
  if (q.format === 'csv') return { csv: await cdrCsvExport(ctx, c) };
  return { file: await cdrFileStream(ctx, c, q.format) };
}

/** What a queued CDR export's job reads from its file's request. */
export interface QueuedCdrExport {
  kind: 'cdrs';
  criteria: CdrExportCriteria;
  format: TReportFormat;
  /** Where the owner's notification points: their portal's Reports, CDR tab. */
  portal: 'admin' | 'customer';
  estimate: number;
}

/** The file (Pending) and its job, in one transaction: both or neither. */
async function queueCdrExport(ctx: Ctx, c: CdrExportCriteria, format: TReportFormat, estimate: number): Promise<TReportFile> {
  const me = userOf(ctx);
  const request: QueuedCdrExport = { kind: 'cdrs', criteria: c, format, portal: me.kind === 'staff' ? 'admin' : 'customer', estimate };
  return inTransaction(ctx, async (tx) => {
    const { file } = await insertFile(tx, {
      userId: me.userId,
      customerId: c.customerId,
      name: cdrFileName(c, format),
      format,
      request: request as unknown as Record<string, unknown>,
    });
    await enqueue(tx, cdrExportJob, { fileId: file.id });
    return fileView(tx, file);
  });
}

/** The whole of a stream in memory (a job's file, a scheduled report). */
export async function collect(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
