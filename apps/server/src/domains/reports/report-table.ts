/**
 * A report file's parts: tables of typed cells (what a tab of the Reports screen shows, render.ts),
 * the file's name, title and period line. The CSV and Excel writers (spreadsheets.ts) and the PDF
 * (pdf.ts) write these tables.
 */
import type { TReport, TReportFormat, TReportTab } from '@portal/contract/reports';

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

/** A day as the instant Excel reads as that calendar day (UTC midnight: no zone moves it). */
export const dayValue = (day: string): number => Date.parse(`${day}T00:00:00Z`);

/** A cell's kind and value: its own, else its column's. */
export function cellOf(cell: Cell, column: ReportColumn): { kind: CellKind; value: string | number | null } {
  if (cell !== null && typeof cell === 'object') return { kind: cell.kind, value: cell.value };
  return { kind: column.kind, value: cell };
}
