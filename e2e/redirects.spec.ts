import { ADMIN, CUSTOMER, expect, signInViaApi, submitSignIn, test } from './support.ts';

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
    await submitSignIn(page, ADMIN.email);
    await expect(page).toHaveURL('/admin/users');
  });
});

for (const [who, user, list] of [
  ['staff', ADMIN, cases.staff],
  ['a customer', CUSTOMER, cases.customer],
] as const) {
  test.describe(`signed in as ${who}`, () => {
    test.beforeEach(async ({ page }) => signInViaApi(page, user));
    for (const [from, to] of list) {
      test(`${from} goes to ${to}`, async ({ page }) => {
        await page.goto(from);
        await expect(page).toHaveURL(to);
      });
    }
  });
}
