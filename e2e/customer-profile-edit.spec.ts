import { ADMIN, checkScreen, expect, pickFirst, signInViaApi, test } from './support.ts';

test('staff edit the company profile in its modal and see it saved after a reload', async ({ page }) => {
  await signInViaApi(page, ADMIN);
  await page.goto('/admin/customers');
  await page.getByRole('link', { name: 'Initech Software Corp.' }).click();
  await expect(page.getByRole('heading', { name: 'Initech Software Corp.', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Accounts' })).toBeVisible();
  await checkScreen(page, 'customer-detail-accounts');

  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const modal = page.getByRole('dialog', { name: 'Company Profile' });
  await expect(modal.getByLabel('Customer ID')).toHaveAttribute('readonly', '');
  await modal.getByLabel('Phone').fill('+1 (512) 555-0142');
  await modal.getByLabel('Email').fill('not-an-email');
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(modal.getByText('Email address is invalid')).toBeVisible();
  await modal.getByLabel('Email').fill('hello@initech.example');
  await pickFirst(page, modal, 'Account Manager');
  await checkScreen(page, 'company-profile-modal');
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Company profile updated successfully')).toBeVisible();
  await expect(modal).toBeHidden();

  await page.reload();
  await expect(page.getByText('(512) 555-0142', { exact: true })).toBeVisible();
  await expect(page.getByText('hello@initech.example')).toBeVisible();

  // The other tabs.
  await page.getByRole('tab', { name: 'Billing' }).click();
  await expect(page.getByText('Billing Summary')).toBeVisible();
  await checkScreen(page, 'customer-detail-billing');
  await page.getByRole('button', { name: 'Add Method' }).click();
  const add = page.getByRole('dialog', { name: 'Add Payment Method' });
  await add.getByLabel('Cardholder Name').fill('Joanna Lambert');
  await add.getByLabel('Card Number').fill('4242 4242 4242 4241');
  await add.getByLabel('Expiration (MM/YY)').fill('12/39');
  await add.getByLabel('CVV').fill('123');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add.getByText('Card number is invalid')).toBeVisible();
  await add.getByLabel('Card Number').fill('4242 4242 4242 4242');
  await add.getByLabel('Set as default payment method').check();
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Payment method saved successfully!')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Payment methods' }).getByText('Visa •••• 4242')).toBeVisible();

  await page.getByRole('tab', { name: '382 Network' }).click();
  await expect(page.getByText('382 Network rules')).toBeVisible();
  await checkScreen(page, 'customer-detail-network');
  await page.getByRole('tab', { name: 'Notes' }).click();
  await page.getByLabel('New note').fill('Renewal call booked for next week.');
  await page.getByRole('button', { name: 'Add Note' }).click();
  await expect(page.getByText('Renewal call booked for next week.')).toBeVisible();
  await expect(page.getByText(/Updated the company profile of Initech/)).toBeVisible();
  await checkScreen(page, 'customer-detail-notes');
});

test('unknown customers show the not-found state', async ({ page }) => {
  await signInViaApi(page, ADMIN);
  await page.goto('/admin/customers/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Customer Not Found' })).toBeVisible();
});
