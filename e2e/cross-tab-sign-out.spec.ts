import { ADMIN, expect, logOut, signIn, test } from './support.ts';

test('logging out in one tab sends the other tab to the sign-in page', async ({ context }) => {
  const first = await context.newPage();
  await signIn(first, ADMIN);
  const second = await context.newPage();
  await second.goto('/admin/customers');
  await expect(second.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible();

  await first.bringToFront();
  await logOut(first);
  await expect(first).toHaveURL('/admin/login');

  // No focus change on the second tab: the broadcast alone must move it.
  await expect(second).toHaveURL('/admin/login');
});

test('signing in in one tab moves another tab off the sign-in page', async ({ context }) => {
  const first = await context.newPage();
  await first.goto('/admin/login');
  const second = await context.newPage();
  await signIn(second, ADMIN);
  await expect(first).toHaveURL('/admin');
});
