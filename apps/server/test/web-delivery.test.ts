import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, signIn, type TestApp } from './helpers.ts';

/**
 * How the web app's files and the API's answers travel (issue 17): the build's .br/.gz copies by
 * Accept-Encoding, hashed assets cached for good, index.html and sign-in.html never, the sign-in
 * addresses answered with sign-in.html, large JSON compressed.
 */
const dist = mkdtempSync(path.join(tmpdir(), 'portal-web-'));
const script = `console.log(${JSON.stringify('x'.repeat(5000))});`;
let t: TestApp;
beforeAll(async () => {
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Portal</title>');
  writeFileSync(path.join(dist, 'sign-in.html'), '<!doctype html><title>Sign in</title>');
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), script);
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js.gz'), gzipSync(script));
  t = await createTestApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('web app delivery', () => {
  it('sends the brotli copy of a hashed asset to a browser that accepts it, cached for good', async () => {
    const res = await t.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
    expect(res.rawPayload.length).toBeLessThan(script.length / 10);
  });

  it('sends gzip to a client without brotli, and the file itself to one that accepts neither', async () => {
    const gz = await t.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await t.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('never lets a browser cache the page that names the assets', async () => {
    for (const url of ['/', '/admin/customers']) {
      const res = await t.app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<title>Portal</title>');
    }
  });

  it('answers the sign-in addresses with the sign-in page, never cached, and every other page with index.html', async () => {
    for (const url of ['/admin/login', '/customer/login', '/admin/login/', '/customer/login?from=x&y=%20', '/customer/login/?a=1']) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await t.app.inject({ method, url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
        expect(res.statusCode, `${method} ${url}`).toBe(200);
        expect(res.headers['cache-control'], url).toBe('no-cache');
        expect(res.headers['content-type'], url).toMatch(/^text\/html/);
        if (method === 'GET') expect(res.body, url).toContain('<title>Sign in</title>');
      }
    }
    for (const url of [
      '/',
      '/login',
      '/admin',
      '/customer',
      '/admin/login/extra',
      '/customer/login-help',
      '/partner/login',
      '/customer/forgot-password',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toContain('<title>Portal</title>');
    }
    // The page's own address is a file like any other, never cached either.
    const file = await t.app.inject({ url: '/sign-in.html' });
    expect(file.headers['cache-control']).toBe('no-cache');
    expect(file.body).toContain('<title>Sign in</title>');
  });

  it('sends a screen address with a stray % (typed into the address bar) to the same address escaped, for the app to answer', async () => {
    const res = await t.app.inject({ url: '/customer/accounts/%%%?tab=1' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/customer/accounts/%25%25%25?tab=1');
    const page = await t.app.inject({ url: res.headers.location as string });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Portal</title>');
    // Never to another site, whatever the path starts with.
    for (const url of ['//evil.example/%%', '/\\evil.example/%zz', '/%2F%2Fevil.example/%']) {
      const away = await t.app.inject({ url });
      expect(away.statusCode, url).toBe(302);
      expect(away.headers.location, url).toMatch(/^\/[^/\\]/);
    }
    // The API keeps its one error shape.
    const api = await t.app.inject({ url: '/api/accounts/%%%' });
    expect(api.statusCode).toBe(400);
    expect(api.json().error.code).toBe('BAD_REQUEST');
  });

  it('compresses API answers above a kilobyte, and leaves small ones alone', async () => {
    const big = await t.app.inject({ url: '/api/openapi.json', headers: { 'accept-encoding': 'gzip' } });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(big.rawPayload).toString())).toHaveProperty('paths');
    const small = await t.app.inject({ url: '/healthz', headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 'ok' });
  });

  it('streams CSV exports as they are, uncompressed (a long download would hold a core)', async () => {
    const cookie = await signIn(t.app, 'customer');
    const res = await as(t.app, cookie, { url: '/api/numbers/export', headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.split('\n')[0]).toContain('Number');
  });
});
