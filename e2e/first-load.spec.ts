import { expect, test } from './support.ts';

test('the sign-in page loads neither the shell nor any screen, and only the scripts its HTML lists', async ({ page }) => {
  const scripts: string[] = [];
  const requested: string[] = [];
  page.on('request', (request) => {
    requested.push(new URL(request.url()).pathname);
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  const response = await page.goto('/customer/login');
  const html = (await response?.text()) ?? '';
  await expect(page.getByRole('heading', { name: 'Customer Login' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((s) => /portal-layout|portal-frame|-page-/.test(s) && !s.includes('login-page'))).toEqual([]);
  // Issue 17: no request waits on another before the form; every script is in the page's HTML (the
  // entry and its modulepreloads), none is found only once the app runs (a lazy route chunk).
  const listed = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]);
  expect(scripts.filter((s) => !listed.includes(s))).toEqual([]);
  // one stylesheet: the sign-in page's Mantine styles and its own
  expect([...html.matchAll(/rel="stylesheet"[^>]*href="(\/assets\/[^"]+)"/g)]).toHaveLength(1);
  // The sign-in page is its own entry, without the portal's router (sign-in.html); once the form
  // shows, it prefetches the portal app's own files, so that the portal does not start from nothing.
  expect(html).toMatch(/<script type="module" crossorigin src="\/assets\/sign-in-[^"]+\.js">/);
  const portalFiles = (/<meta name="portal-files" content="([^"]*)"/.exec(html)?.[1] ?? '').split(' ').filter(Boolean);
  expect(portalFiles.some((file) => /\/assets\/router-[^/]+\.js$/.test(file))).toBe(true);
  expect(scripts.filter((s) => /\/assets\/router-/.test(s))).toEqual([]);
  await expect.poll(() => portalFiles.filter((file) => !requested.includes(file))).toEqual([]);
});
