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
import { z } from 'zod';
import { routesFor } from '../../lib/routes.ts';
import { setSessionCookie } from '../../plugins/auth.ts';
import { startImpersonation } from '../auth/service.ts';
import * as service from './service.ts';

/** Staff-only customer management (spec 2.5, 2.6). Customer sessions get 403 on all of it. */
export async function customerRoutes(fastify: FastifyInstance) {
  const route = routesFor(fastify, ['customers']);
  const { app } = route;

  route.get(
    '/api/admin/customers',
    {
      permission: 'customers.read',
      summary: 'Customers, filtered, sorted and paged',
      cache: true,
      querystring: ZListCustomersQuery,
      response: ZPage(ZCustomerListItem),
    },
    (req) => service.listCustomers(req.ctx, req.query),
  );

  route.get(
    '/api/admin/customers/suggestions',
    {
      permission: 'customers.read',
      summary: 'Customer search suggestions by name or customer ID',
      querystring: ZCustomerSuggestionsQuery,
      response: z.array(ZCustomerSuggestion),
    },
    (req) => service.suggestCustomers(req.ctx, req.query.q, req.query.limit),
  );

  route.get(
    '/api/admin/staff-options',
    { permission: 'customers.read', summary: 'Staff who may be chosen as account manager', response: z.array(ZStaffOption) },
    (req) => service.staffOptions(req.ctx),
  );

  route.post(
    '/api/admin/customers',
    { permission: 'customers.write', summary: 'Create a customer', body: ZCustomerBody, response: ZCustomer, status: 201 },
    (req) => service.createCustomer(req.ctx, req.body),
  );

  route.get(
    '/api/admin/customers/:id',
    { permission: 'customers.read', summary: 'A customer', params: ZIdParams, response: ZCustomer },
    (req) => service.getCustomer(req.ctx, req.params.id),
  );

  route.put(
    '/api/admin/customers/:id',
    { permission: 'customers.write', summary: 'Update the company profile', params: ZIdParams, body: ZCustomerBody, response: ZCustomer },
    (req) => service.updateCustomer(req.ctx, req.params.id, req.body),
  );

  route.delete(
    '/api/admin/customers/:id',
    {
      permission: 'customers.write',
      summary: 'Delete a customer (soft): it and its accounts leave every list; refused (409) while it holds phone numbers',
      params: ZIdParams,
      response: ZOk,
      errors: { 409: ZApiError },
    },
    async (req) => {
      await service.deleteCustomer(req.ctx, req.params.id);
      return { ok: true as const };
    },
  );

  route.get(
    '/api/admin/customers/:id/notes',
    { permission: 'customers.read', summary: "A customer's notes", params: ZIdParams, response: z.array(ZCustomerNote) },
    (req) => service.listNotes(req.ctx, req.params.id),
  );

  route.post(
    '/api/admin/customers/:id/notes',
    { permission: 'customers.write', summary: 'Add a note', params: ZIdParams, body: ZNoteBody, response: ZCustomerNote, status: 201 },
    (req) => service.addNote(req.ctx, req.params.id, req.body.body),
  );

  route.get(
    '/api/admin/customers/:id/activity',
    {
      permission: 'customers.read',
      summary: "The customer's activity log (audit trail)",
      params: ZIdParams,
      response: z.array(ZActivityEntry),
    },
    (req) => service.listActivity(req.ctx, req.params.id),
  );

  route.get(
    '/api/admin/customers/:id/ip-addresses',
    { permission: 'customers.read', summary: "The customer's 382 Network IP addresses", params: ZIdParams, response: z.array(ZIpAddress) },
    (req) => service.listIpAddresses(req.ctx, req.params.id),
  );

  route.post(
    '/api/admin/customers/:id/impersonate',
    {
      permission: 'customers.impersonate',
      summary: "Open the customer portal as the customer's first active Admin user",
      params: ZIdParams,
      response: ZImpersonateResponse,
      errors: { 409: ZApiError },
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
