import type { Page } from '@playwright/test';
import { ADMIN, CUSTOMER, checkScreen, downloadOf, expect, openDialog, signInViaApi, test } from './support.ts';

/** Adds a card through Payment Methods → Add Method (the page is on the customer's Billing Management). */
async function addCard(page: Page, holder: string, number: string) {
  await page.getByRole('button', { name: 'Add Method' }).click();
  const add = page.getByRole('dialog', { name: 'Add Payment Method' });
  await add.getByLabel('Cardholder Name').fill(holder);
  await add.getByLabel('Card Number').fill(number);
  await add.getByLabel('Expiration (MM/YY)').fill('12/30');
  await add.getByLabel('CVV').fill('123');
  await add.getByRole('button', { name: 'Save' }).click();
  await expect(add).toBeHidden();
  await expect(page.getByRole('table', { name: 'Payment methods' }).getByRole('row', { name: new RegExp(holder) })).toBeVisible();
}

test('billing staff generate a draft invoice for last month, add a charge, finalize it and download its PDF', async ({ page }) => {
  await signInViaApi(page, ADMIN);
  await page.goto('/admin/billing');
  await expect(page.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible();
  await expect(page.getByTestId('billing-cards')).toContainText('Total Outstanding');
  await expect(page.getByRole('table', { name: 'Invoices' }).getByRole('row').nth(1)).toContainText(/INV-\d{4}-\d{6}/);
  await checkScreen(page, 'billing-admin-invoices');

  const dialog = await openDialog(page, 'Generate Invoice');
  await dialog.getByRole('combobox', { name: 'Customer' }).fill('Acme');
  await page.getByRole('option', { name: /^Acme Communications/ }).click();
  // Acme Sales has its own billing and no invoice yet (the other accounts' last month is invoiced)
  await dialog.getByRole('combobox', { name: 'Account' }).fill('Acme Sales');
  await page.getByRole('option', { name: /^Acme Sales/ }).click();
  // the period is last month by default
  const now = new Date();
  const lastMonth = new Date(now.getFullYear(), now.getMonth() - 1, 1);
  const mm = String(lastMonth.getMonth() + 1).padStart(2, '0');
  await expect(dialog.getByRole('button', { name: 'Period Start' })).toHaveText(`${mm}/01/${lastMonth.getFullYear()}`);
  await checkScreen(page, 'billing-generate-invoice');
  await dialog.getByRole('button', { name: 'Generate Draft' }).click();

  // the draft opens
  const drawer = page.getByRole('dialog', { name: /^Draft invoice/ });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByText('Draft', { exact: true })).toBeVisible();
  await expect(drawer.getByTestId('invoice-totals')).toContainText('Balance');
  // a charge on the draft (a new account has no usage yet)
  await drawer.getByRole('button', { name: 'Add adjustment' }).click();
  const adjust = page.getByRole('dialog', { name: 'Add adjustment' });
  await adjust.getByRole('textbox', { name: 'Description' }).fill('One-time setup fee');
  await adjust.getByRole('textbox', { name: 'Amount' }).fill('150');
  await adjust.getByRole('button', { name: 'Add adjustment' }).click();
  await expect(adjust).toBeHidden();
  await expect(drawer.getByRole('table', { name: 'Invoice lines' })).toContainText('One-time setup fee');
  await expect(drawer.getByTestId('invoice-totals')).toContainText('$150.00');
  await checkScreen(page, 'billing-draft-invoice');
  await drawer.getByRole('button', { name: 'Finalize' }).click();
  await page.getByRole('dialog', { name: 'Finalize invoice' }).getByRole('button', { name: 'Finalize' }).click();

  // numbered and due
  const invoice = page.getByRole('dialog', { name: /^Invoice INV-\d{4}-\d{6}/ });
  await expect(invoice).toBeVisible();
  await expect(invoice.getByRole('heading').first()).toContainText('Due');
  const title = (await invoice.getByRole('heading').first().innerText()).trim();
  const number = /INV-\d{4}-\d{6}/.exec(title)?.[0] ?? '';
  expect(number).not.toBe('');
  await expect(page.getByText(`Invoice ${number} finalized`)).toBeVisible();

  const file = await downloadOf(page, () => invoice.getByRole('link', { name: 'Download PDF' }).click());
  expect(file.suggestedFilename()).toMatch(/\.pdf$/);

  // the list shows it, due (once the drawer has closed: the journey's last screen is checked by axe)
  await page.keyboard.press('Escape');
  await expect(invoice).toBeHidden();
  await page.getByRole('textbox', { name: 'Search' }).fill(number);
  const row = page.getByRole('table', { name: 'Invoices' }).getByRole('row', { name: new RegExp(number) });
  await expect(row).toContainText('Due');
});

