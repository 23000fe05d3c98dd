/**
 * Report PDFs (pdfkit, letter size, built-in Helvetica): the brand, the title, the scope and the
 * period with its days; each table paginated with its column header repeated on every page; each
 * chart's series drawn as a bar chart; 'Page N of M' at the foot of every page.
 *
 * A report's PDF is small: its pages are buffered and the footers written at the end. The CDR
 * export's can be long: it is streamed page by page, the page count worked out beforehand from the
 * number of rows (every row is one line of a fixed height).
 */
import PDFDocument from 'pdfkit';
import { type Cell, type CellKind, cellOf, type ReportColumn, type ReportTable, usDate } from './report-table.ts';

const PAGE = { width: 612, height: 792 };
const MARGIN = { top: 48, left: 48, right: 48, bottom: 60 };
const LEFT = MARGIN.left;
const RIGHT = PAGE.width - MARGIN.right;
const BOTTOM = PAGE.height - MARGIN.bottom;
const COLOR = { brand: '#1d4e89', text: '#1f2933', muted: '#6b7280', rule: '#d9dee5', headerFill: '#eef2f7' };
const BAR_COLORS = ['#1d7fd6', '#12a17a', '#9c36b5', '#e8590c'];
const FONT = { regular: 'Helvetica', bold: 'Helvetica-Bold' };
const TABLE_FONT = 8.5;
const ROW = 15;
const HEADER_ROW = 18;
const TITLE = 22;
const CELL_PAD = 5;
const CHART_HEIGHT = 150;
const HEADING_HEIGHT = 96;

type Doc = PDFKit.PDFDocument;

export interface PdfHeading {
  /** The provider's name (PORTAL_BRAND), as the invoices print it. */
  brand: string;
  title: string;
  /** 'Scope: …', 'Period: …' and the like, one a line. */
  lines: string[];
}

// ---------------------------------------------------------------------------------------------
// Cell text

const COUNT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const NUMBER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const MONEY = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const RATE = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 4, maximumFractionDigits: 4 });
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const pad2 = (n: number) => String(n).padStart(2, '0');

/** A duration in seconds as HH:MM:SS. */
export function hms(total: number): string {
  const s = Math.max(0, Math.round(total));
  return `${pad2(Math.floor(s / 3600))}:${pad2(Math.floor((s % 3600) / 60))}:${pad2(s % 60)}`;
}

/** How a value of a kind reads in the PDF: $1,234.50, 97.5%, 03/01/2026, Mar 2026, 00:02:05. */
export function formatValue(kind: CellKind, value: string | number | null): string {
  if (value === null) return '—';
  if (typeof value === 'string') {
    if (kind === 'date') return usDate(value);
    if (kind === 'month') {
      const m = /^(\d{4})-(\d{2})/.exec(value);
      return m ? `${MONTHS[Number(m[2]) - 1]} ${m[1]}` : value;
    }
    if (kind === 'datetime') {
      const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})/.exec(value);
      return m ? `${usDate(m[1] as string)} ${m[2]}` : value;
    }
    return value;
  }
  const z = (x: number) => (Math.abs(x) < 1e-9 ? 0 : x);
  switch (kind) {
    case 'count':
      return COUNT.format(z(value));
    case 'money':
      return MONEY.format(Math.abs(value) < 0.005 ? 0 : value);
    case 'rate':
      return RATE.format(Math.abs(value) < 0.00005 ? 0 : value);
    case 'percent':
      return `${NUMBER.format(z(value))}%`;
    case 'seconds':
      return `${NUMBER.format(z(value))} s`;
    case 'duration':
      return hms(value);
    case 'date':
    case 'month':
    case 'datetime': {
      const iso = new Date(value).toISOString();
      return formatValue(kind, kind === 'datetime' ? iso.replace('T', ' ') : iso.slice(0, 10));
    }
    default:
      return NUMBER.format(z(value));
  }
}

const cellText = (cell: Cell, column: ReportColumn) => {
  const { kind, value } = cellOf(cell, column);
  return formatValue(kind, value);
};

const rightAligned = (kind: CellKind) => kind !== 'text' && kind !== 'date' && kind !== 'month' && kind !== 'datetime';

// ---------------------------------------------------------------------------------------------
// Layout

