import type { InvoicePdfData, InvoicePdfLine } from '../src/domains/billing/invoice-pdf.ts';

/** An invoice line whose amount is its quantity times its unit price, to the cent. */
export const invoiceLine = (description: string, quantity: number, unitPrice: number): InvoicePdfLine => ({
  description,
  quantity,
  unitPrice,
  amount: Math.round(quantity * unitPrice * 100) / 100,
});

/**
 * A sample invoice for the PDF's tests and its bench: Acme Voice's invoice INV-2025-0042 to Globex
 * for February 2025 with these sections, its totals summed from them (less `amountPaid`), then `over`.
 */
export function sampleInvoice(
  sections: InvoicePdfData['sections'],
  { amountPaid = 0, ...over }: Partial<InvoicePdfData> = {},
): InvoicePdfData {
  const subtotal = Math.round(sections.flatMap((s) => s.lines).reduce((sum, l) => sum + l.amount, 0) * 100) / 100;
  return {
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
    amountPaid,
    balanceDue: Math.round((subtotal - amountPaid) * 100) / 100,
    paymentTerms: 'Net 30',
    currency: 'USD',
    ...over,
  };
}
