import { ADMIN, CUSTOMER, checkScreen, expect, openDialog, signedInPage, signInViaApi, test } from './support.ts';

test('a customer registers a brand and a campaign (fixing the warnings first), staff approve both, the customer sees Approved and is told', async ({
  page,
  browser,
}) => {
  const suffix = String(Date.now()).slice(-5);
  const brand = `Acme Perks ${suffix}`;
  const campaign = `Perks Alerts ${suffix}`;
  await signInViaApi(page, CUSTOMER);
  await page.goto('/customer/messaging');
  await expect(page.getByRole('heading', { name: 'Messaging Tools', level: 1 })).toBeVisible();
  await expect(page.getByText('WARNING')).toBeVisible(); // the demo company has a number without an approved campaign
  await checkScreen(page, 'messaging-status');

  // register the brand: the EIN is checked on its field
  await page.getByRole('tab', { name: 'Brand' }).click();
  const form = await openDialog(page, 'Register Brand');
  await form.getByRole('textbox', { name: 'Brand Name' }).fill(brand);
  await form.getByRole('textbox', { name: 'Legal Company Name' }).fill('Acme Communications Inc.');
  await form.getByRole('combobox', { name: 'Entity Type' }).click();
  await page.getByRole('option', { name: 'Private Company' }).click();
  await form.getByRole('combobox', { name: 'Vertical' }).fill('Tech');
  await page.getByRole('option', { name: 'Technology' }).click();
  await form.getByRole('textbox', { name: 'Website' }).fill('acme.example.com');
  await form.getByRole('textbox', { name: 'Support Email' }).fill('help@acme.example.com');
  await form.getByRole('textbox', { name: 'Support Phone' }).fill('(212) 555-0188');
  await form.getByRole('textbox', { name: 'Street Address' }).fill('1 Main Street');
  await form.getByRole('textbox', { name: 'City' }).fill('New York');
  await form.getByRole('textbox', { name: 'State' }).fill('NY');
  await form.getByRole('textbox', { name: 'ZIP Code' }).fill('10001');
  await form.getByRole('textbox', { name: 'Tax ID (EIN)' }).fill('12-34');
  await form.getByRole('button', { name: 'Register Brand' }).click();
  await expect(form.getByText('The EIN has 9 digits, e.g. 12-3456789')).toBeVisible();
  await form.getByRole('textbox', { name: 'Tax ID (EIN)' }).fill('12-3456789');
  await checkScreen(page, 'messaging-register-brand');
  await form.getByRole('button', { name: 'Register Brand' }).click();
  await expect(page.getByText('Brand registered: it is pending review')).toBeVisible();
  const brands = page.getByRole('table', { name: 'Brands' });
  await expect(brands.getByRole('row', { name: new RegExp(brand) })).toContainText('Pending');

  // staff approve the brand
  const staff = await signedInPage(browser, ADMIN);
  await staff.goto('/admin/messaging?tab=brands');
  await staff.getByRole('textbox', { name: 'Search' }).fill(brand);
  const staffBrands = staff.getByRole('table', { name: 'Brands' });
  await expect(staffBrands.getByRole('row')).toHaveCount(2);
  await checkScreen(staff, 'messaging-staff-brands');
  await staffBrands.getByRole('button', { name: `Approve ${brand}` }).click();
  await expect(staff.getByText(`${brand} approved`)).toBeVisible();

  // the campaign form warns before anything is sent; the customer fixes the samples
  await page.reload();
  await expect(brands.getByRole('row', { name: new RegExp(brand) })).toContainText('Approved');
  await page.getByRole('tab', { name: 'Campaign' }).click();
  const dialog = await openDialog(page, 'Create Campaign');
  await dialog.getByRole('combobox', { name: 'Account' }).fill('Acme Main');
  await page.getByRole('option', { name: /^Acme Main Office/ }).click();
  await dialog.getByRole('combobox', { name: 'Brand' }).fill(brand);
  await page.getByRole('option', { name: brand }).click();
  await dialog.getByRole('textbox', { name: 'Campaign Name' }).fill(campaign);
  await dialog.getByRole('combobox', { name: 'Use Case' }).click();
  await page.getByRole('option', { name: 'Account Notification' }).click();
  await dialog.getByRole('textbox', { name: 'Description' }).fill('Points balance and reward alerts for loyalty members.');
  await dialog.getByRole('textbox', { name: 'Sample 1' }).fill('You have 120 points waiting.');
  const checks = dialog.getByRole('alert').filter({ hasText: 'Check before submitting' });
  await expect(checks).toContainText(`Sample 1 does not name the brand (${brand})`);
  await expect(checks).toContainText('No sample says how to opt out');
  await expect(checks).toContainText('Describe how people opt in');
  await checkScreen(page, 'messaging-campaign-warnings');
  await dialog.getByRole('textbox', { name: 'Sample 1' }).fill(`${brand}: you have 120 points waiting. Reply STOP to opt out.`);
  await dialog
    .getByRole('textbox', { name: 'Message Flow (opt-in)' })
    .fill('Members opt in on the loyalty page by entering their number and ticking a consent box.');
  await expect(dialog.getByText('The samples name the brand, say how to opt out and match the use case.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Submit Campaign' }).click();

  await expect(page).toHaveURL(/\/customer\/messaging\/campaigns\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: campaign, level: 1 })).toBeVisible();
  await expect(page.getByText('Pending', { exact: true }).first()).toBeVisible();
  const campaignUrl = new URL(page.url()).pathname;
  const campaignId = campaignUrl.split('/').pop() as string;

  // staff review and approve it
  await staff.goto(`/admin/messaging/campaigns/${campaignId}`);
  await staff.getByRole('button', { name: 'Start Review' }).click();
  await expect(staff.getByText(`${campaign} is Under Review`)).toBeVisible();
  await staff.getByRole('button', { name: 'Approve' }).click();
  await expect(staff.getByText(`${campaign} is Approved`)).toBeVisible();
  await checkScreen(staff, 'messaging-campaign-staff');
  await staff.context().close();

  // the customer sees Approved, the timeline, and a notification
  await page.reload();
  await expect(page.getByRole('heading', { name: campaign, level: 1 })).toBeVisible();
  const timeline = page.getByText('Under Review', { exact: true });
  await expect(timeline).toBeVisible();
  await expect(page.getByRole('button', { name: 'Link Numbers' })).toBeVisible();
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(page.getByRole('dialog', { name: 'Notifications' })).toContainText(`${campaign}`);
  await page.keyboard.press('Escape');
  await checkScreen(page, 'messaging-campaign-customer');
});