function style(doc: Doc, font: string, size: number, color: string): void {
  doc.font(font).fontSize(size).fillColor(color);
}

/** One line of text at (x, y), never wrapped and never starting a page. */
function textAt(doc: Doc, text: string, x: number, y: number, font = FONT.regular, size = 10, color = COLOR.text): void {
  if (!text) return;
  style(doc, font, size, color);
  doc.text(text, x, y, { lineBreak: false });
}

function textRight(doc: Doc, text: string, right: number, y: number, font = FONT.regular, size = 10, color = COLOR.text): void {
  if (!text) return;
  style(doc, font, size, color);
  doc.text(text, right - doc.widthOfString(text), y, { lineBreak: false });
}

/** The text cut to fit `width` points (an ellipsis marks the cut) in the current font. */
function fit(doc: Doc, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (doc.widthOfString(`${text.slice(0, mid)}…`) <= width) lo = mid;
    else hi = mid - 1;
  }
  return `${text.slice(0, lo)}…`;
}

function rule(doc: Doc, y: number, color = COLOR.rule, width = 0.5, from = LEFT, to = RIGHT): void {
  doc.save().moveTo(from, y).lineTo(to, y).lineWidth(width).strokeColor(color).stroke().restore();
}

/** Column edges across the page, by relative width. */
function edges(columns: ReportColumn[]): { left: number; right: number }[] {
  const total = columns.reduce((s, c) => s + (c.width ?? 1), 0);
  let x = LEFT;
  return columns.map((c) => {
    const w = ((RIGHT - LEFT) * (c.width ?? 1)) / total;
    const e = { left: x, right: x + w };
    x += w;
    return e;
  });
}

/** How many table rows fit on a page below `top` (under a title and the column header). */
const rowsBelow = (top: number) => Math.floor((BOTTOM - top - TITLE - HEADER_ROW) / ROW);

/** The pages a single table of `rows` rows takes after the heading (the CDR export's layout). */
export function pagesFor(rows: number): number {
  const first = rowsBelow(MARGIN.top + HEADING_HEIGHT);
  if (rows <= first) return 1;
  return 1 + Math.ceil((rows - first) / rowsBelow(MARGIN.top));
}

/** Lays a report out page by page; `y` is where the next thing goes on the current page. */
export class PdfLayout {
  private y = MARGIN.top;
  private page = 1;

  /** `totalPages`: known beforehand (streamed: each footer is written as its page ends); else buffered and written by finish(). */
  constructor(
    readonly doc: Doc,
    private readonly heading: PdfHeading,
    private readonly totalPages: number | null = null,
  ) {}

  /** The brand, the title and the lines under it, on the first page. */
  writeHeading(): void {
    const { doc, heading } = this;
    const top = MARGIN.top;
    textAt(doc, heading.brand, LEFT, top, FONT.bold, 18, COLOR.brand);
    textRight(doc, heading.title, RIGHT, top + 2, FONT.bold, 16, COLOR.text);
    rule(doc, top + 28, COLOR.brand, 1.5);
    let y = top + 38;
    for (const line of heading.lines.slice(0, 4)) {
      textAt(doc, fit(doc, line, RIGHT - LEFT), LEFT, y, FONT.regular, 9.5, COLOR.text);
      y += 13;
    }
    this.y = top + HEADING_HEIGHT;
  }

  private newPage(): void {
    if (this.totalPages !== null) this.footer(this.page, this.totalPages);
    this.doc.addPage();
    this.page++;
    this.y = MARGIN.top;
  }

  private fits(height: number): boolean {
    return this.y + height <= BOTTOM;
  }

  private tableTitle(title: string, continued: boolean): void {
    textAt(this.doc, continued ? `${title} (continued)` : title, LEFT, this.y + 4, FONT.bold, 11, COLOR.brand);
    this.y += TITLE;
  }

  private columnHeader(columns: ReportColumn[], at: { left: number; right: number }[]): void {
    const { doc } = this;
    doc
      .save()
      .rect(LEFT, this.y, RIGHT - LEFT, HEADER_ROW)
      .fill(COLOR.headerFill)
      .restore();
    columns.forEach((c, i) => {
      const e = at[i] as { left: number; right: number };
      style(doc, FONT.bold, TABLE_FONT, COLOR.text);
      const label = fit(doc, c.label, e.right - e.left - 2 * CELL_PAD);
      if (rightAligned(c.kind)) textRight(doc, label, e.right - CELL_PAD, this.y + 5, FONT.bold, TABLE_FONT);
      else textAt(doc, label, e.left + CELL_PAD, this.y + 5, FONT.bold, TABLE_FONT);
    });
    this.y += HEADER_ROW;
  }

