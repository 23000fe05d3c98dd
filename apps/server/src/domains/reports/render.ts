/**
 * The files of a report: exactly what a tab of the Reports screen shows (its tiles as a "Figures"
 * table, its charts' series, its tables), as CSV (raw values), Excel (typed, formatted cells, one
 * sheet per table) or PDF (pdf.ts). Pure functions of a report: no database, no HTTP.
 */
import type { Writable } from 'node:stream';
import type { TReport, TReportFormat, TReportTab, TTrend } from '@portal/contract/reports';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import { formulaSafe } from '../../lib/export.ts';

/** How a cell's number reads: it decides the Excel format and the PDF's text. */
export type CellKind = 'text' | 'count' | 'number' | 'money' | 'rate' | 'percent' | 'seconds' | 'duration' | 'date' | 'datetime' | 'month';

/** A cell: text, a number (read as its column's kind), nothing, or a number of its own kind (the Figures table mixes kinds). */
export type Cell = string | number | null | { value: number | null; kind: CellKind };

export interface ReportColumn {
  label: string;
  kind: CellKind;
  /** Relative width in the PDF (default 1). */
  width?: number;
}

export interface ReportTable {
  title: string;
  columns: ReportColumn[];
  rows: Cell[][];
  /** A chart's series: the PDF draws its numeric columns as bars (stacked when `stacked`). */
  chart?: { stacked: boolean };
}

export const FORMAT_EXTENSIONS: Record<TReportFormat, string> = { csv: 'csv', xlsx: 'xlsx', pdf: 'pdf' };
export const FORMAT_CONTENT_TYPES: Record<TReportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};

/** The tab's name as the screen's tabs read (the admin's names for the staff tabs). */
export const TAB_TITLES: Record<TReportTab, string> = {
  overview: 'Overview',
  sms: 'SMS',
  voice: 'Voice',
  numbers: 'Numbers',
  revenue: 'Revenue Analysis',
  usage: 'Usage Metrics',
  performance: 'Performance',
};
export const STAFF_TABS: readonly TReportTab[] = ['revenue', 'usage', 'performance'];

/** The file's name: report-<tab>-<start>-<end>.<ext>. */
export const reportFileName = (report: TReport, tab: TReportTab, format: TReportFormat) =>
  `report-${tab}-${report.period.startDate}-${report.period.endDate}.${FORMAT_EXTENSIONS[format]}`;

export const reportTitle = (tab: TReportTab) => `${TAB_TITLES[tab]} Report`;

/** 'YYYY-MM-DD' as MM/DD/YYYY (read as text: no time zone can move the day). */
export function usDate(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return m ? `${m[2]}/${m[3]}/${m[1]}` : day;
}

/** The period as the charts' titles name it: 'Last 30 Days', or a custom range's days. */
export const periodName = (report: TReport) =>
  report.period.period === 'custom' ? `${usDate(report.period.startDate)} - ${usDate(report.period.endDate)}` : report.period.label;

/** The period with its days: 'Last 30 Days (03/01/2026 - 03/30/2026)'. */
export const periodLine = (report: TReport) =>
  report.period.period === 'custom'
    ? `Custom Range (${periodName(report)})`
    : `${report.period.label} (${usDate(report.period.startDate)} - ${usDate(report.period.endDate)})`;

// ---------------------------------------------------------------------------------------------
// What each tab shows

const SERVICE_LABELS = { all: 'All services', sms: 'SMS', voice: 'Voice', numbers: 'Numbers' } as const;

/** The report's particulars (the first table of CSV and Excel files; the PDF prints them as its heading). */
export function reportInfo(report: TReport, tab: TReportTab): ReportTable {
  return {
    title: 'Report',
    columns: [
      { label: 'Field', kind: 'text' },
      { label: 'Value', kind: 'text', width: 3 },
    ],
    rows: [
      ['Report', reportTitle(tab)],
      ['Scope', report.scope],
      ['Period', report.period.label],
      ['Start Date', { value: dayValue(report.period.startDate), kind: 'date' }],
      ['End Date', { value: dayValue(report.period.endDate), kind: 'date' }],
      ['Time Zone', report.period.timeZone],
      ['Service', SERVICE_LABELS[report.service]],
    ],
  };
}

const FIGURE_COLUMNS: ReportColumn[] = [
  { label: 'Figure', kind: 'text', width: 2 },
  { label: 'Value', kind: 'number' },
  { label: 'Previous', kind: 'number' },
  { label: 'Change', kind: 'percent' },
];

