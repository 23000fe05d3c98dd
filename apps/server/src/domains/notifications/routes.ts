import { ZIdParams, ZOk } from '@portal/contract/common';
import { ZListNotificationsQuery, ZNotificationList } from '@portal/contract/notifications';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { list, markAllRead, setRead } from './service.ts';

export async function notificationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['notifications'];

  app.get(
    '/api/notifications',
    {
      config: { permission: 'signedIn' },
      schema: {
        tags,
        summary: "The caller's notifications, newest first",
        querystring: ZListNotificationsQuery,
        response: { 200: ZNotificationList },
      },
    },
    (req) => list(req.ctx, req.query.limit, req.query.unreadOnly),
  );

  app.post(
    '/api/notifications/read-all',
    { config: { permission: 'signedIn' }, schema: { tags, summary: 'Mark all as read', response: { 200: ZOk } } },
    async (req) => {
      await markAllRead(req.ctx);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/notifications/:id/read',
    {
      config: { permission: 'signedIn' },
      schema: { tags, summary: 'Mark one as read', params: ZIdParams, response: { 200: ZOk } },
    },
    async (req) => {
      await setRead(req.ctx, req.params.id, true);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/notifications/:id/unread',
    {
      config: { permission: 'signedIn' },
      schema: { tags, summary: 'Mark one as unread', params: ZIdParams, response: { 200: ZOk } },
    },
    async (req) => {
      await setRead(req.ctx, req.params.id, false);
      return { ok: true as const };
    },
  );
}
