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
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as service from './service.ts';

/**
 * Accounts, for both portals: staff reach every customer's accounts, a customer user only their
 * own company's (another company's account is a 404). Services are changed by staff only.
 */
export async function accountRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['accounts'];
  const read = { permission: 'accounts.read' } as const;
  const write = { permission: 'accounts.write' } as const;
  const services = { permission: 'customers.write' } as const;

  app.get(
    '/api/accounts',
    {
      config: read,
      schema: {
        tags,
        summary: 'Accounts, filtered and paged',
        querystring: ZListAccountsQuery,
        response: { 200: ZPage(ZAccountListItem) },
      },
    },
    (req) => service.listAccounts(req.ctx, req.query),
  );

  app.get(
    '/api/accounts/options',
    {
      config: read,
      schema: {
        tags,
        summary: "The accounts in the caller's scope, for pickers and the account switcher",
        querystring: ZAccountOptionsQuery,
        response: { 200: z.array(ZAccountOption) },
      },
    },
    (req) => service.accountOptions(req.ctx, req.query),
  );

  app.post(
    '/api/accounts',
    {
      config: write,
      schema: {
        tags,
        summary: 'Create an account',
        body: ZCreateAccountBody,
        response: { 201: ZAccount, 409: ZApiError },
      },
    },
    async (req, reply) => reply.code(201).send(await service.createAccount(req.ctx, req.body)),
  );

  app.get(
    '/api/accounts/:id',
    { config: read, schema: { tags, summary: 'An account', params: ZIdParams, response: { 200: ZAccount } } },
    (req) => service.getAccount(req.ctx, req.params.id),
  );

  app.put(
    '/api/accounts/:id',
    {
      config: write,
      schema: {
        tags,
        summary: 'Update an account',
        params: ZIdParams,
        body: ZUpdateAccountBody,
        response: { 200: ZAccount },
      },
    },
    (req) => service.updateAccount(req.ctx, req.params.id, req.body),
  );

  app.delete(
    '/api/accounts/:id',
    {
      config: write,
      schema: { tags, summary: 'Delete an account (soft)', params: ZIdParams, response: { 200: ZOk, 409: ZApiError } },
    },
    async (req) => {
      await service.deleteAccount(req.ctx, req.params.id);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/admin/accounts/:id/services',
    {
      config: services,
      schema: {
        tags,
        summary: 'Add a service to an account',
        params: ZIdParams,
        body: ZServiceBody,
        response: { 201: ZAccount },
      },
    },
    async (req, reply) => reply.code(201).send(await service.addService(req.ctx, req.params.id, req.body)),
  );

  app.put(
    '/api/admin/accounts/:id/services/:serviceId',
    {
      config: services,
      schema: {
        tags,
        summary: "Change an account's service",
        params: ZServiceParams,
        body: ZServiceBody,
        response: { 200: ZAccount },
      },
    },
    (req) => service.updateService(req.ctx, req.params.id, req.params.serviceId, req.body),
  );

  app.delete(
    '/api/admin/accounts/:id/services/:serviceId',
    {
      config: services,
      schema: { tags, summary: 'Remove a service from an account', params: ZServiceParams, response: { 200: ZAccount } },
    },
    (req) => service.deleteService(req.ctx, req.params.id, req.params.serviceId),
  );
}
