import { ZAddPaymentMethodBody, ZBillingContactBody, ZBillingSummary, ZCustomerIdParams, ZPaymentMethod } from '@portal/contract/billing';
import { ZOk } from '@portal/contract/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as service from './service.ts';

/**
 * A customer's billing contact, payment methods and billing summary. Scoped: staff reach any
 * customer, a customer user only their own company (another company's id is a 404).
 */
export async function billingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['billing'];

  app.get(
    '/api/customers/:customerId/payment-methods',
    {
      config: { permission: 'billing.read' },
      schema: {
        tags,
        summary: "The customer's payment methods",
        params: ZCustomerIdParams,
        response: { 200: z.array(ZPaymentMethod) },
      },
    },
    (req) => service.listPaymentMethods(req.ctx, req.params.customerId),
  );

  app.post(
    '/api/customers/:customerId/payment-methods',
    {
      config: { permission: 'billing.write' },
      schema: {
        tags,
        summary: 'Add a card or bank account (validated; stored without the full number or CVV)',
        params: ZCustomerIdParams,
        body: ZAddPaymentMethodBody,
        response: { 201: ZPaymentMethod },
      },
    },
    async (req, reply) => reply.code(201).send(await service.addPaymentMethod(req.ctx, req.params.customerId, req.body)),
  );

  app.put(
    '/api/customers/:customerId/billing-contact',
    {
      config: { permission: 'billing.write' },
      schema: {
        tags,
        summary: "Save the customer's billing contact",
        params: ZCustomerIdParams,
        body: ZBillingContactBody,
        response: { 200: ZOk },
      },
    },
    (req) => service.updateBillingContact(req.ctx, req.params.customerId, req.body),
  );

  app.get(
    '/api/customers/:customerId/billing-summary',
    {
      config: { permission: 'billing.read' },
      schema: {
        tags,
        summary: 'Current monthly cost, last invoice, payment status, next billing date',
        params: ZCustomerIdParams,
        response: { 200: ZBillingSummary },
      },
    },
    (req) => service.billingSummary(req.ctx, req.params.customerId),
  );
}
