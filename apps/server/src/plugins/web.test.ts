import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../config.ts';
import { SESSION_COOKIE } from './auth.ts';
import { webPlugin } from './web.ts';

/** A web build's pages as the build writes them (apps/web/vite.config.ts), each naming itself. */
const PAGES = {
  'index.html': '<!doctype html><html><body><div id="root"></div>portal app</body></html>',
  'sign-in.html': '<!doctype html><html><body><div id="root"></div>sign-in entry</body></html>',
  'sign-in-admin.html': `<!doctype html><html><head><meta name="portal-brand" content="__PORTAL_BRAND__" /></head><body><div id="root"><p>__PORTAL_BRAND__</p><h1>Admin Login</h1>${'<input type="password" />'.repeat(50)}</div></body></html>`,
  'sign-in-customer.html': `<!doctype html><html><head><meta name="portal-brand" content="__PORTAL_BRAND__" /></head><body><div id="root"><p>__PORTAL_BRAND__</p><h1>Customer Login</h1>${'<input type="password" />'.repeat(50)}</div></body></html>`,
};

let dist: string;
let bare: string;

async function appServing(webDist: string, brand: string) {
  const app = Fastify();
  app.decorate('config', { webDist, PORTAL_BRAND: brand } as Config);
  await app.register(cookie);
  await app.register(webPlugin);
  await app.ready();
  return app;
}

beforeAll(() => {
  dist = mkdtempSync(path.join(tmpdir(), 'portal-web-'));
  for (const [name, html] of Object.entries(PAGES)) writeFileSync(path.join(dist, name), html);
  // an older build, without the prerendered pages
  bare = path.join(dist, 'bare');
  mkdirSync(bare);
  for (const name of ['index.html', 'sign-in.html'] as const) writeFileSync(path.join(bare, name), PAGES[name]);
});

afterAll(() => {
  rmSync(dist, { recursive: true, force: true });
});

describe('the sign-in pages (decision 0052)', () => {
  it('sends a browser without a session cookie its portal’s prerendered page, with the brand written in and escaped', async () => {
    const app = await appServing(dist, 'Acme <Voice> & "Data"');
    for (const portal of ['admin', 'customer'] as const) {
      const res = await app.inject({ url: `/${portal}/login` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.vary).toBe('Accept-Encoding, Cookie');
      expect(res.body).toContain(portal === 'admin' ? '<h1>Admin Login</h1>' : '<h1>Customer Login</h1>');
      expect(res.body).toContain('<p>Acme &lt;Voice&gt; &amp; &quot;Data&quot;</p>');
      expect(res.body).toContain('content="Acme &lt;Voice&gt; &amp; &quot;Data&quot;"');
      expect(res.body).not.toContain('__PORTAL_BRAND__');
    }
    // with a trailing slash and a query string too
    expect((await app.inject({ url: '/customer/login/?next=1' })).body).toContain('<h1>Customer Login</h1>');
    await app.close();
  });

  it('sends it compressed as the browser accepts, and a 304 when the browser has it', async () => {
    const app = await appServing(dist, 'Acme');
    const plain = await app.inject({ url: '/customer/login' });
    const br = await app.inject({ url: '/customer/login', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    const gzip = await app.inject({ url: '/customer/login', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    const etag = String(plain.headers.etag);
    const again = await app.inject({ url: '/customer/login', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // each portal's page is its own
    expect((await app.inject({ url: '/admin/login' })).headers.etag).not.toBe(etag);
    await app.close();
  });

  it('sends a browser with a session cookie sign-in.html, whose script asks who is signed in', async () => {
    const app = await appServing(dist, 'Acme');
    const res = await app.inject({ url: '/customer/login', cookies: { [SESSION_COOKIE]: 'anything' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('sign-in entry');
    expect(res.headers['cache-control']).toBe('no-cache');
    await app.close();
  });

  it('sends sign-in.html from a build without prerendered pages, and index.html for the other pages', async () => {
    const app = await appServing(bare, 'Acme');
    expect((await app.inject({ url: '/customer/login' })).body).toContain('sign-in entry');
    expect((await app.inject({ url: '/customer/numbers' })).body).toContain('portal app');
    await app.close();
    const full = await appServing(dist, 'Acme');
    expect((await full.inject({ url: '/admin/customers' })).body).toContain('portal app');
    expect((await full.inject({ url: '/admin/login/extra' })).body).toContain('portal app');
    await full.close();
  });
});
