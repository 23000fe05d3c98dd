import path from 'node:path';
import { expect, type Page } from '@playwright/test';

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

/** Signs in through the sign-in page's form and waits for the portal's home. */
export async function signIn(page: Page, who: { email: string; portal: Portal }, password = DEMO_PASSWORD) {
  await page.goto(loginPath(who.portal));
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
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

export async function logOut(page: Page) {
  await page.getByRole('button', { name: /^Account menu for/ }).click();
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