  /**
   * A table, its rows from any source (an array, or the CDR export's keyset chunks): a new page
   * when the next row does not fit, with the title '(continued)' and the column header again.
   */
  async table(title: string, columns: ReportColumn[], rows: Iterable<Cell[]> | AsyncIterable<Cell[]>): Promise<number> {
    const { doc } = this;
    const at = edges(columns);
    if (!this.fits(TITLE + HEADER_ROW + ROW)) this.newPage();
    this.tableTitle(title, false);
    this.columnHeader(columns, at);
    let n = 0;
    for await (const row of rows) {
      if (!this.fits(ROW)) {
        this.newPage();
        this.tableTitle(title, true);
        this.columnHeader(columns, at);
      }
      columns.forEach((c, i) => {
        const e = at[i] as { left: number; right: number };
        style(doc, FONT.regular, TABLE_FONT, COLOR.text);
        const text = fit(doc, cellText(row[i] ?? null, c), e.right - e.left - 2 * CELL_PAD);
        if (rightAligned(cellOf(row[i] ?? null, c).kind)) textRight(doc, text, e.right - CELL_PAD, this.y + 4, FONT.regular, TABLE_FONT);
        else textAt(doc, text, e.left + CELL_PAD, this.y + 4, FONT.regular, TABLE_FONT);
      });
      this.y += ROW;
      rule(doc, this.y);
      n++;
    }
    if (n === 0) {
      textAt(doc, 'No data found matching your search criteria', LEFT + CELL_PAD, this.y + 4, FONT.regular, TABLE_FONT, COLOR.muted);
      this.y += ROW;
    }
    this.y += 10;
    return n;
  }

