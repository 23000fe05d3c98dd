import { ZOk, ZPage } from '@portal/contract/common';
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
  const route = routesFor(fastify, ['customers'], { read: 'customers.read', write: 'customers.write' });
  const { app } = route;

  route.get(
    '/api/admin/customers',
    { summary: 'Customers, filtered, sorted and paged', cache: true, query: ZListCustomersQuery, response: ZPage(ZCustomerListItem) },
    (req) => service.listCustomers(req.ctx, req.query),
  );

  route.get(
    '/api/admin/customers/suggestions',
    {
      summary: 'Customer search suggestions by name or customer ID',
      query: ZCustomerSuggestionsQuery,
      response: z.array(ZCustomerSuggestion),
    },
    (req) => service.suggestCustomers(req.ctx, req.query.q, req.query.limit),
  );

  route.get('/api/admin/staff-options', { summary: 'Staff who may be chosen as account manager', response: z.array(ZStaffOption) }, (req) =>
    service.staffOptions(req.ctx),
  );

  route.create('/api/admin/customers', { summary: 'Create a customer', body: ZCustomerBody, response: ZCustomer }, (req) =>
    service.createCustomer(req.ctx, req.body),
  );

  route.get('/api/admin/customers/:id', { summary: 'A customer', response: ZCustomer }, (req) =>
    service.getCustomer(req.ctx, req.params.id),
  );

  route.put('/api/admin/customers/:id', { summary: 'Update the company profile', body: ZCustomerBody, response: ZCustomer }, (req) =>
    service.updateCustomer(req.ctx, req.params.id, req.body),
  );

  route.delete(
    '/api/admin/customers/:id',
    {
      summary: 'Delete a customer (soft): it and its accounts leave every list; refused (409) while it holds phone numbers',
      response: ZOk,
      errors: [409],
    },
    (req) => service.deleteCustomer(req.ctx, req.params.id),
  );

  route.get('/api/admin/customers/:id/notes', { summary: "A customer's notes", response: z.array(ZCustomerNote) }, (req) =>
    service.listNotes(req.ctx, req.params.id),
  );

  route.create('/api/admin/customers/:id/notes', { summary: 'Add a note', body: ZNoteBody, response: ZCustomerNote }, (req) =>
    service.addNote(req.ctx, req.params.id, req.body.body),
  );

  route.get(
    '/api/admin/customers/:id/activity',
    { summary: "The customer's activity log (audit trail)", response: z.array(ZActivityEntry) },
    (req) => service.listActivity(req.ctx, req.params.id),
  );

  route.get(
    '/api/admin/customers/:id/ip-addresses',
    { summary: "The customer's 382 Network IP addresses", response: z.array(ZIpAddress) },
    (req) => service.listIpAddresses(req.ctx, req.params.id),
  );

  route.post(
    '/api/admin/customers/:id/impersonate',
    {
      permission: 'customers.impersonate',
      summary: "Open the customer portal as the customer's first active Admin user",
      response: ZImpersonateResponse,
      errors: [409],
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
