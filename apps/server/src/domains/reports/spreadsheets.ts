/**
 * A report's tables as CSV (raw values) or Excel (typed, formatted cells, one sheet per table,
 * streamed with exceljs's writer).
 */
import type { Writable } from 'node:stream';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import { formulaSafe } from '../../lib/export.ts';
import { type Cell, type CellKind, cellOf, type ReportColumn, type ReportTable } from './report-table.ts';

// ---------------------------------------------------------------------------------------------
// Cells

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
