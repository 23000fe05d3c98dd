import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.ts';

/** Serves the built web app; any non-API GET that is not a file gets index.html (client routing). */
export const webPlugin = fp(async (app: FastifyInstance) => {
  const root = app.config.webDist;
  const hasWeb = existsSync(path.join(root, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies (apps/web/vite.config.ts): sent by Accept-Encoding, with Vary.
      preCompressed: true,
      setHeaders: (res, file) => {
        // Hashed assets never change; index.html must always be fresh.
        res.header('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '';
    if (hasWeb && (req.method === 'GET' || req.method === 'HEAD') && !url.startsWith('/api/') && !url.startsWith('/assets/')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    throw new AppError(404, 'NOT_FOUND', 'Not found');
  });
});
