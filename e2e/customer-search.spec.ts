import { ADMIN, checkScreen, expect, signInViaApi, test } from './support.ts';

test('staff find a customer from the dashboard search and it shows as recently accessed', async ({ page }) => {
  await signInViaApi(page, ADMIN);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByText('Total Customers')).toBeVisible();
  await expect(page.getByText('Recently Accessed Customers')).toBeVisible();
  await checkScreen(page, 'admin-dashboard');

  const search = page.getByRole('combobox', { name: 'Search customers' });
  await search.fill('glob');
  const option = page.getByRole('option', { name: /Globex Logistics LLC \(CUST-1002\)/ });
  await expect(option).toBeVisible();
  await checkScreen(page, 'admin-dashboard-search');
  await search.press('ArrowDown');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/admin\/customers\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Globex Logistics LLC', level: 1 })).toBeVisible();

  await page.goto('/admin');
  const recent = page.getByRole('button', { name: /^Globex Logistics LLC CUST-1002/ });
  await expect(recent).toBeVisible();
  await expect(recent).toContainText(/Just now|minute/);
});
