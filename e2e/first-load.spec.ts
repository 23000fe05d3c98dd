import { expect, test } from './support.ts';

test('the sign-in page loads neither the shell nor any screen, and only the scripts its HTML lists', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  const response = await page.goto('/customer/login');
  const html = (await response?.text()) ?? '';
  await expect(page.getByRole('heading', { name: 'Customer Login' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((s) => /portal-layout|portal-frame|-page-/.test(s) && !s.includes('login-page'))).toEqual([]);
  // Issue 17: no request waits on another before the form; every script is in index.html (the
  // entry and its modulepreloads), none is found only once the app runs (a lazy route chunk).
  const listed = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]);
  expect(scripts.filter((s) => !listed.includes(s))).toEqual([]);
  // one stylesheet: the sign-in page's Mantine styles and its own
  expect([...html.matchAll(/rel="stylesheet"[^>]*href="(\/assets\/[^"]+)"/g)]).toHaveLength(1);
});
