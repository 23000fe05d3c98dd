import {
  ZAccount,
  ZAccountListItem,
  ZAccountOption,
  ZAccountOptionsQuery,
  ZCreateAccountBody,
  ZListAccountsQuery,
  ZServiceBody,
  ZUpdateAccountBody,
} from '@portal/contract/accounts';
import { ZOk, ZPage } from '@portal/contract/common';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { routesFor } from '../../lib/routes.ts';
import * as service from './service.ts';

/**
 * Accounts, for both portals: staff reach every customer's accounts, a customer user only their
 * own company's (another company's account is a 404). Services are changed by staff only.
 */
export async function accountRoutes(fastify: FastifyInstance) {
  const route = routesFor(fastify, ['accounts'], { read: 'accounts.read', write: 'accounts.write' });

  route.get(
    '/api/accounts',
    { summary: 'Accounts, filtered and paged', cache: true, query: ZListAccountsQuery, response: ZPage(ZAccountListItem) },
    (req) => service.listAccounts(req.ctx, req.query),
  );

  route.get(
    '/api/accounts/options',
    {
      summary: "The accounts in the caller's scope, for pickers and the account switcher",
      query: ZAccountOptionsQuery,
      response: z.array(ZAccountOption),
    },
    (req) => service.accountOptions(req.ctx, req.query),
  );

  route.create('/api/accounts', { summary: 'Create an account', body: ZCreateAccountBody, response: ZAccount, errors: [409] }, (req) =>
    service.createAccount(req.ctx, req.body),
  );

  route.get('/api/accounts/:id', { summary: 'An account', response: ZAccount }, (req) => service.getAccount(req.ctx, req.params.id));

  route.put('/api/accounts/:id', { summary: 'Update an account', body: ZUpdateAccountBody, response: ZAccount }, (req) =>
    service.updateAccount(req.ctx, req.params.id, req.body),
  );

  route.delete('/api/accounts/:id', { summary: 'Delete an account (soft)', response: ZOk, errors: [409] }, (req) =>
    service.deleteAccount(req.ctx, req.params.id),
  );

  route.create(
    '/api/admin/accounts/:id/services',
    { permission: 'customers.write', summary: 'Add a service to an account', body: ZServiceBody, response: ZAccount },
    (req) => service.addService(req.ctx, req.params.id, req.body),
  );

  route.put(
    '/api/admin/accounts/:id/services/:serviceId',
    { permission: 'customers.write', summary: "Change an account's service", body: ZServiceBody, response: ZAccount },
    (req) => service.updateService(req.ctx, req.params.id, req.params.serviceId, req.body),
  );

  route.delete(
    '/api/admin/accounts/:id/services/:serviceId',
    { permission: 'customers.write', summary: 'Remove a service from an account', response: ZAccount },
    (req) => service.deleteService(req.ctx, req.params.id, req.params.serviceId),
  );
}
