import { ZAddPaymentMethodBody, ZBillingContactBody, ZBillingSummary, ZCustomerIdParams, ZPaymentMethod } from '@portal/contract/billing';
import { ZOk } from '@portal/contract/common';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { routesFor } from '../../lib/routes.ts';
import * as service from './service.ts';

/**
 * A customer's billing contact, payment methods and billing summary. Scoped: staff reach any
 * customer, a customer user only their own company (another company's id is a 404).
 */
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
}
