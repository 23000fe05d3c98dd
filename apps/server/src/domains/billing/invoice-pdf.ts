/**
 * The branded invoice as a PDF (pdfkit, letter size, built-in Helvetica only): a header with the
 * provider's brand, the number (or DRAFT), the dates and the bill-to block; a table per section that
 * paginates, repeating its column header on every new page; the totals; and a footer on every page
 * with 'Page N of M' and the payment terms (written at the end, over the buffered pages).
 */
import PDFDocument from 'pdfkit';

/** One charge on the invoice: figures in USD, the amount already computed by billing. */
export interface InvoicePdfLine {
  description: string;
  quantity: number;
  unitPrice: number;
  amount: number;
}

/** Everything the PDF shows; dates are 'YYYY-MM-DD' strings, printed as MM/DD/YYYY without any time zone. */
export interface InvoicePdfData {
  /** The provider's name in the header, e.g. 'Acme Voice'. */
  brand: string;
  /** Null while a draft: the PDF prints 'DRAFT' in its place. */
  invoiceNumber: string | null;
  /** Draft, Due, Paid, Overdue or Void (Void adds a 'VOID' mark across every page). */
  status: string;
  issueDate: string;
  dueDate: string | null;
  periodStart: string | null;
  periodEnd: string | null;
  billTo: { name: string; contact: string | null; email: string | null; addressLines: string[] };
  /** The sub-account the invoice is for, when one. */
  accountName: string | null;
  /** The charges by kind, e.g. 'Voice usage', 'Messaging usage', 'Number fees', 'Services'. */
  sections: { title: string; lines: InvoicePdfLine[] }[];
  subtotal: number;
  total: number;
  amountPaid: number;
  balanceDue: number;
  /** E.g. 'Net 30'. */
  paymentTerms: string;
  currency: 'USD';
}

const MONEY = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const UNIT_PRICE = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 4,
});
const QUANTITY = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** $1,234.50; a value that rounds to zero prints as $0.00, never -$0.00. */
export function formatMoney(value: number): string {
  return MONEY.format(Math.abs(value) < 0.005 ? 0 : value);
}

/** A unit price with 2 to 4 decimals: $0.0075, $1.25. */
export function formatUnitPrice(value: number): string {
  return UNIT_PRICE.format(Math.abs(value) < 0.00005 ? 0 : value);
}

/** Thousands separators, up to 2 decimals when fractional: 12,345 and 1,234.5. */
export function formatQuantity(value: number): string {
  return QUANTITY.format(Math.abs(value) < 0.005 ? 0 : value);
}

/** 'YYYY-MM-DD' as MM/DD/YYYY, read as text so no time zone can shift the day; anything else is printed as given. */
export function formatDate(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  return m ? `${m[2]}/${m[3]}/${m[1]}` : value;
}

// Letter: 612 x 792 points. The footer lives inside the bottom margin.
const PAGE = { width: 612, height: 792 };
const MARGIN = { top: 50, left: 50, right: 50, bottom: 68 };
const LEFT = MARGIN.left;
const RIGHT = PAGE.width - MARGIN.right;
const COLOR = {
  brand: '#1d4e89',
  text: '#1f2933',
  muted: '#6b7280',
  rule: '#d9dee5',
  headerFill: '#eef2f7',
  draft: '#b45309',
  void: '#c62828',
  paid: '#1b7f3b',
};
const FONT = { regular: 'Helvetica', bold: 'Helvetica-Bold', italic: 'Helvetica-Oblique' };

/** The table's columns: the description wraps, the figures are right-aligned to `right` less the padding. */
const CELL_PAD = 6;
const COLUMNS = [
  { label: 'Description', left: LEFT, right: LEFT + 262, align: 'left' },
  { label: 'Quantity', left: LEFT + 262, right: LEFT + 332, align: 'right' },
  { label: 'Unit price', left: LEFT + 332, right: LEFT + 412, align: 'right' },
  { label: 'Amount', left: LEFT + 412, right: RIGHT, align: 'right' },
] as const;
const TABLE_FONT_SIZE = 9;
const HEADER_ROW_HEIGHT = 18;
const ROW_PAD_Y = 4;
const MAX_DESCRIPTION_LINES = 3;
const SECTION_TITLE_HEIGHT = 18;

type Doc = PDFKit.PDFDocument;

interface TextStyle {
  font?: string;
  size?: number;
  color?: string;
}

function style(doc: Doc, s: TextStyle): void {
  doc
    .font(s.font ?? FONT.regular)
    .fontSize(s.size ?? 10)
    .fillColor(s.color ?? COLOR.text);
}

