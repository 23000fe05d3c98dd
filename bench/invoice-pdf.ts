/**
 * The invoice PDF's render time: a typical invoice (4 sections, 20 lines) rendered to bytes with
 * pdfkit, RUNS times after a warm-up; the median and p95. Budget: a median under 100 ms.
 * BENCH_INVOICE_PDF_RUNS sets the runs (default 50).
 */
import { type InvoicePdfData, type InvoicePdfLine, invoicePdfBuffer } from '../apps/server/src/domains/billing/invoice-pdf.ts';

const RUNS = Number(process.env.BENCH_INVOICE_PDF_RUNS ?? 50);
const WARM_UP = 10;
const BUDGET_MS = 100;

const line = (description: string, quantity: number, unitPrice: number): InvoicePdfLine => ({
  description,
  quantity,
  unitPrice,
  amount: Math.round(quantity * unitPrice * 100) / 100,
});

const sections: InvoicePdfData['sections'] = [
  {
    title: 'Voice usage',
    lines: [
      line('Outbound calls, USA/Canada', 184_233, 0.0075),
      line('Outbound calls, UK', 12_410, 0.025),
      line('Outbound calls, Germany', 8_902, 0.0105),
      line('Outbound calls, Mexico mobile', 3_114.5, 0.0425),
      line('Inbound calls, local numbers', 95_880, 0.0045),
      line('Inbound calls, toll-free', 41_207, 0.012),
      line('Call recording storage (GB)', 38.25, 0.1),
      line('Transcription minutes', 2_410, 0.02),
    ],
  },
  {
    title: 'Messaging usage',
    lines: [
      line('SMS sent, USA/Canada', 52_300, 0.004),
      line('SMS received', 18_760, 0.002),
      line('MMS sent', 1_204, 0.0175),
      line('10DLC campaign fee', 1, 10),
    ],
  },
  {
    title: 'Number fees',
    lines: [
      line('Local numbers (monthly)', 120, 1),
      line('Toll-free numbers (monthly)', 8, 2),
      line('Number port-in', 14, 5),
      line('CNAM listing', 120, 0.25),
      line('E911 registration', 40, 1.5),
    ],
  },
  {
    title: 'Services',
    lines: [line('Premium support', 1, 499), line('Dedicated SIP trunk', 2, 150), line('Call analytics add-on', 1, 89.99)],
  },
];
const subtotal = Math.round(sections.flatMap((s) => s.lines).reduce((sum, l) => sum + l.amount, 0) * 100) / 100;
const INVOICE: InvoicePdfData = {
  brand: 'Acme Voice',
  invoiceNumber: 'INV-2025-0042',
  status: 'Due',
  issueDate: '2025-03-01',
  dueDate: '2025-03-31',
  periodStart: '2025-02-01',
  periodEnd: '2025-02-28',
  billTo: {
    name: 'Globex Corporation',
    contact: 'Hank Scorpio',
    email: 'billing@globex.example',
    addressLines: ['1 Globex Way', 'Cypress Creek, OR 97000'],
  },
  accountName: 'Globex Support Line',
  sections,
  subtotal,
  total: subtotal,
  amountPaid: 0,
  balanceDue: subtotal,
  paymentTerms: 'Net 30',
  currency: 'USD',
};
const LINES = sections.reduce((n, s) => n + s.lines.length, 0);

function stats(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))] as number;
  return { median: at(0.5), p95: at(0.95) };
}

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
