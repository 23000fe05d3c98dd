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
import { sendExport, ZCsv } from '../../lib/export.ts';
import { routesFor } from '../../lib/routes.ts';
import * as service from './service.ts';

/** Voice services (spec 2.9): SIP trunks, the 382 Network IPs, channel allocation and CDRs. */
export async function voiceRoutes(fastify: FastifyInstance) {
  const route = routesFor(fastify, ['voice']);

  route.get(
    '/api/voice/accounts/:id/channels',
    { permission: 'voice.read', summary: "An account's max concurrent voice channels", params: ZIdParams, response: ZVoiceAccount },
    (req) => service.channelAllocation(req.ctx, req.params.id),
  );

  route.put(
    '/api/voice/accounts/:id/channels',
    {
      permission: 'voice.write',
      summary: "Change an account's max concurrent voice channels",
      params: ZIdParams,
      body: ZChannelAllocationBody,
      response: ZVoiceAccount,
    },
    (req) => service.setChannelAllocation(req.ctx, req.params.id, req.body),
  );

  route.get(
    '/api/voice/trunks',
    { permission: 'voice.read', summary: 'SIP trunks in scope', cache: true, querystring: ZListTrunksQuery, response: ZTrunkPage },
    (req) => service.listTrunks(req.ctx, req.query),
  );

  route.post(
    '/api/voice/trunks',
    { permission: 'voice.write', summary: 'Create a trunk', body: ZCreateTrunkBody, response: ZTrunk, status: 201 },
    (req) => service.createTrunk(req.ctx, req.body),
  );

  route.patch(
    '/api/voice/trunks/:id',
    {
      permission: 'voice.write',
      summary: 'Change a trunk: name, route strategy, status, primary or failover group',
      params: ZIdParams,
      body: ZUpdateTrunkBody,
      response: ZTrunk,
    },
    (req) => service.updateTrunk(req.ctx, req.params.id, req.body),
  );

  route.delete(
    '/api/voice/trunks/:id',
    { permission: 'voice.write', summary: 'Delete a trunk', params: ZIdParams, response: ZOk },
    async (req) => {
      await service.deleteTrunk(req.ctx, req.params.id);
      return { ok: true as const };
    },
  );

  route.get(
    '/api/voice/ips',
    { permission: 'voice.read', summary: '382 Network IP addresses in scope', querystring: ZListIpsQuery, response: ZIpAddressPage },
    (req) => service.listIps(req.ctx, req.query),
  );

  route.post(
    '/api/voice/ips',
    {
      permission: 'voice.write',
      summary: 'Register an IP address on an account (public addresses only; an address belongs to one customer)',
      body: ZRegisterIpBody,
      response: ZIpAddress,
      status: 201,
    },
    (req) => service.registerIp(req.ctx, req.body),
  );

  route.patch(
    '/api/voice/ips/:id',
    {
      permission: 'voice.write',
      summary: 'Describe, retype, deactivate or reactivate a registered IP address',
      params: ZIdParams,
      body: ZUpdateIpBody,
      response: ZIpAddress,
    },
    (req) => service.updateIp(req.ctx, req.params.id, req.body),
  );

  route.get(
    '/api/voice/platform-ips',
    { permission: 'voice.read', summary: "The provider's four fixed platform IP addresses", response: ZPlatformIpList },
    () => service.platformIps(),
  );

  route.get(
    '/api/voice/cdrs',
    {
      permission: 'voice.read',
      summary: 'Call detail records, newest first, keyset paged',
      cache: true,
      querystring: ZListCdrsQuery,
      response: ZCdrPage,
    },
    (req) => service.listCdrs(req.ctx, req.query),
  );

  route.get(
    '/api/voice/cdrs/export',
    {
      permission: 'voice.read',
      summary: 'Every matching CDR as CSV, streamed (start and end dates required)',
      querystring: ZExportCdrsQuery,
      response: ZCsv,
      // Exports stream uncompressed: gzip on the fly would hold a core for a whole million-row
      // download (bench/records.ts measures the export against psql's COPY).
      options: { compress: false },
    },
    async (req, reply) => sendExport(reply, await service.exportCdrs(req.ctx, req.query)),
  );
}
