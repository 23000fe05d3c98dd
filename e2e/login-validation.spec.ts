import { checkScreen, expect, type Portal, submitSignIn, test } from './support.ts';

for (const portal of ['admin', 'customer'] as Portal[]) {
  test.describe(`${portal} login validation`, () => {
    test.beforeEach(async ({ page }) => {
      await page.goto(`/${portal}/login`);
    });

    test('shows the page with its title and links', async ({ page }) => {
      const title = portal === 'admin' ? 'Admin Login' : 'Customer Login';
      await expect(page).toHaveTitle(title);
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', `/${portal}/forgot-password`);
      await expect(page.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
      await expect(page.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
      if (portal === 'admin') {
        await expect(page.getByRole('link', { name: 'Customer Login' })).toHaveAttribute('href', '/customer/login');
      } else {
        await expect(page.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
      }
      await checkScreen(page, `${portal}-login`);
    });

    test('requires an email and a password', async ({ page }) => {
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByText('Email is required')).toBeVisible();
      await expect(page.getByText('Password is required')).toBeVisible();
    });

    test('rejects an invalid email address', async ({ page }) => {
      await submitSignIn(page, 'not-an-email', 'whatever');
      await expect(page.getByText('Email address is invalid')).toBeVisible();
      await expect(page).toHaveURL(`/${portal}/login`);
    });

    test("clears each field's error when that field is edited", async ({ page }) => {
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByText('Email is required')).toBeVisible();
      await page.getByLabel('Email').pressSequentially('a');
      await expect(page.getByText('Email is required')).toBeHidden();
      await expect(page.getByText('Password is required')).toBeVisible();
      await page.getByLabel('Password', { exact: true }).pressSequentially('b');
      await expect(page.getByText('Password is required')).toBeHidden();
    });
  });
}

test('the forgot password page asks for an email and confirms neutrally', async ({ page }) => {
  await page.goto('/customer/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL('/customer/forgot-password');
  await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await checkScreen(page, 'forgot-password');
  await page.getByLabel('Email').fill('nobody@example.com');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('If an account exists for nobody@example.com')).toBeVisible();
});

test('the terms, privacy and contact pages are public', async ({ page }) => {
  for (const [path, heading] of [
    ['/terms', 'Terms of Service'],
    ['/privacy', 'Privacy Policy'],
    ['/contact', 'Contact Us'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
  }
});