test('a customer Admin adds cards, is declined with one and pays a due invoice with the other', async ({ page }) => {
  const stamp = Date.now();
  const declined = `Decline Tester ${stamp}`;
  const approved = `Approve Tester ${stamp}`;
  await signInViaApi(page, CUSTOMER);
  await page.goto('/customer/billing');
  await expect(page.getByRole('heading', { name: 'Billing Management', level: 1 })).toBeVisible();
  await expect(page.getByTestId('billing-cards')).toContainText('Current Balance');
  await expect(page.getByTestId('billing-cards')).toContainText(/Auto-Pay (On|Off)/);

  // Payment Methods: the tab follows the path
  await page.getByRole('tab', { name: 'Payment Methods' }).click();
  await expect(page).toHaveURL('/customer/billing/payment-methods');
  await addCard(page, declined, '4000 0000 0000 0002');
  await addCard(page, approved, '4242 4242 4242 4242');
  await checkScreen(page, 'billing-customer-payment-methods');

  // a due invoice
  await page.getByRole('tab', { name: 'Invoices' }).click();
  await expect(page).toHaveURL('/customer/billing');
  const table = page.getByRole('table', { name: 'Invoices' });
  const dueRow = table
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: /^Pay Now / }) })
    .first();
  const payLabel = (await dueRow.getByRole('button', { name: /^Pay Now / }).getAttribute('aria-label')) ?? '';
  const number = payLabel.replace(/^Pay Now /, '');
  expect(number).toMatch(/^INV-/);
  await dueRow.getByRole('button', { name: `View ${number}` }).click();
  const drawer = page.getByRole('dialog', { name: new RegExp(`^Invoice ${number}`) });
  await expect(drawer).toBeVisible();
  await expect(page).toHaveURL(/\?invoice=[0-9a-f-]{36}$/);
  await checkScreen(page, 'billing-customer-invoice');

  // declined: the gateway's reason, and the invoice stays due
  await drawer.getByRole('button', { name: 'Pay Now' }).click();
  const pay = page.getByRole('dialog', { name: `Pay ${number}` });
  await pay.getByRole('radio', { name: new RegExp(declined) }).check();
  await pay.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(pay.getByRole('alert')).toContainText('Your card was declined.');
  await checkScreen(page, 'billing-payment-declined');
  await pay.getByRole('button', { name: 'Cancel' }).click();
  await expect(pay).toBeHidden();
  await expect(drawer.getByRole('heading').first()).toContainText(/Due|Overdue/);
  await expect(drawer.getByRole('table', { name: 'Invoice payments' })).toContainText('Failed');

  // paid with the other card
  await drawer.getByRole('button', { name: 'Pay Now' }).click();
  await pay.getByRole('radio', { name: new RegExp(approved) }).check();
  await pay.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page.getByText('Payment successful')).toBeVisible();
  await expect(pay).toBeHidden();
  await expect(drawer.getByRole('heading').first()).toContainText('Paid');
  await expect(drawer.getByTestId('invoice-totals')).toContainText('$0.00');
  await expect(drawer.getByRole('button', { name: 'Pay Now' })).toHaveCount(0);

  // a notification's link opens the invoice too
  const id = new URL(page.url()).searchParams.get('invoice');
  await page.goto(`/customer/billing/invoices?invoice=${id}`);
  await expect(
    page
      .getByRole('dialog', { name: new RegExp(`^Invoice ${number}`) })
      .getByRole('heading')
      .first(),
  ).toContainText('Paid');
});
