import { ZOk } from '@portal/contract/common';
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
import { routesFor } from '../../lib/routes.ts';
import * as service from './service.ts';

/** Voice services (spec 2.9): SIP trunks, the 382 Network IPs, channel allocation and CDRs. */
export async function voiceRoutes(fastify: FastifyInstance) {
  const route = routesFor(fastify, ['voice'], { read: 'voice.read', write: 'voice.write' });

  route.get('/api/voice/accounts/:id/channels', { summary: "An account's max concurrent voice channels", response: ZVoiceAccount }, (req) =>
    service.channelAllocation(req.ctx, req.params.id),
  );

  route.put(
    '/api/voice/accounts/:id/channels',
    { summary: "Change an account's max concurrent voice channels", body: ZChannelAllocationBody, response: ZVoiceAccount },
    (req) => service.setChannelAllocation(req.ctx, req.params.id, req.body),
  );

  route.get('/api/voice/trunks', { summary: 'SIP trunks in scope', cache: true, query: ZListTrunksQuery, response: ZTrunkPage }, (req) =>
    service.listTrunks(req.ctx, req.query),
  );

  route.create('/api/voice/trunks', { summary: 'Create a trunk', body: ZCreateTrunkBody, response: ZTrunk }, (req) =>
    service.createTrunk(req.ctx, req.body),
  );

  route.patch(
    '/api/voice/trunks/:id',
    { summary: 'Change a trunk: name, route strategy, status, primary or failover group', body: ZUpdateTrunkBody, response: ZTrunk },
    (req) => service.updateTrunk(req.ctx, req.params.id, req.body),
  );

  route.delete('/api/voice/trunks/:id', { summary: 'Delete a trunk', response: ZOk }, (req) => service.deleteTrunk(req.ctx, req.params.id));

  route.get('/api/voice/ips', { summary: '382 Network IP addresses in scope', query: ZListIpsQuery, response: ZIpAddressPage }, (req) =>
    service.listIps(req.ctx, req.query),
  );

  route.create(
    '/api/voice/ips',
    {
      summary: 'Register an IP address on an account (public addresses only; an address belongs to one customer)',
      body: ZRegisterIpBody,
      response: ZIpAddress,
    },
    (req) => service.registerIp(req.ctx, req.body),
  );

  route.patch(
    '/api/voice/ips/:id',
    { summary: 'Describe, retype, deactivate or reactivate a registered IP address', body: ZUpdateIpBody, response: ZIpAddress },
    (req) => service.updateIp(req.ctx, req.params.id, req.body),
  );

  route.get('/api/voice/platform-ips', { summary: "The provider's four fixed platform IP addresses", response: ZPlatformIpList }, () =>
    service.platformIps(),
  );

  route.get(
    '/api/voice/cdrs',
    { summary: 'Call detail records, newest first, keyset paged', cache: true, query: ZListCdrsQuery, response: ZCdrPage },
    (req) => service.listCdrs(req.ctx, req.query),
  );

  route.export(
    '/api/voice/cdrs/export',
    {
      summary: 'Every matching CDR as CSV, streamed (start and end dates required)',
      query: ZExportCdrsQuery,
      // Exports stream uncompressed: gzip on the fly would hold a core for a whole million-row
      // download (bench/records.ts measures the export against psql's COPY).
      options: { compress: false },
    },
    (req) => service.exportCdrs(req.ctx, req.query),
  );
}
