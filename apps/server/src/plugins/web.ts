import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.ts';

/** The sign-in pages, which have an HTML entry of their own (apps/web/sign-in.html, issue 17). */
const SIGN_IN_PATH = /^\/(admin|customer)\/login\/?$/;

/**
 * Serves the built web app; any non-API GET that is not a file gets index.html (client routing),
 * but the sign-in pages get sign-in.html: the same sign-in page without the portal's router and
 * routes, so the form shows sooner. Neither page is ever cached (they name the build's files).
 */
export const webPlugin = fp(async (app: FastifyInstance) => {
  const root = app.config.webDist;
  const hasWeb = existsSync(path.join(root, 'index.html'));
  // a web build without a sign-in page of its own (older builds, test fixtures): index.html for it too
  const signInPage = existsSync(path.join(root, 'sign-in.html')) ? 'sign-in.html' : 'index.html';
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies (apps/web/vite.config.ts): sent by Accept-Encoding, with Vary.
      preCompressed: true,
      setHeaders: (res, file) => {
        // Hashed assets never change; the pages (index.html, sign-in.html) must always be fresh.
        res.header('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '';
    if (hasWeb && (req.method === 'GET' || req.method === 'HEAD') && !url.startsWith('/api/') && !url.startsWith('/assets/')) {
      return reply.header('cache-control', 'no-cache').sendFile(SIGN_IN_PATH.test(url) ? signInPage : 'index.html');
    }
    throw new AppError(404, 'NOT_FOUND', 'Not found');
  });
});
