import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { invoiceLine, sampleInvoice } from '../../../test/invoice-sample.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import {
  formatDate,
  formatMoney,
  formatQuantity,
  formatUnitPrice,
  type InvoicePdfData,
  invoicePdf,
  invoicePdfBuffer,
} from './invoice-pdf.ts';

const SECTIONS: InvoicePdfData['sections'] = [
  {
    title: 'Voice usage',
    lines: [invoiceLine('Outbound calls, USA/Canada', 123_456, 0.0075), invoiceLine('Inbound toll-free minutes', 10_200.5, 0.012)],
  },
  { title: 'Messaging usage', lines: [invoiceLine('SMS sent', 25_000, 0.004)] },
  { title: 'Number fees', lines: [invoiceLine('Local numbers (monthly)', 40, 1)] },
  { title: 'Services', lines: [invoiceLine('Premium support', 1, 1234.5)] },
];
/** The sample invoice: subtotal 2,422.83, 1,000 paid, 1,422.83 due. */
const sample = (over: Partial<InvoicePdfData> = {}) => sampleInvoice(SECTIONS, { amountPaid: 1000, ...over });

describe('the formats', () => {
  it('prints money, unit prices, quantities and dates as the invoice needs them', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney(-0.001)).toBe('$0.00');
    expect(formatUnitPrice(0.0075)).toBe('$0.0075');
    expect(formatUnitPrice(1.5)).toBe('$1.50');
    expect(formatQuantity(123456)).toBe('123,456');
    expect(formatQuantity(1234.567)).toBe('1,234.57');
    expect(formatDate('2025-01-09')).toBe('01/09/2025');
  });
});

describe('invoicePdf', () => {
  it('renders the invoice: number, bill-to, sections, lines, formatted figures and totals', async () => {
    const pdf = await invoicePdfBuffer(sample());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { pages, title } = await pdfText(pdf);
    expect(title).toBe('INV-2025-0042');
    expect(pages).toHaveLength(1);
    const text = pages[0] as string;
    for (const expected of [
      'Acme Voice',
      'INVOICE',
      'INV-2025-0042',
      'Globex Corporation',
      'Hank Scorpio',
      'billing@globex.example',
      'Cypress Creek, OR 97000',
      'Globex Support Line',
      '03/01/2025',
      '03/31/2025',
      '02/01/2025 – 02/28/2025',
      'Voice usage',
      'Messaging usage',
      'Number fees',
      'Services',
      'Description',
      'Quantity',
      'Unit price',
      'Amount',
      'Outbound calls, USA/Canada',
      'Inbound toll-free minutes',
      'SMS sent',
      'Local numbers (monthly)',
      'Premium support',
      '123,456',
      '10,200.5',
      '$0.0075',
      '$925.92',
      '$1,234.50',
      'Subtotal',
      '$2,422.83',
      'Amount paid',
      '$1,000.00',
      'Balance due',
      '$1,422.83',
      'Net 30',
      'Page 1 of 1',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('DRAFT');
    expect(text).not.toContain('VOID');
  });

  it('shows DRAFT, and no number, while a draft', async () => {
    const { pages, title } = await pdfText(await invoicePdfBuffer(sample({ invoiceNumber: null, status: 'Draft' })));
    const text = pages.join('\n');
    expect(text).toContain('DRAFT');
    expect(text).not.toContain('INV-');
    expect(title).toBe('Draft invoice');
  });

  it('marks a void invoice VOID', async () => {
    const { pages } = await pdfText(await invoicePdfBuffer(sample({ status: 'Void' })));
    expect(pages[0]).toContain('VOID');
  });

  it('paginates a long invoice, numbering the pages and repeating the column header', async () => {
    const lines = Array.from({ length: 150 }, (_, i) => ({
      description: `Line item ${String(i + 1).padStart(3, '0')}`,
      quantity: 1000 + i,
      unitPrice: 0.01,
      amount: (1000 + i) / 100,
    }));
    const { pages } = await pdfText(await invoicePdfBuffer(sample({ sections: [{ title: 'Voice usage', lines }] })));
    const n = pages.length;
    expect(n).toBeGreaterThan(1);
    expect(pages[0]).toContain(`Page 1 of ${n}`);
    expect(pages[n - 1]).toContain(`Page ${n} of ${n}`);
    pages.forEach((page, i) => {
      expect(page).toContain(`Page ${i + 1} of ${n}`);
      expect(page).toContain('Net 30');
    });
    const second = pages[1] as string;
    expect(second).toContain('Voice usage (continued)');
    expect(second).toMatch(/Description Quantity Unit price Amount/);
    // every line is printed once, in order
    const all = pages.join('\n');
    const seen = [...all.matchAll(/Line item (\d{3})/g)].map((m) => Number(m[1]));
    expect(seen).toEqual(lines.map((_, i) => i + 1));
    expect(pages[n - 1]).toContain('Balance due');
  });

  it('streams a whole PDF to a piped destination, as a response gets it', async () => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
    });
    await pipeline(invoicePdf(sample()), sink);
    const streamed = Buffer.concat(chunks);
    expect(streamed.subarray(0, 5).toString()).toBe('%PDF-');
    expect(streamed.subarray(-6).toString()).toContain('%%EOF');
    expect((await pdfText(streamed)).pages).toEqual((await pdfText(await invoicePdfBuffer(sample()))).pages);
  });
});
