import { ZOk } from '@portal/contract/common';
import {
  ZListNotificationsQuery,
  ZNotificationList,
  ZNotificationSettings,
  ZNotificationSettingsBody,
} from '@portal/contract/notifications';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { liveHub } from '../../lib/live.ts';
import { routesFor } from '../../lib/routes.ts';
import { clearAll, getNotificationSettings, list, markAllRead, saveNotificationSettings, setRead, unreadCount } from './service.ts';

export async function notificationRoutes(fastify: FastifyInstance) {
  const route = routesFor(fastify, ['notifications'], 'signedIn');
  /**
   * The open live streams: ended when the server closes (a stream never ends by itself). By then a
   * rolling restart's drain has turned the balancer away from this instance: each stream is told to
   * come back within a second or two (spread, not all at once) and ended, and the browser's
   * EventSource reconnects through the balancer to another instance.
   */
  const open = new Set<{ end: (reconnectMs: number) => void }>();
  fastify.addHook('preClose', async () => {
    for (const s of open) s.end(500 + Math.floor(Math.random() * 1500));
    open.clear();
  });

  route.get(
    '/api/notifications',
    { summary: "The caller's notifications, newest first", cache: true, query: ZListNotificationsQuery, response: ZNotificationList },
    (req) => list(req.ctx, req.query.limit, req.query.unreadOnly),
  );

  route.post('/api/notifications/read-all', { summary: 'Mark all as read', response: ZOk }, (req) => markAllRead(req.ctx));

  route.post('/api/notifications/:id/read', { summary: 'Mark one as read', response: ZOk }, (req) => setRead(req.ctx, req.params.id, true));

  route.post('/api/notifications/:id/unread', { summary: 'Mark one as unread', response: ZOk }, (req) =>
    setRead(req.ctx, req.params.id, false),
  );

  route.delete('/api/notifications', { summary: "Clear all (delete the caller's notifications)", response: ZOk }, (req) =>
    clearAll(req.ctx),
  );

  route.get(
    '/api/notifications/settings',
    { summary: "The caller's notification settings flags and center preferences", response: ZNotificationSettings },
    (req) => getNotificationSettings(req.ctx),
  );

  route.put(
    '/api/notifications/settings',
    { summary: 'Save notification settings flags and/or preferences', body: ZNotificationSettingsBody, response: ZNotificationSettings },
    (req) => saveNotificationSettings(req.ctx, req.body),
  );

  /**
   * Server-sent events: `unread` with the caller's unread count whenever their notifications
   * change (any instance), and a comment every 25 s to keep proxies from closing the stream. EventSource
   * sends Accept: text/event-stream; other clients get the current count once.
   */
  route.get(
    '/api/notifications/stream',
    { summary: 'Live unread count (text/event-stream)', response: z.string().describe('text/event-stream') },
    async (req, reply) => {
      const user = req.ctx.actor?.type === 'user' ? req.ctx.actor.userId : null;
      if (!user) return '' as never;
      // a client that does not ask for a stream (no Accept: text/event-stream) gets the one event and the end
      if (!(req.headers.accept ?? '').includes('text/event-stream')) {
        const count = await unreadCount(req.ctx, user);
        return reply.type('text/event-stream; charset=utf-8').send(`event: unread\ndata: ${JSON.stringify({ unread: count })}\n\n`);
      }
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      // one count at a time; a change during a count sends one more afterwards (never a lost push)
      let pending = false;
      let again = false;
      const send = async (): Promise<void> => {
        if (res.writableEnded) return;
        if (pending) {
          again = true;
          return;
        }
        pending = true;
        try {
          const count = await unreadCount(req.ctx, user);
          res.write(`event: unread\ndata: ${JSON.stringify({ unread: count })}\n\n`);
        } catch (err) {
          req.log.warn({ err }, 'live unread count failed');
        } finally {
          pending = false;
        }
        if (again) {
          again = false;
          await send();
        }
      };
      const unsubscribe = liveHub(req.ctx.database, (err) => req.log.warn({ err }, 'live push failed')).subscribe(user, () => void send());
      const ping = setInterval(() => res.write(': ping\n\n'), 25_000);
      res.write('retry: 5000\n\n');
      await send();
      const end = () => {
        clearInterval(ping);
        unsubscribe();
      };
      const stream = {
        end: (reconnectMs: number) => {
          end();
          res.end(`retry: ${reconnectMs}\n\n`);
        },
      };
      open.add(stream);
      req.raw.on('close', () => {
        end();
        open.delete(stream);
      });
      return undefined as never;
    },
  );
}
