import { ADMIN, checkScreen, expect, openDialog, signInViaApi, test } from './support.ts';

test('a staff Admin adds a DNC number, is refused a duplicate, imports a CSV with a bad line and removes an entry', async ({ page }) => {
  const suffix = String(Date.now()).slice(-4);
  await signInViaApi(page, ADMIN);
  await page.goto('/admin/compliance');
  await expect(page.getByRole('heading', { name: 'Regulatory Compliance', level: 1 })).toBeVisible();
  const table = page.getByRole('table', { name: 'DNC entries' });
  await expect(table.getByRole('row')).toHaveCount(11); // 10 a page, and the header
  await checkScreen(page, 'compliance-dnc');

  // both fields are required
  const dialog = await openDialog(page, 'Add Entry');
  await dialog.getByRole('textbox', { name: 'Number' }).fill(`(646) 555-${suffix}`);
  await dialog.getByRole('button', { name: 'Add Entry' }).click();
  await expect(dialog.getByText('Please fill in all required fields').first()).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Customer' }).fill('Acme');
  await page.getByRole('option', { name: /^Acme Communications/ }).click();
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('Asked not to be called');
  await dialog.getByRole('button', { name: 'Add Entry' }).click();
  await expect(page.getByText(`+1646555${suffix} added to the DNC list`)).toBeVisible();
  await page.getByRole('textbox', { name: 'Number' }).fill(`646555${suffix}`);
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText(`(646) 555-${suffix}`);

  // the same number again is refused on its field
  await page.getByRole('button', { name: 'Add Entry' }).click();
  await dialog.getByRole('textbox', { name: 'Number' }).fill(`+1 646 555 ${suffix}`);
  await dialog.getByRole('combobox', { name: 'Customer' }).fill('Acme');
  await page.getByRole('option', { name: /^Acme Communications/ }).click();
  await dialog.getByRole('button', { name: 'Add Entry' }).click();
  await expect(dialog.getByText('This number is already on the DNC list for this customer')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // import: two good lines and a bad one, reported by line
  const importDialog = await openDialog(page, 'Import CSV');
  await importDialog.getByRole('combobox', { name: 'Customer' }).fill('Acme');
  await page.getByRole('option', { name: /^Acme Communications/ }).click();
  await importDialog
    .getByRole('textbox', { name: 'Lines' })
    .fill(`number,type,reason\n(917) 555-${suffix},DNC,Complaint\nnot a number,DNC,\n917-555,DNO,Block`);
  await importDialog.getByRole('button', { name: 'Import' }).click();
  await expect(importDialog.getByText('2 entries added, 1 line rejected.')).toBeVisible();
  await expect(importDialog.getByRole('table', { name: 'Rejected lines' })).toContainText(
    '"not a number" is not a phone number or an area code block',
  );
  await checkScreen(page, 'compliance-import-report');
  await importDialog.getByRole('button', { name: 'Done' }).click();

  // the block is on the DNO list
  await page.getByRole('tab', { name: 'DNO (Do Not Originate)' }).click();
  await page.getByRole('textbox', { name: 'Number' }).fill('917555');
  const dno = page.getByRole('table', { name: 'DNO entries' });
  await expect(dno.getByRole('row', { name: /917-555/ }).first()).toContainText('Block');

  // remove the DNC entry
  await page.getByRole('tab', { name: 'DNC (Do Not Call)' }).click();
  await page.getByRole('textbox', { name: 'Number' }).fill(`646555${suffix}`);
  await table.getByRole('button', { name: `Remove +1646555${suffix}` }).click();
  await page.getByRole('dialog', { name: 'Remove entry' }).getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText(`+1646555${suffix} removed from the DNC list`)).toBeVisible();
  await expect(page.getByText('No entries found')).toBeVisible();
  // the duplicate's error toast has gone (the last screen is checked as it rests, not mid-fade)
  await expect(page.getByText('Please correct the highlighted fields.')).toHaveCount(0, { timeout: 15_000 });
});
