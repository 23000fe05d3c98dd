import { ADMIN, CUSTOMER, expect, signInViaApi, test } from './support.ts';

/** Spec 2.1: where each path leads, signed out, as staff and as a customer. */
// Only where each path leads is checked here: the screens they lead to are checked by axe in
// a11y-screens.spec.ts, and once is enough. The cases are independent, so both workers share them.
test.use({ checkAccessibilityAtEnd: false });
test.describe.configure({ mode: 'parallel' });
const cases = {
  signedOut: [
    ['/', '/customer/login'],
    ['/login', '/customer/login'],
    ['/admin', '/admin/login'],
    ['/admin/customers', '/admin/login'],
    ['/admin/no-such-page', '/admin/login'],
    ['/customer', '/customer/login'],
    ['/customer/billing/payment-history', '/customer/login'],
    ['/no-such-page', '/customer/login'],
  ],
  staff: [
    ['/', '/admin'],
    ['/login', '/admin'],
    ['/admin/login', '/admin'],
    ['/customer/login', '/admin'],
    ['/admin/no-such-page', '/admin'],
    ['/admin/customers/new/extra/segments', '/admin'],
    ['/admin/accounts', '/admin'],
    ['/customer', '/admin'],
    ['/customer/billing', '/admin'],
    ['/no-such-page', '/admin'],
  ],
  customer: [
    ['/', '/customer'],
    ['/customer/login', '/customer'],
    ['/customer/no-such-page', '/customer'],
    ['/customer/compliance', '/customer/messaging'],
    ['/admin', '/customer'],
    ['/admin/customers', '/customer'],
    ['/admin/login', '/customer'],
    ['/no-such-page', '/customer'],
  ],
} as const;

test.describe('signed out', () => {
  for (const [from, to] of cases.signedOut) {
    test(`${from} goes to ${to}`, async ({ page }) => {
      await page.goto(from);
      await expect(page).toHaveURL(to);
    });
  }

  test('after signing in, the user returns to the page the guard sent them away from', async ({ page }) => {
    await page.goto('/admin/users');
    await expect(page).toHaveURL('/admin/login');
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill('Portal-Demo-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL('/admin/users');
  });
});

test.describe('signed in as staff', () => {
  test.beforeEach(async ({ page }) => signInViaApi(page, ADMIN));
  for (const [from, to] of cases.staff) {
    test(`${from} goes to ${to}`, async ({ page }) => {
      await page.goto(from);
      await expect(page).toHaveURL(to);
    });
  }
});

test.describe('signed in as a customer', () => {
  test.beforeEach(async ({ page }) => signInViaApi(page, CUSTOMER));
  for (const [from, to] of cases.customer) {
    test(`${from} goes to ${to}`, async ({ page }) => {
      await page.goto(from);
      await expect(page).toHaveURL(to);
    });
  }
});
