import { ZIdParams, ZOk } from '@portal/contract/common';
import { ZListNotificationsQuery, ZNotificationList } from '@portal/contract/notifications';
import type { FastifyInstance } from 'fastify';
import { routesFor } from '../../lib/routes.ts';
import { list, markAllRead, setRead } from './service.ts';

export async function notificationRoutes(fastify: FastifyInstance) {
  const route = routesFor(fastify, ['notifications']);

  route.get(
    '/api/notifications',
    {
      permission: 'signedIn',
      summary: "The caller's notifications, newest first",
      querystring: ZListNotificationsQuery,
      response: ZNotificationList,
    },
    (req) => list(req.ctx, req.query.limit, req.query.unreadOnly),
  );

  route.post('/api/notifications/read-all', { permission: 'signedIn', summary: 'Mark all as read', response: ZOk }, async (req) => {
    await markAllRead(req.ctx);
    return { ok: true as const };
  });

  route.post(
    '/api/notifications/:id/read',
    { permission: 'signedIn', summary: 'Mark one as read', params: ZIdParams, response: ZOk },
    async (req) => {
      await setRead(req.ctx, req.params.id, true);
      return { ok: true as const };
    },
  );

  route.post(
    '/api/notifications/:id/unread',
    { permission: 'signedIn', summary: 'Mark one as unread', params: ZIdParams, response: ZOk },
    async (req) => {
      await setRead(req.ctx, req.params.id, false);
      return { ok: true as const };
    },
  );
}