/** One line of text at (x, y), never wrapped and never starting a page. */
function textAt(doc: Doc, text: string, x: number, y: number, s: TextStyle = {}): void {
  if (!text) return;
  style(doc, s);
  doc.text(text, x, y, { lineBreak: false });
}

/** One line of text ending at `right`. */
function textRight(doc: Doc, text: string, right: number, y: number, s: TextStyle = {}): void {
  if (!text) return;
  style(doc, s);
  doc.text(text, right - doc.widthOfString(text), y, { lineBreak: false });
}

/** One line of text centred on `center`. */
function textCenter(doc: Doc, text: string, center: number, y: number, s: TextStyle = {}): void {
  if (!text) return;
  style(doc, s);
  doc.text(text, center - doc.widthOfString(text) / 2, y, { lineBreak: false });
}

function rule(doc: Doc, y: number, color = COLOR.rule, width = 0.75, from = LEFT, to = RIGHT): void {
  doc.save().moveTo(from, y).lineTo(to, y).lineWidth(width).strokeColor(color).stroke().restore();
}

function statusColor(status: string): string {
  switch (status.toLowerCase()) {
    case 'paid':
      return COLOR.paid;
    case 'overdue':
    case 'void':
      return COLOR.void;
    case 'draft':
      return COLOR.draft;
    default:
      return COLOR.text;
  }
}

/** Lays the invoice out page by page; `y` is where the next thing goes on the current page. */
class InvoiceLayout {
  private y = MARGIN.top;

  constructor(
    private readonly doc: Doc,
    private readonly data: InvoicePdfData,
  ) {}

  private get bottom(): number {
    return PAGE.height - MARGIN.bottom;
  }

  private fits(height: number): boolean {
    return this.y + height <= this.bottom;
  }

  render(): void {
    this.header();
    for (const section of this.data.sections) this.section(section);
    this.totals();
    this.finishPages();
  }

  private header(): void {
    const { doc, data } = this;
    const top = MARGIN.top;
    textAt(doc, data.brand, LEFT, top, { font: FONT.bold, size: 20, color: COLOR.brand });
    textRight(doc, 'INVOICE', RIGHT, top - 2, { font: FONT.bold, size: 24, color: COLOR.text });
    if (data.invoiceNumber === null) {
      textRight(doc, 'DRAFT', RIGHT, top + 28, { font: FONT.bold, size: 16, color: COLOR.draft });
    } else {
      textRight(doc, data.invoiceNumber, RIGHT, top + 30, { font: FONT.bold, size: 12, color: COLOR.text });
    }
    rule(doc, top + 54, COLOR.brand, 1.5);

    // bill-to (left) and the invoice's particulars (right)
    const blockTop = top + 70;
    let left = blockTop;
    textAt(doc, 'BILL TO', LEFT, left, { font: FONT.bold, size: 8, color: COLOR.muted });
    left += 13;
    textAt(doc, data.billTo.name, LEFT, left, { font: FONT.bold, size: 11 });
    left += 15;
    for (const line of [data.billTo.contact, data.billTo.email, ...data.billTo.addressLines]) {
      if (!line) continue;
      textAt(doc, line, LEFT, left, { size: 10 });
      left += 13;
    }
    if (data.accountName) {
      left += 8;
      textAt(doc, 'ACCOUNT', LEFT, left, { font: FONT.bold, size: 8, color: COLOR.muted });
      left += 13;
      textAt(doc, data.accountName, LEFT, left, { size: 10 });
      left += 13;
    }

    const labelX = LEFT + 290;
    const rows: [string, string, string?][] = [];
    rows.push(['Invoice number', data.invoiceNumber ?? 'DRAFT', data.invoiceNumber === null ? COLOR.draft : undefined]);
    rows.push(['Status', data.status, statusColor(data.status)]);
    rows.push(['Issue date', formatDate(data.issueDate)]);
    if (data.dueDate) rows.push(['Due date', formatDate(data.dueDate)]);
    if (data.periodStart || data.periodEnd) {
      const period = [data.periodStart, data.periodEnd].map((d) => (d ? formatDate(d) : '…')).join(' – ');
      rows.push(['Billing period', period]);
    }
    let right = blockTop;
    for (const [label, value, color] of rows) {
      textAt(doc, label, labelX, right + 1, { size: 9, color: COLOR.muted });
      textRight(doc, value, RIGHT, right, { font: FONT.bold, size: 10, color: color ?? COLOR.text });
      right += 15;
    }
    this.y = Math.max(left, right) + 18;
  }

