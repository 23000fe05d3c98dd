import { chromium } from 'playwright-core';
const base = 'http://localhost:4780';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const tabs = (process.env.TABS ?? 'general,security,api,billing,email,profile,maintenance,logs').split(',');
for (const width of [1280, 700]) {
  const ctx = await browser.newContext({ baseURL: base, viewport: { width, height: 800 } });
  const page = await ctx.newPage();
  const r = await page.request.post('/api/auth/login', { headers: { 'x-portal-csrf': '1' }, data: { email: 'admin@example.com', password: 'Portal-Demo-1', remember: false, portal: 'admin' } });
  if (r.status() !== 200) throw new Error(await r.text());
  page.on('console', (m) => { if (m.type() === 'error') console.log('console', m.text()); });
  for (const t of tabs) {
    await page.goto(`/admin/settings?tab=${t}`);
    await page.getByRole('heading', { name: 'System Settings', level: 1 }).waitFor();
    await page.waitForTimeout(1200);
    await page.screenshot({ path: `/tmp/shots/${t}-${width}.png`, fullPage: process.env.FULL === '1' });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    console.log(t, width, 'overflow', overflow);
  }
  await ctx.close();
}
await browser.close();
