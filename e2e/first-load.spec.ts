import { CUSTOMER, DEMO_PASSWORD, expect, homePath, loginPath, signInViaApi, test } from './support.ts';

test('the sign-in page arrives drawn, and loads neither the shell nor any screen', async ({ page }) => {
  const scripts: string[] = [];
  const requested: string[] = [];
  page.on('request', (request) => {
    requested.push(new URL(request.url()).pathname);
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  const brand = ((await (await page.request.get('/api/auth/session')).json()) as { brand: string }).brand;
  const response = await page.goto('/customer/login');
  const html = (await response?.text()) ?? '';
  // Issue 17, decision 0052: without a session cookie the page comes with its form drawn at build
  // time and its styles inside it, so nothing is waited for before the form shows; the server
  // wrote the brand in.
  expect(html).toContain('>Customer Login</h1>');
  expect(html).toMatch(/<input[^>]*type="password"/);
  expect(html).toContain(`>${brand}</p>`);
  expect(html).toContain('<style>');
  expect(html).not.toContain('rel="stylesheet"');
  await expect(page).toHaveTitle('Customer Login');
  await expect(page.getByRole('heading', { name: 'Customer Login' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((s) => /portal-layout|portal-frame|-page-/.test(s) && !s.includes('login-page'))).toEqual([]);
  // Before the form, only the entry and its one helper: the live page is imported once the form
  // is on screen.
  const listed = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]);
  expect(listed).toHaveLength(2);
  expect(html).toMatch(/<script type="module" crossorigin src="\/assets\/sign-in-[^"]+\.js">/);
  expect(scripts.some((s) => /\/assets\/sign-in-app-[^/]+\.js$/.test(s))).toBe(true);
  // The live page is drawn over the prerendered one: one form, working.
  await expect(page.locator('form')).toHaveCount(1);
  // Once the form shows, it prefetches the portal app's own files, so that the portal does not
  // start from nothing; the router is not loaded as a script.
  const portalFiles = (/<meta name="portal-files" content="([^"]*)"/.exec(html)?.[1] ?? '').split(' ').filter(Boolean);
  expect(portalFiles.some((file) => /\/assets\/router-[^/]+\.js$/.test(file))).toBe(true);
  expect(scripts.filter((s) => /\/assets\/router-/.test(s))).toEqual([]);
  await expect.poll(() => portalFiles.filter((file) => !requested.includes(file))).toEqual([]);
});

test('what is typed and pressed before the live page starts is kept, and signs in', async ({ page }) => {
  // hold the framework back: the form on screen is the prerendered one
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/framework-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(loginPath('customer'));
  await expect(page.getByRole('heading', { name: 'Customer Login' })).toBeVisible();
  await page.getByLabel('Email').fill(CUSTOMER.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  // the prerendered button submits nothing by itself (a browser's own submission would put the
  // password in the address)
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForTimeout(300);
  expect(page.url()).not.toContain(encodeURIComponent(DEMO_PASSWORD));
  await expect(page).toHaveURL(loginPath('customer'));
  release();
  // the live page starts with what was typed, and signs in as asked
  await expect(page).toHaveURL(homePath('customer'));
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
});

test('a signed-in browser gets the sign-in page without a drawn form, and goes on to its portal', async ({ page }) => {
  await signInViaApi(page, CUSTOMER);
  const response = await page.goto(loginPath('customer'));
  expect((await response?.text()) ?? '').not.toContain('type="password"');
  await expect(page).toHaveURL(homePath('customer'));
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
});
