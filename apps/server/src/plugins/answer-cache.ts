import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { dataVersion } from '../db/data-version.ts';
import { AnswerCache, Turns } from '../lib/answer-cache.ts';
import { liveHub } from '../lib/live.ts';
import { sha256 } from '../lib/tokens.ts';
import { SESSION_COOKIE } from './auth.ts';

/** Says whether an answer came from the cache ("hit") or was computed and kept ("miss"). */
export const CACHE_HEADER = 'x-portal-cache';
const REFRESH_HEADER = 'x-portal-cache-refresh';

declare module 'fastify' {
  interface FastifyInstance {
    /** The answers kept for signed-in sessions (null with API_CACHE_SECONDS=0). */
    answerCache: AnswerCache | null;
  }
  interface FastifyContextConfig {
    /**
     * The route's answer depends only on the caller's session, the address and the data: it is
     * kept for that session until any data changes (or API_CACHE_SECONDS pass). Lists and
     * dashboards declare it; a route with side effects or its own headers does not.
     */
    cache?: boolean;
  }
}

/** How many kept answers are sent in one turn of the event loop (see Turns). */
const HITS_PER_TURN = 16;

/**
 * Keeps the answers of `cache` routes per session and address (decision 0056). A kept answer is
 * sent before the session is read or a place is taken in the admission line: it was computed for
 * this same session, and nothing in the database has changed since (sign-out, a new role or a
 * suspension are writes too). Registered after the cookies are parsed and before compression, so
 * it keeps the JSON text and a hit is compressed like any answer.
 */
export const answerCachePlugin = fp(async (app: FastifyInstance) => {
  const seconds = app.config.API_CACHE_SECONDS;
  app.decorate('answerCache', null);
  if (!seconds) return;
  const cache = new AnswerCache({ ttlMs: seconds * 1000 });
  app.answerCache = cache;
  const version = dataVersion(app.database);
  const stop = version.onBump(() => cache.clear());
  liveHub(app.database, (err) => app.log.warn({ err }, 'live channel')).relayDataChanges(version);
  app.addHook('onClose', async () => {
    stop();
    cache.clear();
  });

  // Refresh-ahead: an answer in use is asked for again, in the background, as the same session
  // (app.inject, through the admission line and the session lookup like any request), before its
  // time is up. The header's value is known to this process only: it makes the request skip the
  // kept answer, nothing else.
  const refreshSecret = randomUUID();
  const refresh = (url: string, token: string) => {
    void app
      .inject({ method: 'GET', url, headers: { cookie: `${SESSION_COOKIE}=${token}`, [REFRESH_HEADER]: refreshSecret } })
      .catch((err: unknown) => app.log.warn({ err }, 'answer cache refresh'));
  };

  const turns = new Turns(HITS_PER_TURN);
  const misses = new WeakMap<FastifyRequest, { key: string; version: number }>();
  app.addHook('onRequest', async (req, reply) => {
    if (req.method !== 'GET' || !req.routeOptions.config?.cache) return;
    const token = req.cookies[SESSION_COOKIE];
    if (!token) return;
    const key = `${sha256(token)} ${req.url}`;
    if (req.headers[REFRESH_HEADER] !== refreshSecret) {
      await turns.take();
      const hit = cache.get(key, version.current);
      if (hit) {
        if (hit.refresh) refresh(req.url, token);
        reply.header('content-type', hit.contentType).header(CACHE_HEADER, 'hit');
        return reply.send(hit.body);
      }
    }
    misses.set(req, { key, version: version.current });
  });
  app.addHook('onSend', async (req, reply, payload) => {
    const miss = misses.get(req);
    if (!miss) return payload;
    misses.delete(req);
    const until = req.auth?.sessionTrustedUntil;
    if (reply.statusCode === 200 && typeof payload === 'string' && until && miss.version === version.current) {
      const contentType = String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8');
      cache.set(miss.key, { body: payload, contentType }, miss.version, until);
      reply.header(CACHE_HEADER, 'miss');
    }
    return payload;
  });
});
