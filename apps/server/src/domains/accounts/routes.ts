import {
  ZAccount,
  ZAccountListItem,
  ZAccountOption,
  ZAccountOptionsQuery,
  ZCreateAccountBody,
  ZListAccountsQuery,
  ZServiceBody,
  ZServiceParams,
  ZUpdateAccountBody,
} from '@portal/contract/accounts';
import { ZApiError, ZIdParams, ZOk, ZPage } from '@portal/contract/common';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { routesFor } from '../../lib/routes.ts';
import * as service from './service.ts';

/**
 * Accounts, for both portals: staff reach every customer's accounts, a customer user only their
 * own company's (another company's account is a 404). Services are changed by staff only.
 */
export async function accountRoutes(fastify: FastifyInstance) {
  const route = routesFor(fastify, ['accounts']);

  route.get(
    '/api/accounts',
    {
      permission: 'accounts.read',
      summary: 'Accounts, filtered and paged',
      cache: true,
      querystring: ZListAccountsQuery,
      response: ZPage(ZAccountListItem),
    },
    (req) => service.listAccounts(req.ctx, req.query),
  );

  route.get(
    '/api/accounts/options',
    {
      permission: 'accounts.read',
      summary: "The accounts in the caller's scope, for pickers and the account switcher",
      querystring: ZAccountOptionsQuery,
      response: z.array(ZAccountOption),
    },
    (req) => service.accountOptions(req.ctx, req.query),
  );

  route.post(
    '/api/accounts',
    {
      permission: 'accounts.write',
      summary: 'Create an account',
      body: ZCreateAccountBody,
      response: ZAccount,
      status: 201,
      errors: { 409: ZApiError },
    },
    (req) => service.createAccount(req.ctx, req.body),
  );

  route.get('/api/accounts/:id', { permission: 'accounts.read', summary: 'An account', params: ZIdParams, response: ZAccount }, (req) =>
    service.getAccount(req.ctx, req.params.id),
  );

  route.put(
    '/api/accounts/:id',
    { permission: 'accounts.write', summary: 'Update an account', params: ZIdParams, body: ZUpdateAccountBody, response: ZAccount },
    (req) => service.updateAccount(req.ctx, req.params.id, req.body),
  );

  route.delete(
    '/api/accounts/:id',
    { permission: 'accounts.write', summary: 'Delete an account (soft)', params: ZIdParams, response: ZOk, errors: { 409: ZApiError } },
    async (req) => {
      await service.deleteAccount(req.ctx, req.params.id);
      return { ok: true as const };
    },
  );

  route.post(
    '/api/admin/accounts/:id/services',
    {
      permission: 'customers.write',
      summary: 'Add a service to an account',
      params: ZIdParams,
      body: ZServiceBody,
      response: ZAccount,
      status: 201,
    },
    (req) => service.addService(req.ctx, req.params.id, req.body),
  );

  route.put(
    '/api/admin/accounts/:id/services/:serviceId',
    {
      permission: 'customers.write',
      summary: "Change an account's service",
      params: ZServiceParams,
      body: ZServiceBody,
      response: ZAccount,
    },
    (req) => service.updateService(req.ctx, req.params.id, req.params.serviceId, req.body),
  );

  route.delete(
    '/api/admin/accounts/:id/services/:serviceId',
    { permission: 'customers.write', summary: 'Remove a service from an account', params: ZServiceParams, response: ZAccount },
    (req) => service.deleteService(req.ctx, req.params.id, req.params.serviceId),
  );
}
