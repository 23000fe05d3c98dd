import {
  ZAddPaymentMethodBody,
  ZAdjustmentBody,
  ZAutoPayBody,
  ZBillingContactBody,
  ZBillingOverview,
  ZBillingOverviewQuery,
  ZBillingSummary,
  ZBudgetBody,
  ZGenerateInvoiceBody,
  ZInvoice,
  ZInvoiceListItem,
  ZInvoicePage,
  ZInvoiceRunBody,
  ZInvoiceRunResult,
  ZJobQueued,
  ZListInvoicesQuery,
  ZListPaymentsQuery,
  ZListRatesQuery,
  ZPayInvoiceBody,
  ZPaymentMethod,
  ZPaymentPage,
  ZPayResult,
  ZRateDeck,
  ZRateDeckBody,
  ZRateImportBody,
  ZRateImportResult,
  ZRatePage,
  ZRerateBody,
  ZVoidBody,
} from '@portal/contract/billing';
import { ZOk } from '@portal/contract/common';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { enqueue } from '../../jobs/queue.ts';
import { routesFor } from '../../lib/routes.ts';
import { rerateJob } from './jobs.ts';
import * as service from './service.ts';

/**
 * A customer's billing contact, payment methods and billing summary. Scoped: staff reach any
 * customer, a customer user only their own company (another company's id is a 404).
 */
const ZPdf = z.unknown().describe('application/pdf');

/** Make Default and Remove carry no body: a fresh two-factor code comes in this header (never in the URL, which is logged). */
const freshCode = (headers: Record<string, string | string[] | undefined>): string | undefined => {
  const v = headers['x-two-factor-code'];
  return typeof v === 'string' ? v.slice(0, 20) : undefined;
};