  /**
   * A chart's series as bars: one bar per bucket (its numeric columns stacked, or side by side),
   * the y axis from 0 to the largest bar with three labels, the x axis with as many bucket labels
   * as fit (always the first and the last), and a legend for several series.
   */
  chart(table: ReportTable): void {
    const { doc } = this;
    const series = table.columns.map((c, i) => ({ c, i })).filter(({ c, i }) => i > 0 && c.kind !== 'text' && c.kind !== 'percent');
    if (!series.length || !table.rows.length) return;
    const height = TITLE + CHART_HEIGHT + 34;
    if (!this.fits(height)) this.newPage();
    textAt(doc, `${table.title} (chart)`, LEFT, this.y + 4, FONT.bold, 11, COLOR.brand);
    this.y += TITLE;
    const num = (row: Cell[], i: number) => {
      const v = cellOf(row[i] ?? null, table.columns[i] as ReportColumn).value;
      return typeof v === 'number' && v > 0 ? v : 0;
    };
    const stacked = table.chart?.stacked ?? false;
    const totals = table.rows.map((row) => series.map(({ i }) => num(row, i)));
    const max = Math.max(...totals.map((vs) => (stacked ? vs.reduce((s, v) => s + v, 0) : Math.max(...vs))), 0);
    const kind = (series[0] as { c: ReportColumn }).c.kind;
    const axisWidth = 58;
    const plot = { left: LEFT + axisWidth, right: RIGHT, top: this.y + 6, bottom: this.y + CHART_HEIGHT - 18 };
    // y axis: 0, half and the maximum
    for (const f of [0, 0.5, 1]) {
      const y = plot.bottom - (plot.bottom - plot.top) * f;
      rule(doc, y, f === 0 ? COLOR.muted : COLOR.rule, f === 0 ? 0.75 : 0.5, plot.left, plot.right);
      textRight(doc, formatValue(kind, max * f), plot.left - 4, y - 3.5, FONT.regular, 7, COLOR.muted);
    }
    const slot = (plot.right - plot.left) / table.rows.length;
    const barWidth = stacked || series.length === 1 ? slot * 0.7 : (slot * 0.8) / series.length;
    table.rows.forEach((row, b) => {
      let base = plot.bottom;
      series.forEach((s, k) => {
        const v = num(row, s.i);
        if (v <= 0 || max <= 0) return;
        const h = ((plot.bottom - plot.top) * v) / max;
        const x = stacked || series.length === 1 ? plot.left + slot * b + slot * 0.15 : plot.left + slot * b + slot * 0.1 + barWidth * k;
        const top = stacked ? base - h : plot.bottom - h;
        doc
          .save()
          .rect(x, top, Math.max(0.5, barWidth), h)
          .fill(BAR_COLORS[k % BAR_COLORS.length] as string)
          .restore();
        if (stacked) base -= h;
      });
    });
    // x axis: labels every `every` buckets, and the last
    const firstColumn = table.columns[0] as ReportColumn;
    // days as MM/DD (the heading gives the year), months as 'Mar 2026'
    const labelOf = (row: Cell[]) => {
      const text = cellText(row[0] ?? null, firstColumn);
      return cellOf(row[0] ?? null, firstColumn).kind === 'date' ? text.slice(0, 5) : text;
    };
    style(doc, FONT.regular, 7, COLOR.muted);
    const labelWidth = doc.widthOfString(labelOf(table.rows[0] as Cell[])) + 6;
    const every = Math.max(1, Math.ceil(labelWidth / slot));
    table.rows.forEach((row, b) => {
      const last = b === table.rows.length - 1;
      if (b % every !== 0 && !last) return;
      if (!last && b + every > table.rows.length - 1 && table.rows.length - 1 - b < every) return;
      const text = labelOf(row);
      const center = plot.left + slot * b + slot / 2;
      textAt(
        doc,
        text,
        Math.min(RIGHT - doc.widthOfString(text), Math.max(plot.left, center - doc.widthOfString(text) / 2)),
        plot.bottom + 4,
        FONT.regular,
        7,
        COLOR.muted,
      );
    });
    // legend
    let x = plot.left;
    const legendY = plot.bottom + 16;
    series.forEach((s, k) => {
      doc
        .save()
        .rect(x, legendY + 1, 8, 8)
        .fill(BAR_COLORS[k % BAR_COLORS.length] as string)
        .restore();
      textAt(doc, s.c.label, x + 11, legendY, FONT.regular, 8, COLOR.text);
      style(doc, FONT.regular, 8, COLOR.text);
      x += 11 + doc.widthOfString(s.c.label) + 14;
    });
    this.y += CHART_HEIGHT + 24;
  }

  private footer(page: number, of: number): void {
    const { doc } = this;
    const bottomMargin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = PAGE.height - MARGIN.bottom + 26;
    rule(doc, y - 8);
    textAt(doc, this.heading.brand, LEFT, y, FONT.regular, 8, COLOR.muted);
    const middle = fit(doc, this.heading.title, 260);
    style(doc, FONT.regular, 8, COLOR.muted);
    textAt(doc, middle, PAGE.width / 2 - doc.widthOfString(middle) / 2, y, FONT.regular, 8, COLOR.muted);
    textRight(doc, `Page ${page} of ${of}`, RIGHT, y, FONT.regular, 8, COLOR.muted);
    doc.page.margins.bottom = bottomMargin;
  }

  /** The footers: on the last page (streamed), or on every buffered page. */
  finish(): void {
    if (this.totalPages !== null) {
      this.footer(this.page, Math.max(this.totalPages, this.page));
      return;
    }
    const range = this.doc.bufferedPageRange();
    for (let i = 0; i < range.count; i++) {
      this.doc.switchToPage(range.start + i);
      this.footer(i + 1, range.count);
    }
  }
}

export function pdfDocument(heading: PdfHeading, buffered: boolean): Doc {
  return new PDFDocument({
    size: 'LETTER',
    margins: MARGIN,
    bufferPages: buffered,
    lang: 'en-US',
    displayTitle: true,
    info: { Title: heading.title, Author: heading.brand },
  });
}

/** A report's PDF: the heading, then each table (a chart's series as bars, then as a table). */
export async function writeReportPdf(tables: ReportTable[], heading: PdfHeading): Promise<Doc> {
  const doc = pdfDocument(heading, true);
  const layout = new PdfLayout(doc, heading);
  layout.writeHeading();
  for (const table of tables) {
    if (table.chart) layout.chart(table);
    await layout.table(table.title, table.columns, table.rows);
  }
  layout.finish();
  doc.end();
  return doc;
}
