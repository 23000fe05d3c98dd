import { ZApiError, ZIdParams, ZOk } from '@portal/contract/common';
import {
  ZCdrPage,
  ZChannelAllocationBody,
  ZCreateTrunkBody,
  ZExportCdrsQuery,
  ZIpAddressPage,
  ZListCdrsQuery,
  ZListIpsQuery,
  ZListTrunksQuery,
  ZPlatformIpList,
  ZTrunk,
  ZTrunkPage,
  ZUpdateTrunkBody,
  ZVoiceAccount,
  ZVoiceAccountList,
  ZVoiceAccountsQuery,
} from '@portal/contract/voice';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendCsv } from '../../lib/csv.ts';
import * as service from './service.ts';

/** Voice services (spec 2.9): SIP trunks, the 382 Network IPs, channel allocation and CDRs. */
export async function voiceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['voice'];

  app.get(
    '/api/voice/accounts',
    {
      config: { permission: 'voice.read' },
      schema: {
        tags,
        summary: 'Accounts in scope with their channel allocation',
        querystring: ZVoiceAccountsQuery,
        response: { 200: ZVoiceAccountList, 404: ZApiError },
      },
    },
    (req) => service.voiceAccounts(app, req, req.query.customerId),
  );

  app.put(
    '/api/voice/accounts/:id/channels',
    {
      config: { permission: 'voice.write' },
      schema: {
        tags,
        summary: "Change an account's max concurrent voice channels",
        params: ZIdParams,
        body: ZChannelAllocationBody,
        response: { 200: ZVoiceAccount, 400: ZApiError, 404: ZApiError },
      },
    },
    (req) => service.setChannelAllocation(app, req, req.params.id, req.body),
  );

  app.get(
    '/api/voice/trunks',
    {
      config: { permission: 'voice.read' },
      schema: { tags, summary: 'SIP trunks in scope', querystring: ZListTrunksQuery, response: { 200: ZTrunkPage, 404: ZApiError } },
    },
    (req) => service.listTrunks(app, req, req.query),
  );

  app.post(
    '/api/voice/trunks',
    {
      config: { permission: 'voice.write' },
      schema: { tags, summary: 'Create a trunk', body: ZCreateTrunkBody, response: { 201: ZTrunk, 400: ZApiError } },
    },
    async (req, reply) => reply.code(201).send(await service.createTrunk(app, req, req.body)),
  );

  app.patch(
    '/api/voice/trunks/:id',
    {
      config: { permission: 'voice.write' },
      schema: {
        tags,
        summary: 'Change a trunk: name, route strategy, status, primary or failover group',
        params: ZIdParams,
        body: ZUpdateTrunkBody,
        response: { 200: ZTrunk, 400: ZApiError, 404: ZApiError },
      },
    },
    (req) => service.updateTrunk(app, req, req.params.id, req.body),
  );

  app.delete(
    '/api/voice/trunks/:id',
    {
      config: { permission: 'voice.write' },
      schema: { tags, summary: 'Delete a trunk', params: ZIdParams, response: { 200: ZOk, 404: ZApiError } },
    },
    async (req) => {
      await service.deleteTrunk(app, req, req.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/voice/ips',
    {
      config: { permission: 'voice.read' },
      schema: {
        tags,
        summary: '382 Network IP addresses in scope',
        querystring: ZListIpsQuery,
        response: { 200: ZIpAddressPage, 404: ZApiError },
      },
    },
    (req) => service.listIps(app, req, req.query),
  );

  app.get(
    '/api/voice/platform-ips',
    {
      config: { permission: 'voice.read' },
      schema: { tags, summary: "The provider's four fixed platform IP addresses", response: { 200: ZPlatformIpList } },
    },
    () => service.platformIps(),
  );

  app.get(
    '/api/voice/cdrs',
    {
      config: { permission: 'voice.read' },
      schema: {
        tags,
        summary: 'Call detail records, newest first, keyset paged',
        querystring: ZListCdrsQuery,
        response: { 200: ZCdrPage, 400: ZApiError, 404: ZApiError },
      },
    },
    (req) => service.listCdrs(app, req, req.query),
  );

  app.get(
    '/api/voice/cdrs/export',
    {
      config: { permission: 'voice.read' },
      schema: {
        tags,
        summary: 'Every matching CDR as CSV, streamed (start and end dates required)',
        querystring: ZExportCdrsQuery,
        response: { 200: z.string().describe('text/csv'), 400: ZApiError, 404: ZApiError },
      },
    },
    async (req, reply) => {
      const body = await service.exportCdrs(app, req, req.query);
      return sendCsv(reply, `cdrs-${req.query.startDate}-to-${req.query.endDate}.csv`, body);
    },
  );
}
