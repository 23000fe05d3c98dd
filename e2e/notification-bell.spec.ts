import { ADMIN, CUSTOMER, checkScreen, expect, signInViaApi, test } from './support.ts';

const bell = (page: import('@playwright/test').Page) => page.getByRole('button', { name: /^Notifications/ });

test('the bell lists the latest notifications; Mark all as read clears the badge for good', async ({ page }) => {
  await signInViaApi(page, ADMIN);
  await page.goto('/admin');
  await expect(bell(page)).toHaveAccessibleName(/Notifications, \d+ unread/);

  await bell(page).click();
  const dropdown = page.getByRole('dialog', { name: 'Notifications' });
  await expect(dropdown.getByRole('listitem').first()).toBeVisible();
  await expect(dropdown.getByText(/Just now|minutes? ago|hours? ago|Yesterday|days ago/).first()).toBeVisible();
  await checkScreen(page, 'admin-dashboard-bell-open');

  await dropdown.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(bell(page)).toHaveAccessibleName('Notifications');
  await expect(dropdown.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(bell(page)).toHaveAccessibleName('Notifications');
});

test('clicking a notification marks it read and opens its link; View all goes to the notifications page', async ({ page }) => {
  await signInViaApi(page, CUSTOMER);
  await page.goto('/customer');
  await expect(bell(page)).toHaveAccessibleName(/Notifications, \d+ unread/);
  const before = Number((await bell(page).getAttribute('aria-label'))?.match(/(\d+) unread/)?.[1]);

  await bell(page).click();
  const dropdown = page.getByRole('dialog', { name: 'Notifications' });
  const unreadItem = dropdown.getByRole('listitem').filter({ hasText: 'Unread' }).first();
  await unreadItem.click();
  await expect(page).not.toHaveURL('/customer');
  const expected = before - 1 === 0 ? 'Notifications' : `Notifications, ${before - 1} unread`;
  await expect(bell(page)).toHaveAccessibleName(expected);

  await bell(page).click();
  await page.getByRole('button', { name: 'View all notifications' }).click();
  await expect(page).toHaveURL('/customer/notifications');
});