export async function billingRoutes(fastify: FastifyInstance) {
  const route = routesFor(fastify, ['billing'], { read: 'billing.read', write: 'billing.manage' });

  route.get(
    '/api/customers/:customerId/payment-methods',
    { summary: "The customer's payment methods", response: z.array(ZPaymentMethod) },
    (req) => service.listPaymentMethods(req.ctx, req.params.customerId),
  );

  route.create(
    '/api/customers/:customerId/payment-methods',
    {
      permission: 'billing.write',
      summary: 'Add a card or bank account (validated; stored without the full number or CVV)',
      body: ZAddPaymentMethodBody,
      response: ZPaymentMethod,
    },
    (req) => service.addPaymentMethod(req.ctx, req.params.customerId, req.body),
  );

  route.put(
    '/api/customers/:customerId/billing-contact',
    { permission: 'billing.write', summary: "Save the customer's billing contact", body: ZBillingContactBody, response: ZOk },
    (req) => service.updateBillingContact(req.ctx, req.params.customerId, req.body),
  );

  route.get(
    '/api/customers/:customerId/billing-summary',
    { summary: 'Current monthly cost, last invoice, payment status, next billing date', response: ZBillingSummary },
    (req) => service.billingSummary(req.ctx, req.params.customerId),
  );

  route.put(
    '/api/customers/:customerId/payment-methods/:methodId/default',
    { permission: 'billing.write', summary: 'Make a payment method the default (exactly one)', response: ZPaymentMethod },
    (req) => service.makeDefaultMethod(req.ctx, req.params.customerId, req.params.methodId, freshCode(req.headers)),
  );

  route.delete(
    '/api/customers/:customerId/payment-methods/:methodId',
    { permission: 'billing.write', summary: 'Remove a payment method (not the default while others exist)', response: ZOk, errors: [409] },
    (req) => service.removePaymentMethod(req.ctx, req.params.customerId, req.params.methodId, freshCode(req.headers)),
  );

  route.put(
    '/api/customers/:customerId/auto-pay',
    { permission: 'billing.write', summary: 'Turn auto-pay on or off', body: ZAutoPayBody, response: ZOk },
    (req) => service.setAutoPay(req.ctx, req.params.customerId, req.body.autoPay),
  );

  route.get(
    '/api/billing/overview',
    {
      summary: 'The billing cards of a scope (outstanding, overdue, revenue, next invoice, last payment, auto-pay)',
      query: ZBillingOverviewQuery,
      response: ZBillingOverview,
    },
    (req) => service.billingOverview(req.ctx, req.query),
  );

  // ---- invoices
  route.get(
    '/api/invoices',
    { summary: 'Invoices in scope (customers never see drafts)', query: ZListInvoicesQuery, response: ZInvoicePage },
    (req) => service.listInvoices(req.ctx, req.query),
  );

  route.export('/api/invoices/export', { summary: 'The invoices as CSV', query: ZListInvoicesQuery }, (req) =>
    service.exportInvoices(req.ctx, req.query),
  );

  route.get('/api/invoices/:id', { summary: 'An invoice with its lines and payments', response: ZInvoice }, (req) =>
    service.getInvoice(req.ctx, req.params.id),
  );

  route.get('/api/invoices/:id/pdf', { summary: 'The invoice as a PDF', response: ZPdf }, async (req, reply) => {
    const pdf = await service.invoicePdfOf(req.ctx, req.params.id);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${pdf.filename.replace(/[^\w.-]/g, '_')}"`)
      .send(pdf.stream);
  });

  route.create(
    '/api/invoices',
    {
      summary: "Generate Invoice: a draft for an account's or a customer's period",
      body: ZGenerateInvoiceBody,
      response: ZInvoice,
      errors: [409],
    },
    (req) => service.generateInvoice(req.ctx, req.body),
  );

  route.post(
    '/api/invoices/:id/adjustments',
    { summary: 'Add a credit or a charge to a draft', body: ZAdjustmentBody, response: ZInvoice, errors: [409] },
    (req) => service.addAdjustment(req.ctx, req.params.id, req.body),
  );

  route.post(
    '/api/invoices/:id/finalize',
    { summary: 'Finalize a draft: its gapless number, issue and due dates', response: ZInvoice, errors: [409] },
    (req) => service.finalizeInvoice(req.ctx, req.params.id),
  );

  route.post(
    '/api/invoices/:id/void',
    { summary: 'Void a finalized, unpaid invoice', body: ZVoidBody, response: ZInvoice, errors: [409] },
    (req) => service.voidInvoice(req.ctx, req.params.id, req.body.reason),
  );

  route.delete('/api/invoices/:id', { summary: 'Delete a draft', response: ZOk, errors: [409] }, (req) =>
    service.deleteDraft(req.ctx, req.params.id),
  );

  route.post(
    '/api/invoices/:id/reminders',
    { summary: 'Email a payment reminder to the billing contact', response: ZInvoiceListItem, errors: [409] },
    (req) => service.sendReminder(req.ctx, req.params.id),
  );

  route.post(
    '/api/invoices/:id/pay',
    {
      permission: 'billing.write',
      summary: 'Pay Now: charge the balance to a payment method',
      body: ZPayInvoiceBody,
      response: ZPayResult,
      errors: [409],
    },
    (req) => service.payInvoice(req.ctx, req.params.id, req.body.paymentMethodId),
  );

  route.post(
    '/api/billing/invoice-run',
    { summary: 'Run the monthly invoice drafts now', body: ZInvoiceRunBody, response: ZInvoiceRunResult },
    (req) => service.runInvoices(req.ctx, req.body.month),
  );

  // ---- payments
  route.get('/api/payments', { summary: 'Payment history in scope', query: ZListPaymentsQuery, response: ZPaymentPage }, (req) =>
    service.listPayments(req.ctx, req.query),
  );

  route.export('/api/payments/export', { summary: 'The payment history as CSV', query: ZListPaymentsQuery }, (req) =>
    service.exportPayments(req.ctx, req.query),
  );

  route.put(
    '/api/accounts/:id/budget',
    { permission: 'billing.write', summary: "Set or remove an account's monthly budget", body: ZBudgetBody, response: ZOk },
    (req) => service.setBudget(req.ctx, req.params.id, req.body.monthlyBudget),
  );

  // ---- rate decks (staff)
  route.get('/api/rate-decks', { permission: 'billing.manage', summary: 'Rate decks', response: z.array(ZRateDeck) }, (req) =>
    service.listDecks(req.ctx),
  );

  route.create(
    '/api/rate-decks',
    { summary: "Create a rate deck (a customer's or an account's own)", body: ZRateDeckBody, response: ZRateDeck, errors: [409] },
    (req) => service.createDeck(req.ctx, req.body),
  );

  route.get(
    '/api/rate-decks/:id/rates',
    { permission: 'billing.manage', summary: "A deck's rates", query: ZListRatesQuery, response: ZRatePage },
    (req) => service.listRates(req.ctx, req.params.id, req.query),
  );

  route.post(
    '/api/rate-decks/:id/import',
    { summary: 'Import rates from CSV (nothing is written when a line is bad)', body: ZRateImportBody, response: ZRateImportResult },
    (req) => service.importRates(req.ctx, req.params.id, req.body),
  );

  route.delete('/api/rate-decks/:id', { summary: 'Delete a rate deck (not the default)', response: ZOk, errors: [409] }, (req) =>
    service.deleteDeck(req.ctx, req.params.id),
  );

  route.post(
    '/api/billing/rerate',
    { summary: 'Re-rate the calls of a period (a background job)', body: ZRerateBody, response: ZJobQueued },
    async (req) => {
      await enqueue(req.ctx, rerateJob, {
        ...(req.body.accountId ? { accountId: req.body.accountId } : {}),
        from: req.body.from,
        to: req.body.to,
      });
      return { queued: true as const };
    },
  );
}
