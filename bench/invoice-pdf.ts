/**
 * The invoice PDF's render time: a typical invoice (4 sections, 20 lines) rendered to bytes with
 * pdfkit, RUNS times after a warm-up; the median and p95. Budget: a median under 100 ms.
 * BENCH_INVOICE_PDF_RUNS sets the runs (default 50).
 */
import { type InvoicePdfData, invoicePdfBuffer } from '../apps/server/src/domains/billing/invoice-pdf.ts';
import { invoiceLine, sampleInvoice } from '../apps/server/test/invoice-sample.ts';
import { stats } from './figures.ts';

const RUNS = Number(process.env.BENCH_INVOICE_PDF_RUNS ?? 50);
const WARM_UP = 10;
const BUDGET_MS = 100;

const sections: InvoicePdfData['sections'] = [
  {
    title: 'Voice usage',
    lines: [
      invoiceLine('Outbound calls, USA/Canada', 184_233, 0.0075),
      invoiceLine('Outbound calls, UK', 12_410, 0.025),
      invoiceLine('Outbound calls, Germany', 8_902, 0.0105),
      invoiceLine('Outbound calls, Mexico mobile', 3_114.5, 0.0425),
      invoiceLine('Inbound calls, local numbers', 95_880, 0.0045),
      invoiceLine('Inbound calls, toll-free', 41_207, 0.012),
      invoiceLine('Call recording storage (GB)', 38.25, 0.1),
      invoiceLine('Transcription minutes', 2_410, 0.02),
    ],
  },
  {
    title: 'Messaging usage',
    lines: [
      invoiceLine('SMS sent, USA/Canada', 52_300, 0.004),
      invoiceLine('SMS received', 18_760, 0.002),
      invoiceLine('MMS sent', 1_204, 0.0175),
      invoiceLine('10DLC campaign fee', 1, 10),
    ],
  },
  {
    title: 'Number fees',
    lines: [
      invoiceLine('Local numbers (monthly)', 120, 1),
      invoiceLine('Toll-free numbers (monthly)', 8, 2),
      invoiceLine('Number port-in', 14, 5),
      invoiceLine('CNAM listing', 120, 0.25),
      invoiceLine('E911 registration', 40, 1.5),
    ],
  },
  {
    title: 'Services',
    lines: [
      invoiceLine('Premium support', 1, 499),
      invoiceLine('Dedicated SIP trunk', 2, 150),
      invoiceLine('Call analytics add-on', 1, 89.99),
    ],
  },
];
const INVOICE = sampleInvoice(sections);
const LINES = sections.reduce((n, s) => n + s.lines.length, 0);

let bytes = 0;
for (let i = 0; i < WARM_UP; i++) bytes = (await invoicePdfBuffer(INVOICE)).length;
const times: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const t = performance.now();
  await invoicePdfBuffer(INVOICE);
  times.push(performance.now() - t);
}
const { median, p95 } = stats(times);
const ok = median < BUDGET_MS;
console.log(`    ${RUNS} runs after ${WARM_UP} warm-up runs; ${(bytes / 1024).toFixed(1)} KB per PDF`);
console.log(
  `Invoice PDF (${LINES} lines): median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (budget < ${BUDGET_MS} ms)   ${ok ? 'OK' : 'OVER'}`,
);
process.exitCode = ok ? 0 : 1;
