import { appendFileSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { type Browser, test as base, type Download, expect, type Locator, type Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

export type Portal = 'admin' | 'customer';

export const DEMO_PASSWORD = 'Portal-Demo-1';
export const ADMIN = { email: 'admin@example.com', portal: 'admin' as Portal };
export const CUSTOMER = { email: 'customer@example.com', portal: 'customer' as Portal };

export const loginPath = (portal: Portal) => `/${portal}/login`;
export const homePath = (portal: Portal) => `/${portal}`;

/** The brand the server reports; document titles start with it. */
export async function brandOf(page: Page): Promise<string> {
  const response = await page.request.get('/api/auth/session');
  return ((await response.json()) as { brand: string }).brand;
}

/** Fills the sign-in form of the page it is on and submits it; what follows is the journey's to check. */
export async function submitSignIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in through the sign-in page's form and waits for the portal's home. */
export async function signIn(page: Page, who: { email: string; portal: Portal }, password = DEMO_PASSWORD) {
  await page.goto(loginPath(who.portal));
  await submitSignIn(page, who.email, password);
  await expect(page).toHaveURL(homePath(who.portal));
}

/** Signs in through the API (faster, for journeys about something else); the page shares the cookie. */
export async function signInViaApi(page: Page, who: { email: string; portal: Portal }, password = DEMO_PASSWORD) {
  const response = await page.request.post('/api/auth/login', {
    headers: { 'x-portal-csrf': '1' },
    data: { email: who.email, password, remember: false, portal: who.portal },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Another person's page: a browser context of its own, signed in through the API (close it with `page.context().close()`). */
export async function signedInPage(browser: Browser, who: { email: string; portal: Portal }): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInViaApi(page, who);
  return page;
}

export async function logOut(page: Page) {
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Log Out' }).click();
}

/** The breadcrumb trail's texts, Home first. */
export async function breadcrumbTexts(page: Page): Promise<string[]> {
  const items = page.getByRole('navigation', { name: 'Breadcrumb' }).locator('a, [aria-current="page"]');
  return (await items.allInnerTexts()).map((t) => t.trim()).filter(Boolean);
}

export function currentCrumb(page: Page) {
  return page.getByRole('navigation', { name: 'Breadcrumb' }).locator('[aria-current="page"]');
}

/** Saves a screenshot to e2e/screenshots/ (git-ignored) for a person to look at. */
export async function saveScreenshot(page: Page, name: string) {
  await page.screenshot({ path: path.resolve(import.meta.dirname, 'screenshots', `${name}.png`), animations: 'disabled' });
}

/** The WCAG 2.1 A and AA rules (issue 16); serious and critical violations fail the journey. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);

/** Waits (briefly, never failing) for loading skeletons and finite animations so that axe sees the settled screen. */
async function settle(page: Page) {
  await page
    .waitForFunction(
      () => !document.querySelector('[aria-busy="true"], .mantine-Skeleton-root[data-visible="true"], [data-testid="table-skeleton"]'),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  await page
    .evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
          .map((a) => a.finished.catch(() => undefined)),
      ),
    )
    .catch(() => undefined);
}

/**
 * An open select's option list follows the ARIA combobox pattern: the focus stays in the input,
 * the arrow keys move the active option (aria-activedescendant) and the list scrolls to it. axe's
 * scrollable-region-focusable rule looks for focusable content inside the scrolling list and does not
 * know that pattern; making the list itself tabbable would take the focus out of the combobox. So
 * that one rule is not applied to Mantine's option lists, and the journeys check the keyboard instead.
 */
function isComboboxList(html: string): boolean {
  return /mantine-(Combobox|Select|ScrollArea)/.test(html) && !/role="(button|link|textbox)"/.test(html);
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const AXE_OPTIONS: RunOptions = {
  runOnly: { type: 'tag', values: WCAG_TAGS },
  // Only violations are read: axe then skips the details of passing checks, which saves much of its time.
  resultTypes: ['violations'],
  // Label in Name (WCAG 2.5.3) is still marked experimental in axe; the portal meets it, so it is checked.
  rules: { 'label-content-name-mismatch': { enabled: true } },
};

/**
 * axe-core run in the page itself, injected once per document. (The portal has no frames; the
 * @axe-core/playwright builder re-injects axe and finishes each run in a new page, six times slower.)
 */
async function runAxe(page: Page): Promise<AxeResults> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    (options) => (window as unknown as { axe: { run: (c: Document, o: RunOptions) => Promise<AxeResults> } }).axe.run(document, options),
    AXE_OPTIONS,
  );
}

/** The serious and critical WCAG 2.1 A/AA violations on the page as it is now, one readable line per element. */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  await settle(page);
  const results = await runAxe(page);
  const blocking = results.violations
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .map((v) => ({ ...v, nodes: v.nodes.filter((n) => !(v.id === 'scrollable-region-focusable' && isComboboxList(n.html))) }))
    .filter((v) => v.nodes.length > 0);
  if (process.env.A11Y_LOG) {
    for (const v of blocking)
      appendFileSync(process.env.A11Y_LOG, `${JSON.stringify({ url: page.url(), rule: v.id, nodes: v.nodes.length })}\n`);
  }
  return blocking.flatMap((v) =>
    v.nodes.map((n) => {
      const why = n.any[0]?.message ?? n.failureSummary ?? '';
      return `${v.id} (${v.impact}): ${n.target.join(' > ')} ${n.html.slice(0, 140)} — ${why}`;
    }),
  );
}

/**
 * Runs axe (WCAG 2.1 A and AA) on the page as it is now (open modals and menus included) and fails
 * on any serious or critical violation, listing each element and why.
 */
export async function expectAccessible(page: Page, name: string) {
  // A table refreshing its rows is dimmed (aria-busy) for a moment: the screen is checked once it has settled.
  await expect(page.locator('table[aria-busy="true"]')).toHaveCount(0);
  const violations = await accessibilityViolations(page);
  expect(violations, `Accessibility violations on ${name} (${page.url()})`).toEqual([]);
}

/**
 * Playwright's test with the accessibility check built in: every journey that imports it has the
 * screen it ends on checked by axe. Journeys call expectAccessible themselves for the screens, modals
 * and menus they pass through. `test.use({ checkAccessibilityAtEnd: false })` opts out (a journey that
 * ends on a download or a closed page).
 */
export const test = base.extend<{ checkAccessibilityAtEnd: boolean; accessibilityAtEnd: undefined }>({
  // Worker N drives the server on the configured port + N (e2e/playwright.config.ts starts one a worker).
  baseURL: async ({ baseURL }, use, testInfo) => {
    const url = new URL(baseURL ?? 'http://127.0.0.1:4173');
    url.port = String(Number(url.port) + testInfo.parallelIndex);
    await use(url.origin);
  },
  checkAccessibilityAtEnd: [true, { option: true }],
  accessibilityAtEnd: [
    async ({ page, checkAccessibilityAtEnd }, use, testInfo) => {
      await use(undefined);
      if (!checkAccessibilityAtEnd || testInfo.status !== testInfo.expectedStatus || page.isClosed()) return;
      if (!page.url().startsWith('http')) return;
      await expectAccessible(page, `the last screen of "${testInfo.title}"`);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * A journey's checkpoint on a screen worth looking at: axe finds nothing serious on it as it is (modals and
 * menus open included), and a screenshot is saved for a person to look at.
 */
export async function checkScreen(page: Page, name: string) {
  await expectAccessible(page, name);
  await saveScreenshot(page, name);
}

/** The screen checked (checkScreen) at the suite's width, then at 700 px (`<name>-700`), then back at 1280 px. */
export async function checkScreenNarrowToo(page: Page, name: string) {
  await checkScreen(page, name);
  await page.setViewportSize({ width: 700, height: 800 });
  await checkScreen(page, `${name}-700`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** What `click` downloads, once the download has started. */
export async function downloadOf(page: Page, click: () => Promise<unknown>): Promise<Download> {
  const download = page.waitForEvent('download');
  await click();
  return download;
}

/** A downloaded text file's lines (CSV rows), without the last line break. */
export async function linesOf(file: Download): Promise<string[]> {
  return readFileSync(await file.path(), 'utf8')
    .trim()
    .split(/\r?\n/);
}

/** Presses the button `name` and answers the dialog it opens, which bears the same name. */
export async function openDialog(page: Page, name: string): Promise<Locator> {
  await page.getByRole('button', { name }).click();
  return page.getByRole('dialog', { name });
}

/** Opens the select `name` in `scope` and picks its first option: the option's text. */
export async function pickFirst(page: Page, scope: Locator, name: string): Promise<string> {
  await scope.getByRole('combobox', { name }).click();
  const option = page.getByRole('option').first();
  const text = (await option.innerText()).trim();
  await option.click();
  return text;
}

/** A local day as YYYY-MM-DD. */
export const day = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** Picks a day in a Mantine date picker: opens it, goes back month by month to the day, clicks it. */
export async function pickDay(page: Page, label: string, d: Date) {
  await page.getByLabel(label, { exact: true }).click();
  const previous = page.getByRole('button', { name: 'Previous month' });
  await expect(previous).toBeVisible();
  const name = `${d.getDate()} ${d.toLocaleString('en-US', { month: 'long' })} ${d.getFullYear()}`;
  const dayButton = page.getByRole('button', { name, exact: true });
  for (let i = 0; i < 3 && !(await dayButton.isVisible()); i++) await previous.click();
  await dayButton.click();
  await expect(previous).toBeHidden();
}