  /** A new page with a short reminder of whose invoice it is. */
  private newPage(): void {
    const { doc, data } = this;
    doc.addPage();
    const who = data.invoiceNumber ? `Invoice ${data.invoiceNumber}` : 'Draft invoice';
    textAt(doc, data.brand, LEFT, MARGIN.top, { font: FONT.bold, size: 10, color: COLOR.brand });
    textRight(doc, `${who} (continued)`, RIGHT, MARGIN.top, { size: 9, color: COLOR.muted });
    rule(doc, MARGIN.top + 16, COLOR.brand, 1);
    this.y = MARGIN.top + 30;
  }

  private sectionTitle(title: string): void {
    textAt(this.doc, title, LEFT, this.y, { font: FONT.bold, size: 12, color: COLOR.brand });
    this.y += SECTION_TITLE_HEIGHT;
  }

  private columnHeader(): void {
    const { doc } = this;
    doc
      .save()
      .rect(LEFT, this.y, RIGHT - LEFT, HEADER_ROW_HEIGHT)
      .fill(COLOR.headerFill)
      .restore();
    const textY = this.y + (HEADER_ROW_HEIGHT - TABLE_FONT_SIZE) / 2;
    for (const col of COLUMNS) {
      const s = { font: FONT.bold, size: TABLE_FONT_SIZE - 0.5, color: COLOR.muted };
      if (col.align === 'left') textAt(doc, col.label, col.left + CELL_PAD, textY, s);
      else textRight(doc, col.label, col.right - CELL_PAD, textY, s);
    }
    this.y += HEADER_ROW_HEIGHT;
  }

  /** The description's height once wrapped to its column, at most MAX_DESCRIPTION_LINES lines. */
  private descriptionHeight(description: string): { height: number; cap: number } {
    const { doc } = this;
    style(doc, { size: TABLE_FONT_SIZE });
    const width = COLUMNS[0].right - COLUMNS[0].left - 2 * CELL_PAD;
    const oneLine = doc.heightOfString('Xg', { width });
    const cap = oneLine * MAX_DESCRIPTION_LINES;
    return { height: Math.min(doc.heightOfString(description || ' ', { width }), cap), cap };
  }

  private section(section: InvoicePdfData['sections'][number]): void {
    const { doc } = this;
    const rows = section.lines.map((line) => {
      const d = this.descriptionHeight(line.description);
      return { line, height: d.height + 2 * ROW_PAD_Y, cap: d.cap };
    });
    const first = rows[0]?.height ?? TABLE_FONT_SIZE + 2 * ROW_PAD_Y;
    // keep the title with the column header and the first row
    if (!this.fits(SECTION_TITLE_HEIGHT + HEADER_ROW_HEIGHT + first)) this.newPage();
    this.sectionTitle(section.title);
    this.columnHeader();

    const continueOnNewPage = () => {
      this.newPage();
      this.sectionTitle(`${section.title} (continued)`);
      this.columnHeader();
    };

    if (!rows.length) {
      textAt(doc, 'No charges in this period', COLUMNS[0].left + CELL_PAD, this.y + ROW_PAD_Y, {
        font: FONT.italic,
        size: TABLE_FONT_SIZE,
        color: COLOR.muted,
      });
      this.y += first;
      rule(doc, this.y);
    }
    let sum = 0;
    for (const { line, height, cap } of rows) {
      if (!this.fits(height)) continueOnNewPage();
      const textY = this.y + ROW_PAD_Y;
      const description = COLUMNS[0];
      style(doc, { size: TABLE_FONT_SIZE });
      doc.text(line.description, description.left + CELL_PAD, textY, {
        width: description.right - description.left - 2 * CELL_PAD,
        height: cap + 0.5,
        ellipsis: true,
      });
      const figures = [formatQuantity(line.quantity), formatUnitPrice(line.unitPrice), formatMoney(line.amount)];
      figures.forEach((figure, i) => {
        const col = COLUMNS[i + 1];
        if (col) textRight(doc, figure, col.right - CELL_PAD, textY, { size: TABLE_FONT_SIZE });
      });
      this.y += height;
      rule(doc, this.y, COLOR.rule, 0.5);
      sum += line.amount;
    }

    const totalHeight = TABLE_FONT_SIZE + 2 * ROW_PAD_Y + 2;
    if (!this.fits(totalHeight)) continueOnNewPage();
    const amount = COLUMNS[3];
    const totalY = this.y + ROW_PAD_Y + 1;
    textRight(doc, `${section.title} total`, COLUMNS[2].right - CELL_PAD, totalY, { font: FONT.bold, size: TABLE_FONT_SIZE });
    textRight(doc, formatMoney(sum), amount.right - CELL_PAD, totalY, { font: FONT.bold, size: TABLE_FONT_SIZE });
    this.y += totalHeight + 12;
  }

