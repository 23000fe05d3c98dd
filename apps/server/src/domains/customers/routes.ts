import { ZApiError, ZIdParams, ZOk, ZPage } from '@portal/contract/common';
import {
  ZActivityEntry,
  ZCustomer,
  ZCustomerBody,
  ZCustomerListItem,
  ZCustomerNote,
  ZCustomerSuggestion,
  ZCustomerSuggestionsQuery,
  ZImpersonateResponse,
  ZIpAddress,
  ZListCustomersQuery,
  ZNoteBody,
  ZStaffOption,
} from '@portal/contract/customers';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { setSessionCookie } from '../../plugins/auth.ts';
import { startImpersonation } from '../auth/service.ts';
import * as service from './service.ts';

/** Staff-only customer management (spec 2.5, 2.6). Customer sessions get 403 on all of it. */
export async function customerRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['customers'];
  const read = { permission: 'customers.read' } as const;
  const write = { permission: 'customers.write' } as const;

  app.get(
    '/api/admin/customers',
    {
      config: read,
      schema: {
        tags,
        summary: 'Customers, filtered, sorted and paged',
        querystring: ZListCustomersQuery,
        response: { 200: ZPage(ZCustomerListItem) },
      },
    },
    (req) => service.listCustomers(req.ctx, req.query),
  );

  app.get(
    '/api/admin/customers/suggestions',
    {
      config: read,
      schema: {
        tags,
        summary: 'Customer search suggestions by name or customer ID',
        querystring: ZCustomerSuggestionsQuery,
        response: { 200: z.array(ZCustomerSuggestion) },
      },
    },
    (req) => service.suggestCustomers(req.ctx, req.query.q, req.query.limit),
  );

  app.get(
    '/api/admin/staff-options',
    { config: read, schema: { tags, summary: 'Staff who may be chosen as account manager', response: { 200: z.array(ZStaffOption) } } },
    (req) => service.staffOptions(req.ctx),
  );

  app.post(
    '/api/admin/customers',
    { config: write, schema: { tags, summary: 'Create a customer', body: ZCustomerBody, response: { 201: ZCustomer } } },
    async (req, reply) => reply.code(201).send(await service.createCustomer(req.ctx, req.body)),
  );

  app.get(
    '/api/admin/customers/:id',
    { config: read, schema: { tags, summary: 'A customer', params: ZIdParams, response: { 200: ZCustomer } } },
    (req) => service.getCustomer(req.ctx, req.params.id),
  );

  app.put(
    '/api/admin/customers/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'Update the company profile',
        params: ZIdParams,
        body: ZCustomerBody,
        response: { 200: ZCustomer },
      },
    },
    (req) => service.updateCustomer(req.ctx, req.params.id, req.body),
  );

  app.delete(
    '/api/admin/customers/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'Delete a customer (soft): it and its accounts leave every list; refused (409) while it holds phone numbers',
        params: ZIdParams,
        response: { 200: ZOk, 409: ZApiError },
      },
    },
    async (req) => {
      await service.deleteCustomer(req.ctx, req.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/admin/customers/:id/notes',
    {
      config: read,
      schema: { tags, summary: "A customer's notes", params: ZIdParams, response: { 200: z.array(ZCustomerNote) } },
    },
    (req) => service.listNotes(req.ctx, req.params.id),
  );

  app.post(
    '/api/admin/customers/:id/notes',
    {
      config: write,
      schema: {
        tags,
        summary: 'Add a note',
        params: ZIdParams,
        body: ZNoteBody,
        response: { 201: ZCustomerNote },
      },
    },
    async (req, reply) => reply.code(201).send(await service.addNote(req.ctx, req.params.id, req.body.body)),
  );

  app.get(
    '/api/admin/customers/:id/activity',
    {
      config: read,
      schema: {
        tags,
        summary: "The customer's activity log (audit trail)",
        params: ZIdParams,
        response: { 200: z.array(ZActivityEntry) },
      },
    },
    (req) => service.listActivity(req.ctx, req.params.id),
  );

  app.get(
    '/api/admin/customers/:id/ip-addresses',
    {
      config: read,
      schema: {
        tags,
        summary: "The customer's 382 Network IP addresses",
        params: ZIdParams,
        response: { 200: z.array(ZIpAddress) },
      },
    },
    (req) => service.listIpAddresses(req.ctx, req.params.id),
  );

  app.post(
    '/api/admin/customers/:id/impersonate',
    {
      config: { permission: 'customers.impersonate' },
      schema: {
        tags,
        summary: "Open the customer portal as the customer's first active Admin user",
        params: ZIdParams,
        response: { 200: ZImpersonateResponse, 409: ZApiError },
      },
    },
    async (req, reply) => {
      const customer = await service.requireCustomer(req.ctx, req.params.id);
      const admin = await service.firstCustomerAdmin(req.ctx, customer.id);
      const token = await startImpersonation(req.ctx, { customerId: customer.id, customerName: customer.name, user: admin });
      setSessionCookie(app, reply, token, false);
      return { ok: true as const, redirectTo: '/customer' };
    },
  );
}
