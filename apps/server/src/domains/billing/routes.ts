import {
  ZAddPaymentMethodBody,
  ZAdjustmentBody,
  ZAutoPayBody,
  ZBillingContactBody,
  ZBillingOverview,
  ZBillingOverviewQuery,
  ZBillingSummary,
  ZBudgetBody,
  ZCustomerIdParams,
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
  ZPaymentMethodParams,
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
import { ZApiError, ZIdParams, ZOk } from '@portal/contract/common';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { enqueue } from '../../jobs/queue.ts';
import { sendExport, ZCsv } from '../../lib/export.ts';
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
  const route = routesFor(fastify, ['billing']);

  route.get(
    '/api/customers/:customerId/payment-methods',
    { permission: 'billing.read', summary: "The customer's payment methods", params: ZCustomerIdParams, response: z.array(ZPaymentMethod) },
    (req) => service.listPaymentMethods(req.ctx, req.params.customerId),
  );

  route.post(
    '/api/customers/:customerId/payment-methods',
    {
      permission: 'billing.write',
      summary: 'Add a card or bank account (validated; stored without the full number or CVV)',
      params: ZCustomerIdParams,
      body: ZAddPaymentMethodBody,
      response: ZPaymentMethod,
      status: 201,
    },
    (req) => service.addPaymentMethod(req.ctx, req.params.customerId, req.body),
  );

  route.put(
    '/api/customers/:customerId/billing-contact',
    {
      permission: 'billing.write',
      summary: "Save the customer's billing contact",
      params: ZCustomerIdParams,
      body: ZBillingContactBody,
      response: ZOk,
    },
    (req) => service.updateBillingContact(req.ctx, req.params.customerId, req.body),
  );

  route.get(
    '/api/customers/:customerId/billing-summary',
    {
      permission: 'billing.read',
      summary: 'Current monthly cost, last invoice, payment status, next billing date',
      params: ZCustomerIdParams,
      response: ZBillingSummary,
    },
    (req) => service.billingSummary(req.ctx, req.params.customerId),
  );

  route.put(
    '/api/customers/:customerId/payment-methods/:methodId/default',
    {
      permission: 'billing.write',
      summary: 'Make a payment method the default (exactly one)',
      params: ZPaymentMethodParams,
      response: ZPaymentMethod,
    },
    (req) => service.makeDefaultMethod(req.ctx, req.params.customerId, req.params.methodId, freshCode(req.headers)),
  );

  route.delete(
    '/api/customers/:customerId/payment-methods/:methodId',
    {
      permission: 'billing.write',
      summary: 'Remove a payment method (not the default while others exist)',
      params: ZPaymentMethodParams,
      response: ZOk,
      errors: { 409: ZApiError },
    },
    async (req) => {
      await service.removePaymentMethod(req.ctx, req.params.customerId, req.params.methodId, freshCode(req.headers));
      return { ok: true as const };
    },
  );

  route.put(
    '/api/customers/:customerId/auto-pay',
    { permission: 'billing.write', summary: 'Turn auto-pay on or off', params: ZCustomerIdParams, body: ZAutoPayBody, response: ZOk },
    (req) => service.setAutoPay(req.ctx, req.params.customerId, req.body.autoPay),
  );

  route.get(
    '/api/billing/overview',
    {
      permission: 'billing.read',
      summary: 'The billing cards of a scope (outstanding, overdue, revenue, next invoice, last payment, auto-pay)',
      querystring: ZBillingOverviewQuery,
      response: ZBillingOverview,
    },
    (req) => service.billingOverview(req.ctx, req.query),
  );

  // ---- invoices
  route.get(
    '/api/invoices',
    {
      permission: 'billing.read',
      summary: 'Invoices in scope (customers never see drafts)',
      querystring: ZListInvoicesQuery,
      response: ZInvoicePage,
    },
    (req) => service.listInvoices(req.ctx, req.query),
  );

  route.get(
    '/api/invoices/export',
    {
      permission: 'billing.read',
      summary: 'The invoices as CSV',
      querystring: ZListInvoicesQuery,
      response: ZCsv,
    },
    async (req, reply) => sendExport(reply, await service.exportInvoices(req.ctx, req.query)),
  );

  route.get(
    '/api/invoices/:id',
    { permission: 'billing.read', summary: 'An invoice with its lines and payments', params: ZIdParams, response: ZInvoice },
    (req) => service.getInvoice(req.ctx, req.params.id),
  );

  route.get(
    '/api/invoices/:id/pdf',
    { permission: 'billing.read', summary: 'The invoice as a PDF', params: ZIdParams, response: ZPdf },
    async (req, reply) => {
      const pdf = await service.invoicePdfOf(req.ctx, req.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${pdf.filename.replace(/[^\w.-]/g, '_')}"`)
        .send(pdf.stream);
    },
  );

  route.post(
    '/api/invoices',
    {
      permission: 'billing.manage',
      summary: "Generate Invoice: a draft for an account's or a customer's period",
      body: ZGenerateInvoiceBody,
      response: ZInvoice,
      status: 201,
      errors: { 409: ZApiError },
    },
    (req) => service.generateInvoice(req.ctx, req.body),
  );

  route.post(
    '/api/invoices/:id/adjustments',
    {
      permission: 'billing.manage',
      summary: 'Add a credit or a charge to a draft',
      params: ZIdParams,
      body: ZAdjustmentBody,
      response: ZInvoice,
      errors: { 409: ZApiError },
    },
    (req) => service.addAdjustment(req.ctx, req.params.id, req.body),
  );

  route.post(
    '/api/invoices/:id/finalize',
    {
      permission: 'billing.manage',
      summary: 'Finalize a draft: its gapless number, issue and due dates',
      params: ZIdParams,
      response: ZInvoice,
      errors: { 409: ZApiError },
    },
    (req) => service.finalizeInvoice(req.ctx, req.params.id),
  );

  route.post(
    '/api/invoices/:id/void',
    {
      permission: 'billing.manage',
      summary: 'Void a finalized, unpaid invoice',
      params: ZIdParams,
      body: ZVoidBody,
      response: ZInvoice,
      errors: { 409: ZApiError },
    },
    (req) => service.voidInvoice(req.ctx, req.params.id, req.body.reason),
  );

  route.delete(
    '/api/invoices/:id',
    { permission: 'billing.manage', summary: 'Delete a draft', params: ZIdParams, response: ZOk, errors: { 409: ZApiError } },
    async (req) => {
      await service.deleteDraft(req.ctx, req.params.id);
      return { ok: true as const };
    },
  );

  route.post(
    '/api/invoices/:id/reminders',
    {
      permission: 'billing.manage',
      summary: 'Email a payment reminder to the billing contact',
      params: ZIdParams,
      response: ZInvoiceListItem,
      errors: { 409: ZApiError },
    },
    (req) => service.sendReminder(req.ctx, req.params.id),
  );

  route.post(
    '/api/invoices/:id/pay',
    {
      permission: 'billing.write',
      summary: 'Pay Now: charge the balance to a payment method',
      params: ZIdParams,
      body: ZPayInvoiceBody,
      response: ZPayResult,
      errors: { 409: ZApiError },
    },
    (req) => service.payInvoice(req.ctx, req.params.id, req.body.paymentMethodId),
  );

  route.post(
    '/api/billing/invoice-run',
    { permission: 'billing.manage', summary: 'Run the monthly invoice drafts now', body: ZInvoiceRunBody, response: ZInvoiceRunResult },
    (req) => service.runInvoices(req.ctx, req.body.month),
  );

  // ---- payments
  route.get(
    '/api/payments',
    { permission: 'billing.read', summary: 'Payment history in scope', querystring: ZListPaymentsQuery, response: ZPaymentPage },
    (req) => service.listPayments(req.ctx, req.query),
  );

  route.get(
    '/api/payments/export',
    { permission: 'billing.read', summary: 'The payment history as CSV', querystring: ZListPaymentsQuery, response: ZCsv },
    async (req, reply) => sendExport(reply, await service.exportPayments(req.ctx, req.query)),
  );

  route.put(
    '/api/accounts/:id/budget',
    {
      permission: 'billing.write',
      summary: "Set or remove an account's monthly budget",
      params: ZIdParams,
      body: ZBudgetBody,
      response: ZOk,
    },
    (req) => service.setBudget(req.ctx, req.params.id, req.body.monthlyBudget),
  );

  // ---- rate decks (staff)
  route.get('/api/rate-decks', { permission: 'billing.manage', summary: 'Rate decks', response: z.array(ZRateDeck) }, (req) =>
    service.listDecks(req.ctx),
  );

  route.post(
    '/api/rate-decks',
    {
      permission: 'billing.manage',
      summary: "Create a rate deck (a customer's or an account's own)",
      body: ZRateDeckBody,
      response: ZRateDeck,
      status: 201,
      errors: { 409: ZApiError },
    },
    (req) => service.createDeck(req.ctx, req.body),
  );

  route.get(
    '/api/rate-decks/:id/rates',
    { permission: 'billing.manage', summary: "A deck's rates", params: ZIdParams, querystring: ZListRatesQuery, response: ZRatePage },
    (req) => service.listRates(req.ctx, req.params.id, req.query),
  );

  route.post(
    '/api/rate-decks/:id/import',
    {
      permission: 'billing.manage',
      summary: 'Import rates from CSV (nothing is written when a line is bad)',
      params: ZIdParams,
      body: ZRateImportBody,
      response: ZRateImportResult,
    },
    (req) => service.importRates(req.ctx, req.params.id, req.body),
  );

  route.delete(
    '/api/rate-decks/:id',
    {
      permission: 'billing.manage',
      summary: 'Delete a rate deck (not the default)',
      params: ZIdParams,
      response: ZOk,
      errors: { 409: ZApiError },
    },
    async (req) => {
      await service.deleteDeck(req.ctx, req.params.id);
      return { ok: true as const };
    },
  );

  route.post(
    '/api/billing/rerate',
    { permission: 'billing.manage', summary: 'Re-rate the calls of a period (a background job)', body: ZRerateBody, response: ZJobQueued },
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
