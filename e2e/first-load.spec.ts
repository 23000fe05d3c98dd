import { expect, test } from './support.ts';

test('the sign-in page loads neither the shell nor any screen', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/customer/login');
  await expect(page.getByRole('heading', { name: 'Customer Login' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.some((s) => s.includes('login-page'))).toBe(true);
  expect(scripts.filter((s) => /portal-layout|-page-/.test(s) && !s.includes('login-page'))).toEqual([]);
});
