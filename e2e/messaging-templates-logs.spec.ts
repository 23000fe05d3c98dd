import {
  CUSTOMER,
  checkScreen,
  checkScreenNarrowToo,
  day,
  downloadOf,
  expect,
  linesOf,
  openDialog,
  pickDay,
  signInViaApi,
  test,
} from './support.ts';

test('a customer writes a template and watches the segment count and cost change as they type', async ({ page }) => {
  const name = `Spring promo ${Date.now()}`;
  await signInViaApi(page, CUSTOMER);
  await page.goto('/customer/messaging?tab=templates');
  const dialog = await openDialog(page, 'Create Template');
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  const message = dialog.getByRole('textbox', { name: 'Message' });
  const counter = dialog.getByTestId('segment-counter');
  await message.fill('Hi {{first_name}}, our spring sale starts today. Reply STOP to opt out.');
  await expect(counter).toContainText('GSM-7');
  await expect(counter).toContainText('1 segment');
  await expect(counter).toContainText('Variables: first_name');
  await expect(counter).toContainText('$0.0075');
  // past 160 characters: two segments of 153
  await message.fill(`Hi {{first_name}}, ${'our spring sale starts today with new offers every week. '.repeat(3)}`);
  await expect(counter).toContainText('2 segments');
  await expect(counter).toContainText('153 characters a segment');
  await expect(counter).toContainText('Cost: $0.015 ');
  // one emoji switches the whole message to UCS-2: 67 a segment, so three
  await message.fill(`Hi 😀 ${'our spring sale starts today with new offers every week. '.repeat(3)}`);
  await expect(counter).toContainText('UCS-2 because of: 😀');
  await expect(counter).toContainText('3 segments');
  await checkScreen(page, 'messaging-template-counter');
  await message.fill('Hi {{first_name}}, our spring sale starts today. Reply STOP to opt out.');
  await dialog.getByRole('button', { name: /Create|Save/ }).click();
  await expect(page.getByText('Template created')).toBeVisible();
  await page.getByRole('textbox', { name: 'Search' }).fill(name);
  const table = page.getByRole('table', { name: 'Templates' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText('1');
  await page.reload();
  await expect(table.getByRole('row').nth(1)).toContainText(name);
});

test('a customer filters the message log by status and dates and exports it', async ({ page }) => {
  await signInViaApi(page, CUSTOMER);
  await page.goto('/customer/messaging?tab=messages');
  const table = page.getByRole('table', { name: 'Messages' });
  await expect(table.getByRole('row').nth(1)).toContainText(/\d\d\/\d\d\/\d{4}/);
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Failed' }).click();
  await expect(page).toHaveURL(/msgStatus=Failed/);
  const end = new Date();
  const start = new Date(end.getFullYear(), end.getMonth(), end.getDate() - 60);
  await pickDay(page, 'Start Date', start);
  await pickDay(page, 'End Date', end);
  await expect(page).toHaveURL(new RegExp(`msgEndDate=${day(end)}`));
  await expect(table.getByRole('row').nth(1)).toContainText('Failed');
  const statuses = await table
    .getByRole('row')
    .locator('td')
    .filter({ hasText: /^(Delivered|Failed|Sent|Queued)$/ })
    .allInnerTexts();
  expect(statuses.length).toBeGreaterThan(0);
  expect(new Set(statuses)).toEqual(new Set(['Failed']));
  await checkScreenNarrowToo(page, 'messaging-logs');

  const file = await downloadOf(page, () => page.getByRole('button', { name: 'Export to CSV' }).click());
  expect(file.suggestedFilename()).toBe(`messages-${day(start)}-to-${day(end)}.csv`);
  const lines = await linesOf(file);
  expect(lines[0]).toBe('Date/Time,Message ID,Account,From,To,Type,Direction,Status,Segments,Cost (USD)');
  expect(lines.length).toBeGreaterThan(1);
  expect(lines.slice(1).every((l) => l.split(',')[7] === 'Failed')).toBe(true);
});
