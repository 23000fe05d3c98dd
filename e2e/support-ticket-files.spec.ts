import { readFileSync } from 'node:fs';
import { ADMIN, CUSTOMER, checkScreen, downloadOf, expect, openDialog, signedInPage, signInViaApi, test } from './support.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

test('a customer attaches a file to a new ticket; staff download it and link one of the customer’s numbers', async ({ page, browser }) => {
  const subject = `Calls from our main line fail ${Date.now()}`;
  await signInViaApi(page, CUSTOMER);
  // one of the customer's own numbers, as the numbers list shows it
  const numbers = await page.request.get('/api/numbers?pageSize=10');
  const number = ((await numbers.json()) as { items: { number: string }[] }).items[0]?.number as string;
  expect(number).toMatch(/^\+1\d{10}$/);
  const national = number.replace(/^\+1(\d{3})(\d{3})(\d{4})$/, '($1) $2-$3');

  await page.goto('/customer/support');
  const dialog = await openDialog(page, 'Submit Ticket');
  await dialog.getByRole('textbox', { name: 'Subject' }).fill(subject);
  await dialog.getByRole('textbox', { name: 'Description' }).fill('Every outbound call from our main line fails. Call log attached.');
  // a file the portal does not take is refused on its field before anything is sent
  await dialog.locator('input[type=file]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await dialog.getByRole('button', { name: 'Submit Ticket' }).click();
  await expect(dialog.getByText('Only PDF, PNG or JPEG files can be uploaded')).toBeVisible();
  await dialog.locator('input[type=file]').setInputFiles({ name: 'call-log.pdf', mimeType: 'application/pdf', buffer: PDF });
  await checkScreen(page, 'support-submit-ticket-file');
  await dialog.getByRole('button', { name: 'Submit Ticket' }).click();

  await expect(page).toHaveURL(/\/customer\/support\/tickets\/[0-9a-f-]{36}$/);
  const ticketUrl = new URL(page.url()).pathname;
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toContainText(subject);
  const ticketId = (await heading.innerText()).split(':')[0] as string;
  const attachments = page.getByRole('region', { name: 'Attachments' });
  await expect(attachments.getByRole('link', { name: 'call-log.pdf' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Linked Records' }).getByText('No linked records')).toBeVisible();
  await checkScreen(page, 'support-ticket-files-customer');

  // staff open the ticket, download the file and link the number the customer wrote about
  const staff = await signedInPage(browser, ADMIN);
  await staff.goto(ticketUrl.replace('/customer/', '/admin/'));
  await expect(staff.getByRole('heading', { level: 1 })).toContainText(ticketId);
  const staffFiles = staff.getByRole('region', { name: 'Attachments' });
  const file = await downloadOf(staff, () => staffFiles.getByRole('link', { name: 'call-log.pdf' }).click());
  expect(file.suggestedFilename()).toBe('call-log.pdf');
  expect(readFileSync(await file.path()).equals(PDF)).toBe(true);
  await expect(staffFiles.getByRole('button', { name: 'Remove call-log.pdf' })).toBeVisible();

  const links = staff.getByRole('region', { name: 'Linked Records' });
  // a number the customer does not hold is refused on the field
  await links.getByRole('textbox', { name: 'Reference' }).fill('(999) 555-0100');
  await links.getByRole('button', { name: 'Link Record' }).click();
  await expect(links.getByText(/^No phone number \+19995550100 of /)).toBeVisible();
  await links.getByRole('textbox', { name: 'Reference' }).fill(national);
  await links.getByRole('button', { name: 'Link Record' }).click();
  await expect(staff.getByText('Phone Number linked')).toBeVisible();
  await expect(links.getByTestId('ticket-links')).toContainText(national);
  await checkScreen(staff, 'support-ticket-files-staff');
  await staff.context().close();

  // the customer sees the link and opens the number's screen from it
  await page.reload();
  const customerLinks = page.getByRole('region', { name: 'Linked Records' });
  await expect(customerLinks.getByTestId('ticket-links')).toContainText(national);
  await customerLinks.getByRole('link', { name: `Open Phone Number ${number}` }).click();
  await expect(page).toHaveURL(new RegExp(`/customer/numbers\\?search=${encodeURIComponent(number).replace('+', '\\+')}`));
  await expect(page.getByRole('table').getByRole('row').nth(1)).toContainText(national);
});