type Figure = [label: string, kind: CellKind, value: TTrend | number | string | null];

/** The tiles of a tab: each figure with its previous period's value and the change (percent) when it has a trend. */
function figures(rows: Figure[]): ReportTable {
  return {
    title: 'Figures',
    columns: FIGURE_COLUMNS,
    rows: rows.map(([label, kind, v]) => {
      if (v === null || typeof v === 'string') return [label, v, null, null];
      if (typeof v === 'number') return [label, { value: v, kind }, null, null];
      return [label, { value: v.value, kind }, { value: v.previous, kind }, v.change];
    }),
  };
}

/** A chart's buckets: days, or months for periods beyond 90 days. */
function seriesTable(
  report: TReport,
  title: string,
  columns: { label: string; kind: CellKind; of: (p: TReport['series'][number]) => number }[],
  stacked: boolean,
): ReportTable {
  const month = report.bucket === 'month';
  return {
    title,
    columns: [{ label: month ? 'Month' : 'Date', kind: month ? 'month' : 'date' }, ...columns.map(({ label, kind }) => ({ label, kind }))],
    rows: report.series.map((p) => [p.date, ...columns.map((c) => c.of(p))]),
    chart: { stacked },
  };
}

function costSeries(report: TReport) {
  const all = [
    { label: 'SMS', kind: 'money' as const, service: 'sms', of: (p: TReport['series'][number]) => p.smsCost },
    { label: 'Voice', kind: 'money' as const, service: 'voice', of: (p: TReport['series'][number]) => p.voiceCost },
    { label: 'Numbers', kind: 'money' as const, service: 'numbers', of: (p: TReport['series'][number]) => p.numbersCost },
  ];
  return all.filter((s) => report.service === 'all' || s.service === report.service);
}

const messageActivity = (report: TReport) =>
  seriesTable(
    report,
    `Message Activity - ${periodName(report)}`,
    [
      { label: 'Delivered', kind: 'count', of: (p) => p.smsDelivered },
      { label: 'Failed', kind: 'count', of: (p) => p.smsFailed },
    ],
    true,
  );

const callActivity = (report: TReport) =>
  seriesTable(
    report,
    `Call Activity - ${periodName(report)}`,
    [
      { label: 'Completed', kind: 'count', of: (p) => p.callsCompleted },
      { label: 'Failed', kind: 'count', of: (p) => p.callsFailed },
    ],
    true,
  );

const shareTable = (
  title: string,
  what: string,
  rows: { name: string; amount: number; percent: number }[],
  kind: CellKind,
): ReportTable => ({
  title,
  columns: [
    { label: what, kind: 'text' },
    { label: kind === 'money' ? (title.startsWith('Revenue') ? 'Revenue' : 'Cost') : 'Count', kind },
    { label: 'Share', kind: 'percent' },
  ],
  rows: rows.map((r) => [r.name, r.amount, r.percent]),
});

/**
 * The tables a tab shows, in the screen's order: the tiles as "Figures", then each chart's series
 * and each table. Staff tabs (revenue, usage, performance) need the analytics: none without.
 */
