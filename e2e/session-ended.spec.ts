import { request as apiRequest } from '@playwright/test';
import { CUSTOMER, expect, logOut, signIn, submitSignIn, test } from './support.ts';

const ENDED = 'Your session has ended. Please sign in again.';

test('a session that ends on the server sends the user to sign in with a notice, and back after', async ({ page }) => {
  await signIn(page, CUSTOMER);
  await page.getByRole('link', { name: 'Company Profile' }).click();
  await expect(page).toHaveURL('/customer/profile');
  // The screen has read its data: what comes next is the user's own click.
  await expect(page.getByLabel('Billing City')).toHaveValue(/\S/);
  // The server ends the session behind the page's back (as an idle timeout or a sign-out on another
  // device does): the same session cookie, sent from outside this browser, whose cookies stay as they are.
  const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
  const elsewhere = await apiRequest.newContext({ baseURL: new URL(page.url()).origin });
  const out = await elsewhere.post('/api/auth/logout', { headers: { 'x-portal-csrf': '1', cookie } });
  expect(out.status()).toBe(200);
  await elsewhere.dispose();
  await page.getByRole('link', { name: 'Sub-accounts' }).click();
  await expect(page).toHaveURL('/customer/login');
  await expect(page.getByText(ENDED)).toBeVisible();
  await submitSignIn(page, CUSTOMER.email);
  await expect(page).toHaveURL('/customer/accounts');
});

test('logging out on purpose shows no session-ended notice', async ({ page }) => {
  await signIn(page, CUSTOMER);
  await logOut(page);
  await expect(page).toHaveURL('/customer/login');
  await expect(page.getByRole('heading', { name: 'Customer Login' })).toBeVisible();
  await expect(page.getByText(ENDED)).toHaveCount(0);
});
