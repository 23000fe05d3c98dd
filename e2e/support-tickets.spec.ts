import { ADMIN, CUSTOMER, checkScreen, expect, openDialog, signedInPage, signInViaApi, test } from './support.ts';

test('a customer opens a ticket, staff reply with an internal note and resolve it, the customer sees the reply and the status', async ({
  page,
  browser,
}) => {
  const subject = `Calls to New York drop after 30 seconds ${Date.now()}`;
  await signInViaApi(page, CUSTOMER);
  await page.goto('/customer');
  await page.getByRole('button', { name: 'Submit Ticket' }).click();
  await expect(page).toHaveURL('/customer/support?new=1');
  const dialog = page.getByRole('dialog', { name: 'Submit Ticket' });
  await dialog.getByRole('textbox', { name: 'Subject' }).fill(subject);
  await dialog.getByRole('button', { name: 'Submit Ticket' }).click();
  await expect(dialog.getByText('Description is required')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Priority' }).click();
  await page.getByRole('option', { name: 'High' }).click();
  await dialog
    .getByRole('textbox', { name: 'Description' })
    .fill('Since this morning every outbound call to 212 numbers drops after about 30 seconds.');
  await checkScreen(page, 'support-submit-ticket');
  await dialog.getByRole('button', { name: 'Submit Ticket' }).click();

  await expect(page).toHaveURL(/\/customer\/support\/tickets\/[0-9a-f-]{36}$/);
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toContainText(subject);
  const ticketId = (await heading.innerText()).split(':')[0] as string;
  expect(ticketId).toMatch(/^TKT-\d{4}-\d{3,}$/);
  await expect(page.getByText('Open', { exact: true })).toBeVisible();
  const ticketUrl = new URL(page.url()).pathname;

  // staff find it in Support Tools, assign it, add an internal note, reply and resolve it
  const staff = await signedInPage(browser, ADMIN);
  await staff.goto('/admin/support');
  await staff.getByRole('textbox', { name: 'Search' }).fill(ticketId);
  const table = staff.getByRole('table', { name: 'Support tickets' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText('Unassigned');
  await checkScreen(staff, 'support-tools-tickets');
  // the customer filter keeps it (it is Acme's) and goes into the address
  await staff.getByRole('combobox', { name: 'Customer' }).fill('Acme');
  await staff.getByRole('option', { name: /^Acme Communications/ }).click();
  await expect(staff).toHaveURL(/customerId=/);
  await expect(table.getByRole('row')).toHaveCount(2);
  await table.getByRole('link', { name: ticketId }).click();
  await staff.getByRole('combobox', { name: 'Assigned To' }).fill('Alex');
  await staff.getByRole('option', { name: /^Alex Morgan/ }).click();
  await expect(staff.getByText(`${ticketId}: assigned`)).toBeVisible();
  await staff.getByRole('textbox', { name: 'Reply' }).fill('Carrier case 55123 opened with the New York carrier.');
  await staff.getByRole('checkbox', { name: /Internal note/ }).check();
  await staff.getByRole('button', { name: 'Add Note' }).click();
  await expect(staff.getByText('Internal note added')).toBeVisible();
  await staff.getByRole('textbox', { name: 'Reply' }).fill('We rerouted your New York traffic. Please try again.');
  await staff.getByRole('button', { name: 'Send Reply' }).click();
  await expect(staff.getByText('Reply sent')).toBeVisible();
  await staff.getByRole('combobox', { name: 'Status' }).click();
  await staff.getByRole('option', { name: 'Resolved' }).click();
  await expect(staff.getByText(`${ticketId}: status set to Resolved`)).toBeVisible();
  await expect(staff.getByText('On target')).toBeVisible();
  await checkScreen(staff, 'support-ticket-staff');
  await staff.context().close();

  // the customer sees the reply (not the internal note) and the new status after a reload
  await page.goto(ticketUrl);
  await expect(page.getByText('We rerouted your New York traffic. Please try again.')).toBeVisible();
  await expect(page.getByText('Carrier case 55123')).toHaveCount(0);
  await expect(page.getByText('Resolved', { exact: true })).toBeVisible();
  await expect(page.getByText('Replying reopens this ticket.')).toBeVisible();
  await checkScreen(page, 'support-ticket-customer');
  await page.getByRole('textbox', { name: 'Reply' }).fill('It works again, thank you.');
  await page.getByRole('button', { name: 'Send Reply' }).click();
  await expect(page.getByText('Open', { exact: true })).toBeVisible();
});

test('staff report an incident: both dashboards show it until it is resolved', async ({ page, browser }) => {
  const title = `Portal sign-in slow ${Date.now()}`;
  await signInViaApi(page, ADMIN);
  await page.goto('/admin/support?tab=status');
  await expect(page.getByRole('tab', { name: 'Service Status' })).toHaveAttribute('aria-selected', 'true');
  const dialog = await openDialog(page, 'Report Incident');
  await dialog.getByRole('combobox', { name: 'Component' }).click();
  await page.getByRole('option', { name: 'Portal' }).click();
  await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
  await dialog.getByRole('textbox', { name: 'Description' }).fill('Signing in takes up to 20 seconds. We are investigating.');
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText(`Portal: ${title} is on the status page`)).toBeVisible();
  await checkScreen(page, 'support-service-status');

  await page.goto('/admin');
  const adminStatus = page.getByText(title);
  await expect(adminStatus).toBeVisible();

  const customer = await signedInPage(browser, CUSTOMER);
  await customer.goto('/customer');
  await expect(customer.getByText(title)).toBeVisible();

  // resolved: the tiles go back to normal
  await page.goto('/admin/support?tab=status');
  const card = page.getByRole('paragraph').filter({ hasText: title }).locator('xpath=ancestor::div[contains(@class,"Paper")][1]');
  await card.getByRole('button', { name: 'Post Update' }).click();
  const update = page.getByRole('dialog', { name: /^Post Update/ });
  await update.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Resolved' }).click();
  await update.getByRole('textbox', { name: 'Update' }).fill('Sign-in times are back to normal.');
  await update.getByRole('button', { name: 'Post Update' }).click();
  await expect(page.getByText('Portal: resolved')).toBeVisible();
  await customer.reload();
  await expect(customer.getByText('Portal operating normally')).toBeVisible();
  await expect(customer.getByText(title)).toHaveCount(0);
  await customer.context().close();
});

test('staff publish a knowledge base article that customers find by searching its words', async ({ page, browser }) => {
  const title = `Rotating webhook secrets ${Date.now()}`;
  await signInViaApi(page, ADMIN);
  await page.goto('/admin/support?tab=knowledge');
  const dialog = await openDialog(page, 'New Article');
  await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
  await dialog
    .getByRole('textbox', { name: 'Article' })
    .fill('## Rotation\n\nDuring the **24-hour** overlap both secrets sign each delivery.\n\n<script>alert(1)</script>');
  await dialog.getByRole('button', { name: 'Save Article' }).click();
  await expect(page.getByText(`Article "${title}" saved`)).toBeVisible();
  await checkScreen(page, 'support-knowledge-admin');

  const customer = await signedInPage(browser, CUSTOMER);
  await customer.goto('/customer/support?tab=knowledge');
  await customer.getByRole('textbox', { name: 'Search articles' }).fill('overlapping secret');
  await customer.getByRole('button', { name: title }).click();
  const article = customer.getByRole('dialog', { name: title });
  await expect(article.getByRole('heading', { name: 'Rotation' })).toBeVisible();
  await expect(article.locator('strong')).toHaveText('24-hour');
  // raw HTML is not rendered
  await expect(article.locator('script')).toHaveCount(0);
  await checkScreen(customer, 'support-knowledge-article');
  await customer.keyboard.press('Escape');
  await customer.getByRole('textbox', { name: 'Search articles' }).fill('zzzqqq');
  await expect(customer.getByText('No articles found')).toBeVisible();
  await customer.context().close();
});

test('Contact Support: the support hours, and the phone line for a premium customer', async ({ page }) => {
  await signInViaApi(page, CUSTOMER);
  await page.goto('/customer/support');
  await page.getByRole('tab', { name: 'Contact Support' }).click();
  await expect(page).toHaveURL('/customer/support?tab=contact');
  await expect(page.getByText('Monday to Friday: 9:00 AM to 8:00 PM')).toBeVisible();
  await expect(page.getByText(/^Phone \(premium support\): /)).toBeVisible();
  // follow the status page, by email too; it holds after a reload
  // a click, then the state: the switch shows the change once the mutation has started (check() reads it at once)
  const follow = page.getByRole('switch', { name: 'Follow status updates' });
  await follow.click();
  await expect(follow).toBeChecked();
  await expect(page.getByText('You follow status updates, by email too')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Follow status updates' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Also by email' })).toBeChecked();
  await checkScreen(page, 'support-contact');
  await follow.click();
  await expect(follow).not.toBeChecked();
  await expect(page.getByText('You no longer follow status updates')).toBeVisible();
});