export function reportTables(report: TReport, tab: TReportTab): ReportTable[] {
  const staff = report.analytics !== null;
  const o = report.overview;
  switch (tab) {
    case 'overview': {
      const costs = costSeries(report);
      return [
        figures([
          [staff ? 'Total Revenue' : 'Total Spend', 'money', o.totalSpend],
          ['SMS Delivery Rate', 'percent', o.smsDeliveryRate],
          ['Voice ASR', 'percent', o.voiceAsr],
          ['Average Latency', 'seconds', o.averageLatency],
        ]),
        seriesTable(report, 'Usage Trends', costs, true),
        shareTable(
          'Service Breakdown',
          'Service',
          o.breakdown.map((b) => ({ name: b.service, amount: b.cost, percent: b.percent })),
          'money',
        ),
        {
          title: 'Usage Detail',
          columns: [
            { label: 'Service Type', kind: 'text' },
            { label: 'Volume', kind: 'count' },
            { label: staff ? 'Revenue' : 'Cost', kind: 'money' },
            { label: 'Status', kind: 'text' },
            { label: 'Date', kind: 'date' },
          ],
          rows: o.usageDetail.map((r) => [r.service, r.volume, r.cost, r.status, r.date]),
        },
      ];
    }
    case 'sms': {
      const s = report.sms;
      return [
        figures([
          ['Messages Sent', 'count', s.messagesSent],
          ['SMS Costs', 'money', s.smsCosts],
          ['Delivery Rate', 'percent', s.deliveryRate],
          ['Avg. Latency', 'seconds', s.averageLatency],
          ['Delivered', 'count', s.delivered],
          ['Delivered (% of outbound)', 'percent', s.deliveredPercent],
          ['Failed', 'count', s.failed],
          ['Failed (% of outbound)', 'percent', s.failedPercent],
          ['Opt-out Rate', 'percent', s.optOutRate],
          ['Opt-outs', 'count', s.optOuts],
          ['Conversion Rate', 'percent', s.conversionRate],
          ['Replies', 'count', s.inbound],
        ]),
        messageActivity(report),
      ];
    }
    case 'voice': {
      const v = report.voice;
      return [
        figures([
          ['Calls Completed', 'count', v.callsCompleted],
          ['Call Duration (minutes)', 'number', v.callDuration],
          ['Voice Costs', 'money', v.voiceCosts],
          ['Answer Success Rate', 'percent', v.answerSuccessRate],
          ['Avg. Call Time (seconds)', 'number', v.averageCallTime],
          ['Failed Calls', 'count', v.failedCalls],
          ['International Calls', 'count', v.internationalCalls],
          ['Total Calls', 'count', v.totalCalls],
          ['Inbound Calls', 'count', v.inboundCalls],
        ]),
        seriesTable(report, 'Call Volume Trend', [{ label: 'Calls', kind: 'count', of: (p) => p.calls }], false),
        callActivity(report),
      ];
    }
    case 'numbers': {
      const n = report.numbers;
      return [
        figures([
          ['Active Numbers', 'count', n.activeNumbers],
          ['Monthly Fees', 'money', n.monthlyFees],
          ['Number Fees Billed', 'money', n.numberCosts],
          ['Number Utilization', 'percent', n.utilization],
          ['Porting in Progress', 'count', n.portingInProgress],
          ['Most Active Number', 'text', n.mostActiveNumber?.number ?? 'None'],
          ['Most Active Number (calls and messages)', 'count', n.mostActiveNumber?.activity ?? 0],
        ]),
        shareTable(
          'Usage by Type',
          'Type',
          n.byType.map((t) => ({ name: t.type, amount: t.count, percent: t.percent })),
          'count',
        ),
        seriesTable(report, 'Number Fees', [{ label: 'Number fees', kind: 'money', of: (p) => p.numbersCost }], false),
      ];
    }
    case 'revenue': {
      const a = report.analytics;
      if (!a) return [];
      return [
        figures([['Total Revenue', 'money', o.totalSpend]]),
        shareTable(
          'Revenue by Service',
          'Service',
          a.revenueByService.map((s) => ({ name: s.service, amount: s.cost, percent: s.percent })),
          'money',
        ),
        {
          title: 'Revenue Growth',
          columns: [
            { label: 'Month', kind: 'month' },
            { label: 'Revenue', kind: 'money' },
            { label: 'Growth', kind: 'percent' },
          ],
          rows: a.revenueGrowth.map((g) => [`${g.month}-01`, g.revenue, g.growth]),
          chart: { stacked: false },
        },
        {
          title: 'Detailed Report',
          columns: [
            { label: 'Customer', kind: 'text', width: 2.4 },
            { label: 'Service', kind: 'text' },
            { label: 'Volume', kind: 'count' },
            { label: 'Revenue', kind: 'money' },
            { label: 'ASR', kind: 'percent' },
            { label: 'Date', kind: 'date' },
          ],
          rows: a.detail.map((r) => [r.customer, r.service, r.volume, r.revenue, r.asr, r.date]),
        },
      ];
    }
    case 'usage': {
      const a = report.analytics;
      if (!a) return [];
      return [
        figures([
          ['Messages', 'count', a.usageTotals.messages],
          ['Calls', 'count', a.usageTotals.calls],
          ['Minutes', 'count', a.usageTotals.minutes],
          ['Active Numbers', 'count', a.usageTotals.numbers],
          ['Opt-out Rate', 'percent', a.optOutRate],
          ['Opt-outs', 'count', report.sms.optOuts],
        ]),
        {
          title: 'Top 5 Customers',
          columns: [
            { label: '#', kind: 'count', width: 0.4 },
            { label: 'Customer', kind: 'text', width: 2.6 },
            { label: 'Revenue', kind: 'money' },
            { label: 'Share', kind: 'percent' },
          ],
          rows: a.topCustomers.map((c, i) => [i + 1, c.customer, c.revenue, c.share]),
        },
        messageActivity(report),
        callActivity(report),
      ];
    }
    case 'performance': {
      const a = report.analytics;
      if (!a) return [];
      return [
        figures([
          ['SMS Delivery Rate', 'percent', o.smsDeliveryRate],
          ['Voice ASR', 'percent', o.voiceAsr],
          ['Average Latency', 'seconds', o.averageLatency],
          ['Failed Calls', 'count', report.voice.failedCalls],
          ['Total Calls', 'count', report.voice.totalCalls],
        ]),
        {
          title: 'Performance by Region',
          columns: [
            { label: 'Region', kind: 'text', width: 1.6 },
            { label: 'Customers', kind: 'count' },
            { label: 'Calls', kind: 'count' },
            { label: 'ASR', kind: 'percent' },
            { label: 'Messages', kind: 'count' },
            { label: 'Delivery Rate', kind: 'percent' },
            { label: 'Revenue', kind: 'money' },
          ],
          rows: a.byRegion.map((r) => [r.region, r.customers, r.calls, r.asr, r.messages, r.deliveryRate, r.revenue]),
        },
        {
          title: 'System Health',
          columns: [
            { label: 'Service', kind: 'text', width: 2 },
            { label: 'Status', kind: 'text', width: 1.6 },
            { label: 'Uptime', kind: 'percent' },
          ],
          rows: a.systemHealth.map((s) => [s.serviceName, s.status, s.uptime]),
        },
      ];
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Cells

/** A day as the instant Excel reads as that calendar day (UTC midnight: no zone moves it). */
export const dayValue = (day: string): number => Date.parse(`${day}T00:00:00Z`);

/** A cell's kind and value: its own, else its column's. */
export function cellOf(cell: Cell, column: ReportColumn): { kind: CellKind; value: string | number | null } {
  if (cell !== null && typeof cell === 'object') return { kind: cell.kind, value: cell.value };
  return { kind: column.kind, value: cell };
}

/** The raw value a CSV carries: numbers as they are, days as YYYY-MM-DD, months as YYYY-MM. */
function rawValue(cell: Cell, column: ReportColumn): string | number | null {
  const { kind, value } = cellOf(cell, column);
  if (value === null) return null;
  if (typeof value === 'number' && (kind === 'date' || kind === 'month')) {
    const iso = new Date(value).toISOString();
    return kind === 'month' ? iso.slice(0, 7) : iso.slice(0, 10);
  }
  if (typeof value === 'string' && kind === 'month') return value.slice(0, 7);
  return value;
}

const EXCEL_FORMATS: Record<CellKind, string | undefined> = {
  text: undefined,
  count: '#,##0',
  number: '#,##0.0#',
  money: '"$"#,##0.00',
  rate: '"$"#,##0.0000',
  percent: '0.0%',
  seconds: '0.00" s"',
  duration: '[h]:mm:ss',
  date: 'yyyy-mm-dd',
  datetime: 'yyyy-mm-dd hh:mm:ss',
  month: 'mmm yyyy',
};

/** A cell as Excel stores it: numbers as numbers (percent as a fraction), days as dates, durations as days. */
export function excelCell(cell: Cell, column: ReportColumn): { value: string | number | Date | null; numFmt?: string } {
  const { kind, value } = cellOf(cell, column);
  const numFmt = EXCEL_FORMATS[kind];
  if (value === null) return { value: null };
  if (kind === 'text') return { value: String(value) };
  if (kind === 'date' || kind === 'month' || kind === 'datetime') {
    const at =
      typeof value === 'number' ? new Date(value) : new Date(kind === 'datetime' ? `${value.replace(' ', 'T')}Z` : `${value}T00:00:00Z`);
    return Number.isNaN(at.getTime()) ? { value: String(value) } : { value: at, ...(numFmt ? { numFmt } : {}) };
  }
  if (typeof value === 'string') return { value };
  if (kind === 'percent') return { value: value / 100, ...(numFmt ? { numFmt } : {}) };
  if (kind === 'duration') return { value: value / 86_400, ...(numFmt ? { numFmt } : {}) };
  return { value, ...(numFmt ? { numFmt } : {}) };
}

// ---------------------------------------------------------------------------------------------
// CSV

/** The CSV writer of every report file: formula escaping (lib/export.ts's rule) and Windows line ends, as the list exports. */
export function csvWriter() {
  return stringify({
    record_delimiter: 'windows',
    cast: { string: formulaSafe, date: (d) => d.toISOString(), boolean: (b) => (b ? 'true' : 'false') },
  });
}

/** The report as CSV: its particulars, then each table under a title row, a blank line between tables. Raw values. */
export function writeReportCsv(tables: ReportTable[], out: Writable): void {
  const csv = csvWriter();
  csv.pipe(out);
  tables.forEach((table, i) => {
    if (i > 0) csv.write([]);
    csv.write([table.title]);
    csv.write(table.columns.map((c) => c.label));
    for (const row of table.rows) csv.write(table.columns.map((c, j) => rawValue(row[j] ?? null, c)));
  });
  csv.end();
}

// ---------------------------------------------------------------------------------------------
// Excel

/** A worksheet's name: at most 31 characters, none of : \ / ? * [ ], unique in the workbook. */
export function sheetName(title: string, taken: Set<string>): string {
  const base =
    title
      .replace(/[:\\/?*[\]]/g, ' ')
      .slice(0, 31)
      .trim() || 'Sheet';
  let name = base;
  for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base.slice(0, 31 - String(n).length - 1)} ${n}`;
  taken.add(name.toLowerCase());
  return name;
}

const columnWidth = (column: ReportColumn) =>
  Math.max(column.label.length + 2, column.kind === 'text' ? 24 : column.kind === 'datetime' ? 20 : 14) * (column.width ?? 1) ** 0.5;

/** Adds a sheet with a bold, frozen header row and formatted columns; returns it to add rows to. */
export function addSheet(workbook: ExcelJS.stream.xlsx.WorkbookWriter, name: string, columns: ReportColumn[]) {
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c, i) => ({
    key: String(i),
    width: Math.round(columnWidth(c)),
    ...(EXCEL_FORMATS[c.kind] ? { style: { numFmt: EXCEL_FORMATS[c.kind] as string } } : {}),
  }));
  const header = sheet.addRow(columns.map((c) => c.label));
  header.font = { bold: true };
  header.commit();
  return sheet;
}

/**
 * Adds one row of cells, typed and formatted, and writes it out (a streaming sheet keeps no rows).
 * A cell takes its column's format; only a cell of another kind (the Figures table) gets its own.
 */
export function addExcelRow(sheet: ExcelJS.Worksheet, columns: ReportColumn[], cells: Cell[]): void {
  const values: (string | number | Date | null)[] = [];
  const own: { i: number; numFmt: string }[] = [];
  columns.forEach((column, i) => {
    const { value, numFmt } = excelCell(cells[i] ?? null, column);
    values.push(value);
    if (value !== null && numFmt && numFmt !== EXCEL_FORMATS[column.kind]) own.push({ i, numFmt });
  });
  const row = sheet.addRow(values);
  for (const { i, numFmt } of own) row.getCell(i + 1).numFmt = numFmt;
  row.commit();
}

/** The stream exceljs pipes a streaming sheet's XML into (a readable-stream v2 PassThrough in front of the zip). */
interface SheetPipe {
  _writableState?: { length: number };
  destroyed?: boolean;
  once(event: 'drain', listener: () => void): unknown;
  removeListener(event: 'drain', listener: () => void): unknown;
}

/**
 * Waits while more than `limit` bytes of a streaming sheet's XML wait for the zip. exceljs writes
 * rows into the zip without heeding backpressure, so a producer that does not wait here piles the
 * whole sheet up in memory whenever the compression or the reader is slower than the rows.
 */
export async function sheetCaughtUp(sheet: ExcelJS.Worksheet, limit = 1 << 20): Promise<void> {
  const pipes = (sheet as unknown as { stream?: { pipes?: SheetPipe[] } }).stream?.pipes ?? [];
  for (const pipe of pipes) {
    while (!pipe.destroyed && (pipe._writableState?.length ?? 0) > limit) {
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          pipe.removeListener('drain', done);
          resolve();
        };
        const timer = setTimeout(done, 50);
        pipe.once('drain', done);
      });
    }
  }
}

export function excelWorkbook(out: Writable, creator: string): ExcelJS.stream.xlsx.WorkbookWriter {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.creator = creator;
  workbook.created = new Date();
  return workbook;
}

/** The report as a workbook streamed into `out`: one sheet per table, each committed before the next. */
export async function writeReportXlsx(tables: ReportTable[], out: Writable, creator: string): Promise<void> {
  const workbook = excelWorkbook(out, creator);
  const taken = new Set<string>();
  for (const table of tables) {
    const sheet = addSheet(workbook, sheetName(table.title, taken), table.columns);
    for (const row of table.rows) addExcelRow(sheet, table.columns, row);
    sheet.commit();
  }
  await workbook.commit();
}
