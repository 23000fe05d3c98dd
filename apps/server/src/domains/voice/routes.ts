import { ZIdParams, ZOk } from '@portal/contract/common';
import {
  ZCdrPage,
  ZChannelAllocationBody,
  ZCreateTrunkBody,
  ZExportCdrsQuery,
  ZIpAddress,
  ZIpAddressPage,
  ZListCdrsQuery,
  ZListIpsQuery,
  ZListTrunksQuery,
  ZPlatformIpList,
  ZRegisterIpBody,
  ZTrunk,
  ZTrunkPage,
  ZUpdateIpBody,
  ZUpdateTrunkBody,
  ZVoiceAccount,
} from '@portal/contract/voice';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendExport } from '../../lib/export.ts';
import * as service from './service.ts';

/** Voice services (spec 2.9): SIP trunks, the 382 Network IPs, channel allocation and CDRs. */
export async function voiceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['voice'];

  app.get(
    '/api/voice/accounts/:id/channels',
    {
      config: { permission: 'voice.read' },
      schema: {
        tags,
        summary: "An account's max concurrent voice channels",
        params: ZIdParams,
        response: { 200: ZVoiceAccount },
      },
    },
    (req) => service.channelAllocation(req.ctx, req.params.id),
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
        response: { 200: ZVoiceAccount },
      },
    },
    (req) => service.setChannelAllocation(req.ctx, req.params.id, req.body),
  );

  app.get(
    '/api/voice/trunks',
    {
      config: { permission: 'voice.read' },
      schema: { tags, summary: 'SIP trunks in scope', querystring: ZListTrunksQuery, response: { 200: ZTrunkPage } },
    },
    (req) => service.listTrunks(req.ctx, req.query),
  );

  app.post(
    '/api/voice/trunks',
    {
      config: { permission: 'voice.write' },
      schema: { tags, summary: 'Create a trunk', body: ZCreateTrunkBody, response: { 201: ZTrunk } },
    },
    async (req, reply) => reply.code(201).send(await service.createTrunk(req.ctx, req.body)),
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
        response: { 200: ZTrunk },
      },
    },
    (req) => service.updateTrunk(req.ctx, req.params.id, req.body),
  );

  app.delete(
    '/api/voice/trunks/:id',
    {
      config: { permission: 'voice.write' },
      schema: { tags, summary: 'Delete a trunk', params: ZIdParams, response: { 200: ZOk } },
    },
    async (req) => {
      await service.deleteTrunk(req.ctx, req.params.id);
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
        response: { 200: ZIpAddressPage },
      },
    },
    (req) => service.listIps(req.ctx, req.query),
  );

  app.post(
    '/api/voice/ips',
    {
      config: { permission: 'voice.write' },
      schema: {
        tags,
        summary: 'Register an IP address on an account (public addresses only; an address belongs to one customer)',
        body: ZRegisterIpBody,
        response: { 201: ZIpAddress },
      },
    },
    async (req, reply) => reply.code(201).send(await service.registerIp(req.ctx, req.body)),
  );

  app.patch(
    '/api/voice/ips/:id',
    {
      config: { permission: 'voice.write' },
      schema: {
        tags,
        summary: 'Describe, retype, deactivate or reactivate a registered IP address',
        params: ZIdParams,
        body: ZUpdateIpBody,
        response: { 200: ZIpAddress },
      },
    },
    (req) => service.updateIp(req.ctx, req.params.id, req.body),
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
        response: { 200: ZCdrPage },
      },
    },
    (req) => service.listCdrs(req.ctx, req.query),
  );

  app.get(
    '/api/voice/cdrs/export',
    {
      config: { permission: 'voice.read' },
      schema: {
        tags,
        summary: 'Every matching CDR as CSV, streamed (start and end dates required)',
        querystring: ZExportCdrsQuery,
        response: { 200: z.string().describe('text/csv') },
      },
    },
    async (req, reply) => sendExport(reply, await service.exportCdrs(req.ctx, req.query)),
  );
}
