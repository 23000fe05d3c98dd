import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { BRAND_SLOT, SIGN_IN_PATH } from '@portal/contract/pages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.ts';
import { SESSION_COOKIE } from './auth.ts';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

type PreparedPage = { etag: string; identity: Buffer; br: Buffer; gzip: Buffer };

/**
 * A sign-in page drawn at build time (sign-in-admin.html, sign-in-customer.html; decision 0052),
 * with the brand written in, compressed once at start.
 */
function preparePage(file: string, brand: string): PreparedPage {
  const identity = Buffer.from(readFileSync(file, 'utf8').replaceAll(BRAND_SLOT, escapeHtml(brand)));
  return {
    etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`,
    identity,
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(identity, { level: 9 }),
  };
}

function sendPrepared(req: FastifyRequest, reply: FastifyReply, page: PreparedPage) {
  // never cached without asking (it names the build's files), but a 304 when nothing changed
  reply.header('cache-control', 'no-cache').header('etag', page.etag).header('vary', 'Accept-Encoding, Cookie');
  if (req.headers['if-none-match'] === page.etag) return reply.code(304).send();
  reply.type('text/html; charset=utf-8');
  const accepts = String(req.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepts)) return reply.header('content-encoding', 'br').send(page.br);
  if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(page.gzip);
  return reply.send(page.identity);
}

/**
 * Serves the built web app; any non-API GET that is not a file gets index.html (client routing),
 * but the sign-in pages get sign-in.html: the same sign-in page without the portal's router and
 * routes, so the form shows sooner; or, without a session cookie, that page drawn at build time.
 * No page is ever cached without asking (they name the build's files).
 */
export const webPlugin = fp(async (app: FastifyInstance) => {
  const root = app.config.webDist;
  const hasWeb = existsSync(path.join(root, 'index.html'));
  // a web build without a sign-in page of its own (older builds, test fixtures): index.html for it too
  const signInPage = existsSync(path.join(root, 'sign-in.html')) ? 'sign-in.html' : 'index.html';
  // The sign-in pages drawn at build time, for a browser without a session cookie: nobody can be
  // signed in there, so the form shows before any script runs. With a cookie, sign-in.html, whose
  // script asks for the session first and sends a signed-in user on without showing the form.
  const prerendered = new Map<string, PreparedPage>();
  for (const portal of ['admin', 'customer']) {
    const file = path.join(root, `sign-in-${portal}.html`);
    if (existsSync(file)) prerendered.set(portal, preparePage(file, app.config.PORTAL_BRAND));
  }
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
      const signIn = SIGN_IN_PATH.exec(url);
      const page = signIn && !req.cookies[SESSION_COOKIE] ? prerendered.get(signIn[1] ?? '') : undefined;
      if (page) return sendPrepared(req, reply, page);
      return reply.header('cache-control', 'no-cache').sendFile(signIn ? signInPage : 'index.html');
    }
    throw new AppError(404, 'NOT_FOUND', 'Not found');
  });
});
