import type { Page } from '@playwright/test';
import { ADMIN, brandOf, CUSTOMER, checkScreen, currentCrumb, expect, type Portal, signInViaApi, test } from './support.ts';

/** [sidebar label, path, screen title, last breadcrumb] */
type Entry = readonly [string, string, string, string];

const ADMIN_ENTRIES: Entry[] = [
  ['Customers', '/admin/customers', 'Customers', 'Customers'],
  ['Users', '/admin/users', 'Users', 'Users'],
  ['Billing', '/admin/billing', 'Billing', 'Billing'],
  ['Phone Numbers', '/admin/numbers', 'Phone Numbers', 'Phone Numbers'],
  ['Messaging Tools', '/admin/messaging', 'Messaging Tools', 'Messaging'],
  ['Voice Services', '/admin/voice', 'Voice Services', 'Voice'],
  ['API Access', '/admin/api', 'API Access', 'API Access'],
  ['Regulatory Compliance', '/admin/compliance', 'Regulatory Compliance', 'Regulatory Compliance'],
  ['Support Tools', '/admin/support', 'Support Tools', 'Support Tools'],
  ['Reports', '/admin/reports', 'Reports', 'Reports'],
  ['Notifications', '/admin/notifications', 'Notifications', 'Notifications'],
  ['Dashboard', '/admin', 'Dashboard', 'Admin'],
];

const CUSTOMER_ENTRIES: Entry[] = [
  ['Company Profile', '/customer/profile', 'Company Profile', 'Company Profile'],
  ['Sub-accounts', '/customer/accounts', 'Sub-accounts', 'Accounts'],
  ['Users', '/customer/users', 'Users', 'Users'],
  ['Billing', '/customer/billing', 'Billing', 'Billing'],
  ['Numbers', '/customer/numbers', 'Numbers', 'Numbers'],
  ['Messaging', '/customer/messaging', 'Messaging Tools', 'Messaging'],
  ['Voice', '/customer/voice', 'Voice Services', 'Voice'],
  ['API Access', '/customer/api', 'API Access', 'API Access'],
  ['Support', '/customer/support', 'Support Center', 'Support'],
  ['Reports', '/customer/reports', 'Reports', 'Reports'],
  ['Notifications', '/customer/notifications', 'Notifications', 'Notifications'],
  ['Dashboard', '/customer', 'Dashboard', 'Customer Portal'],
];

async function walkSidebar(page: Page, portal: Portal, entries: Entry[]) {
  const brand = await brandOf(page);
  const word = portal === 'admin' ? 'Admin' : 'Customer';
  const sidebar = page.getByRole('navigation', { name: 'Main navigation' });
  for (const [label, path, title, crumb] of entries) {
    // The Billing entry's name also reads its badge ("Billing 3 invoices due").
    const link = sidebar.getByRole('link', { name: new RegExp(`^${label}( \\d+ invoices due)?$`) });
    await link.click();
    await expect(page).toHaveURL(path);
    await expect(page).toHaveTitle(`${brand} ${word} - ${title}`);
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    await expect(currentCrumb(page)).toHaveText(crumb);
    await expect(link).toHaveAttribute('data-active', 'true');
  }
  await sidebar.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(`/${portal}/settings`);
  await expect(page).toHaveTitle(`${brand} ${word} - ${portal === 'admin' ? 'Settings' : 'User Settings'}`);
  await expect(currentCrumb(page)).toHaveText('Settings');
}

test('every admin sidebar entry opens its screen with its title and breadcrumb', async ({ page }) => {
  await signInViaApi(page, ADMIN);
  await page.goto('/admin');
  await walkSidebar(page, 'admin', ADMIN_ENTRIES);
});

test('every customer sidebar entry opens its screen with its title and breadcrumb', async ({ page }) => {
  await signInViaApi(page, CUSTOMER);
  await page.goto('/customer');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Notifications, \d+ unread/ })).toBeVisible();
  await checkScreen(page, 'customer-shell');
  await walkSidebar(page, 'customer', CUSTOMER_ENTRIES);
});

test('breadcrumbs start at Home and link every segment but the last', async ({ page }) => {
  await signInViaApi(page, ADMIN);
  await page.goto('/admin/billing/payment-history');
  const trail = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(trail.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/admin');
  await expect(trail.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
  await expect(trail.getByRole('link', { name: 'Billing' })).toHaveAttribute('href', '/admin/billing');
  await expect(currentCrumb(page)).toHaveText('Payment History');
  await page.goto('/admin/accounts/new');
  await expect(currentCrumb(page)).toHaveText('New Account');
  await expect(trail.getByText('Accounts')).toBeVisible();
  await expect(trail.getByRole('link', { name: 'Accounts' })).toHaveCount(0);
});
