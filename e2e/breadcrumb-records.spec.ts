import { ADMIN, breadcrumbTexts, currentCrumb, expect, signInViaApi, test } from './support.ts';

const UNKNOWN_ACCOUNT = '00000000-0000-4000-8000-000000000000';

test("customer and account crumbs show the record's name; the 'accounts' segment after a customer is hidden", async ({ page }) => {
  await signInViaApi(page, ADMIN);
  // A seeded notification links to a customer: use it to find a real customer id.
  const list = (await (await page.request.get('/api/notifications?limit=50')).json()) as { items: { link: string | null }[] };
  const customerId = list.items.map((n) => n.link?.match(/^\/admin\/customers\/([0-9a-f-]{36})$/)?.[1]).find(Boolean);
  expect(customerId, 'a seeded notification links to a customer').toBeTruthy();
  const { name } = (await (await page.request.get(`/api/names/customers/${customerId}`)).json()) as { name: string };

  await page.goto(`/admin/customers/${customerId}`);
  await expect(page).toHaveTitle(/Admin - Customer Details$/);
  await expect(currentCrumb(page)).toHaveText(name);

  await page.goto(`/admin/customers/${customerId}/accounts/${UNKNOWN_ACCOUNT}/voice`);
  await expect(currentCrumb(page)).toHaveText('Voice');
  // An unknown account falls back to its id; there is no 'Accounts' crumb between the customer and the account.
  await expect.poll(() => breadcrumbTexts(page)).toEqual(['Home', 'Admin', 'Customers', name, UNKNOWN_ACCOUNT, 'Voice']);
});
