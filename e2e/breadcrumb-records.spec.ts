import { ADMIN, breadcrumbTexts, CUSTOMER, currentCrumb, expect, signInViaApi, test } from './support.ts';

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
  // An unknown account's crumb reads 'Not found', never its id; there is no 'Accounts' crumb between the customer and the account.
  await expect.poll(() => breadcrumbTexts(page)).toEqual(['Home', 'Admin', 'Customers', name, 'Not found', 'Voice']);
  await expect(page.getByRole('heading', { name: 'Account not found' })).toBeVisible();

  // A malformed account id is the same unknown account.
  await page.goto(`/admin/customers/${customerId}/accounts/xyz`);
  await expect(page.getByRole('heading', { name: 'Account not found' })).toBeVisible();
  await expect.poll(() => breadcrumbTexts(page)).toEqual(['Home', 'Admin', 'Customers', name, 'Not found']);
});

test("a malformed or unknown customer id shows 'Customer Not Found' and a 'Not found' crumb, never the id", async ({ page }) => {
  await signInViaApi(page, ADMIN);
  for (const id of ['not-a-real-id!!', UNKNOWN_ACCOUNT]) {
    await page.goto(`/admin/customers/${id}`);
    await expect(page.getByRole('heading', { name: 'Customer Not Found' })).toBeVisible();
    await expect(page.getByText('The customer you are looking for does not exist or has been removed.')).toBeVisible();
    await expect(page.getByText(/could not be loaded/)).toHaveCount(0);
    await expect(currentCrumb(page)).toHaveText('Not found');
    await expect.poll(() => breadcrumbTexts(page)).toEqual(['Home', 'Admin', 'Customers', 'Not found']);
  }
});

test("a customer opening a malformed sub-account id sees 'Account not found' and a 'Not found' crumb", async ({ page }) => {
  await signInViaApi(page, CUSTOMER);
  // As typed into the address bar (the server sends it on escaped), and escaped.
  for (const path of ['/customer/accounts/%%%', '/customer/accounts/%25%25%25', '/customer/accounts/not-a-real-id!!/voice']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Account not found' })).toBeVisible();
    await expect(page.getByText(/could not be loaded/)).toHaveCount(0);
    await expect.poll(() => breadcrumbTexts(page)).toContain('Not found');
    expect((await breadcrumbTexts(page)).join(' ')).not.toMatch(/%|not-a-real-id/);
  }
});
