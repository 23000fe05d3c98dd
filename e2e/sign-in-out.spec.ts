import { ADMIN, brandOf, CUSTOMER, expect, logOut, signIn, submitSignIn, test } from './support.ts';

test('a wrong password shows the generic error above the form', async ({ page }) => {
  await page.goto('/admin/login');
  await submitSignIn(page, 'support@example.com', 'not-the-password');
  await expect(page.getByRole('alert')).toContainText('Invalid email or password');
  await expect(page).toHaveURL('/admin/login');
});

test('customer credentials are refused on the admin login', async ({ page }) => {
  await page.goto('/admin/login');
  await submitSignIn(page, 'user@example.com');
  await expect(page.getByRole('alert')).toContainText('Invalid email or password');
});

for (const who of [ADMIN, CUSTOMER]) {
  test(`${who.email} signs in to the ${who.portal} portal and logs out`, async ({ page }) => {
    const brand = await brandOf(page);
    await signIn(page, who);
    const word = who.portal === 'admin' ? 'Admin' : 'Customer';
    await expect(page).toHaveTitle(`${brand} ${word} - Dashboard`);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Account menu for/ })).toBeVisible();

    await logOut(page);
    await expect(page).toHaveURL(`/${who.portal}/login`);
    await expect(page).toHaveTitle(`${word} Login`);

    // The server session is gone: the portal asks to sign in again.
    await page.goto(`/${who.portal}`);
    await expect(page).toHaveURL(`/${who.portal}/login`);
  });
}

test('remember me keeps the email for the next sign-in', async ({ page }) => {
  await page.goto('/customer/login');
  await page.getByLabel('Email').fill(CUSTOMER.email);
  await page.getByLabel('Password', { exact: true }).fill('Portal-Demo-1');
  await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/customer');
  await logOut(page);
  await expect(page).toHaveURL('/customer/login');
  await expect(page.getByLabel('Email')).toHaveValue(CUSTOMER.email);
  await expect(page.getByLabel('Remember me')).toBeChecked();
});