  private totals(): void {
    const { doc, data } = this;
    const rowHeight = 18;
    const height = rowHeight * 4 + 12;
    if (!this.fits(height)) this.newPage();
    this.y += 4;
    const labelX = LEFT + 300;
    const valueRight = RIGHT - CELL_PAD;
    const top = this.y;

    const row = (label: string, value: number, bold = false) => {
      const s = { font: bold ? FONT.bold : FONT.regular, size: 10 };
      textAt(doc, label, labelX + CELL_PAD, this.y + 4, s);
      textRight(doc, formatMoney(value), valueRight, this.y + 4, s);
      this.y += rowHeight;
    };
    row('Subtotal', data.subtotal);
    rule(doc, this.y, COLOR.rule, 0.75, labelX, RIGHT);
    row('Total', data.total, true);
    row('Amount paid', data.amountPaid);
    doc
      .save()
      .rect(labelX, this.y, RIGHT - labelX, rowHeight + 4)
      .fill(COLOR.brand)
      .restore();
    textAt(doc, 'Balance due', labelX + CELL_PAD, this.y + 6, { font: FONT.bold, size: 11, color: '#ffffff' });
    textRight(doc, formatMoney(data.balanceDue), valueRight, this.y + 6, { font: FONT.bold, size: 11, color: '#ffffff' });
    this.y += rowHeight + 4;

    // to the left of the totals: when and how to pay
    let noteY = top + 4;
    textAt(doc, `Payment terms: ${data.paymentTerms}`, LEFT, noteY, { font: FONT.bold, size: 9 });
    noteY += 13;
    if (data.dueDate) {
      textAt(doc, `Please pay by ${formatDate(data.dueDate)}.`, LEFT, noteY, { size: 9, color: COLOR.muted });
      noteY += 13;
    }
    textAt(doc, `All amounts are in ${data.currency}.`, LEFT, noteY, { size: 9, color: COLOR.muted });
  }

  /** On every buffered page: the VOID or DRAFT mark and the footer; the footer sits in the bottom margin. */
  private finishPages(): void {
    const { doc, data } = this;
    const range = doc.bufferedPageRange();
    const mark = data.status.toLowerCase() === 'void' ? { text: 'VOID', color: COLOR.void } : null;
    const footerY = PAGE.height - MARGIN.bottom + 24;
    const who = [data.brand, data.invoiceNumber ? `Invoice ${data.invoiceNumber}` : 'Draft invoice'].join(' · ');
    for (let i = 0; i < range.count; i++) {
      doc.switchToPage(range.start + i);
      const bottomMargin = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      if (mark) {
        doc.save();
        doc.rotate(-35, { origin: [PAGE.width / 2, PAGE.height / 2] });
        doc.fillOpacity(0.13);
        textCenter(doc, mark.text, PAGE.width / 2, PAGE.height / 2 - 60, { font: FONT.bold, size: 150, color: mark.color });
        doc.restore();
      }
      rule(doc, footerY - 8);
      textAt(doc, `Payment terms: ${data.paymentTerms}`, LEFT, footerY, { size: 8, color: COLOR.muted });
      textCenter(doc, who, PAGE.width / 2, footerY, { size: 8, color: COLOR.muted });
      textRight(doc, `Page ${i + 1} of ${range.count}`, RIGHT, footerY, { size: 8, color: COLOR.muted });
      doc.page.margins.bottom = bottomMargin;
    }
  }
}

/** The invoice as a PDF stream (pdfkit), letter size; the caller pipes it to the response. */
export function invoicePdf(data: InvoicePdfData): NodeJS.ReadableStream {
  const doc = new PDFDocument({
    size: 'LETTER',
    margins: MARGIN,
    bufferPages: true,
    lang: 'en-US',
    displayTitle: true,
    info: {
      Title: data.invoiceNumber ?? 'Draft invoice',
      Author: data.brand,
      Subject: `Invoice for ${data.billTo.name}`,
    },
  });
  new InvoiceLayout(doc, data).render();
  doc.end();
  return doc;
}

/** The whole PDF in memory (tests, the bench). */
export async function invoicePdfBuffer(data: InvoicePdfData): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of invoicePdf(data)) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}
