import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { TReport } from '@portal/contract/reports';
import {
  ADMIN,
  CUSTOMER,
  checkScreen,
  day,
  downloadOf,
  expect,
  expectAccessible,
  pickDay,
  saveScreenshot,
  signInViaApi,
  test,
} from './support.ts';

/**
 * Reports (customer) and Reports & Analytics (staff): figures from the server's report, a custom
 * range, exports opened and read back (CSV parsed, XLSX read with exceljs, PDF text extracted),
 * the CDR export, a chart bar opening the CDRs of its day, and scheduled reports.
 */

// The demo users live in New York: the browser too, so that its days are the report's days.
test.use({ timezoneId: 'America/New_York' });

// The file readers the server's tests use (apps/server's dependencies).
const serverRequire = createRequire(path.resolve(import.meta.dirname, '../apps/server/package.json'));
const { parse: parseCsv } = serverRequire('csv-parse/sync') as { parse: (text: string, o?: object) => string[][] };
type Cell = { value: unknown };
type Sheet = { name: string; eachRow: (cb: (row: { getCell: (n: number) => Cell }) => void) => void };
const ExcelJS = serverRequire('exceljs') as {
  Workbook: new () => { xlsx: { readFile: (f: string) => Promise<unknown> }; worksheets: Sheet[] };
};

async function pdfText(file: string): Promise<string> {
  const pdfjs = (await import(serverRequire.resolve('pdfjs-dist/legacy/build/pdf.mjs'))) as {
    getDocument: (o: object) => {
      promise: Promise<{
        numPages: number;
        getPage: (n: number) => Promise<{ getTextContent: () => Promise<{ items: { str?: string }[] }> }>;
      }>;
    };
  };
  const doc = await pdfjs.getDocument({ data: new Uint8Array(readFileSync(file)), verbosity: 0, isEvalSupported: false }).promise;
  let text = '';
  for (let n = 1; n <= doc.numPages; n++)
    for (const item of (await (await doc.getPage(n)).getTextContent()).items) text += `${item.str ?? ''} `;
  return text;
}

const usd = (n: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(n);
const daysAgo = (n: number) => {
  const d = new Date();
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() - n);
};

/** The server's report for a query, read with the page's session (what the screen must show). */
async function apiReport(page: Page, query: Record<string, string> = {}): Promise<TReport> {
  const response = await page.request.get(`/api/reports?${new URLSearchParams(query)}`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as TReport;
}

const tile = (page: Page, label: string) => page.getByTestId('report-tiles').locator('.mantine-Paper-root').filter({ hasText: label });

/** Downloads one format from the Export menu. */
async function exportAs(page: Page, format: 'CSV' | 'Excel' | 'PDF') {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  await page.getByRole('menuitem', { name: format }).click();
  const file = await download;
  return { name: file.suggestedFilename(), path: await file.path() };
}

/** Clicks the bar of a bucket (the first series' bar, which must not be zero) in a chart. */
async function clickBar(page: Page, chartName: RegExp, index: number) {
  const chart = page.getByRole('figure', { name: chartName });
  const bar = chart.locator('.recharts-bar').first().locator('.recharts-bar-rectangle').nth(index);
  await bar.scrollIntoViewIfNeeded();
  await bar.click();
}

test('a customer sees the computed tiles, applies a custom range only with both dates, and the tiles change', async ({ page }) => {
  await signInViaApi(page, CUSTOMER);
  await page.goto('/customer');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Reports' }).click();
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
  // the customer's tabs, never the analytics ones
  await expect(page.getByRole('tab')).toHaveText(['Overview', 'SMS', 'Voice', 'Numbers', 'CDR Export']);

  const month = await apiReport(page);
  expect(month.analytics).toBeNull();
  await expect(tile(page, 'Total Spend')).toContainText(usd(month.overview.totalSpend.value));
  await expect(tile(page, 'SMS Delivery Rate')).toContainText(`${month.overview.smsDeliveryRate.value}%`);
  await expect(tile(page, 'Voice ASR')).toContainText(`${month.overview.voiceAsr.value}%`);
  await expect(page.getByTestId('report-period')).toContainText(month.scope);

  // Custom Range: Apply needs both dates
  await page.getByRole('combobox', { name: 'Period' }).click();
  await page.getByRole('option', { name: 'Custom Range' }).click();
  const apply = page.getByRole('button', { name: 'Apply' });
  await expect(apply).toBeDisabled();
  const start = daysAgo(9);
  const end = daysAgo(3);
  await pickDay(page, 'Start Date', start);
  await expect(apply).toBeDisabled();
  await pickDay(page, 'End Date', end);
  await expect(apply).toBeEnabled();
  await apply.click();
  await expect(page).toHaveURL(new RegExp(`period=custom&startDate=${day(start)}&endDate=${day(end)}`));

  const week = await apiReport(page, { period: 'custom', startDate: day(start), endDate: day(end) });
  expect(week.period.days).toBe(7);
  expect(week.overview.totalSpend.value).not.toBe(month.overview.totalSpend.value);
  await expect(tile(page, 'Total Spend')).toContainText(usd(week.overview.totalSpend.value));
  await expect(tile(page, 'Total Spend')).not.toContainText(usd(month.overview.totalSpend.value));

  // the SMS tab follows the same range; a reload keeps tab and range
  await page.getByRole('tab', { name: 'SMS' }).click();
  await expect(tile(page, 'Messages Sent')).toContainText(week.sms.messagesSent.value.toLocaleString('en-US'));
  await page.reload();
  await expect(page.getByRole('tab', { name: 'SMS', selected: true })).toBeVisible();
  await expect(tile(page, 'Messages Sent')).toContainText(week.sms.messagesSent.value.toLocaleString('en-US'));
  await expect(page.getByRole('heading', { name: `Message Activity - ${week.period.startDate.slice(5, 7)}/` })).toBeVisible();
  await checkScreen(page, 'reports-customer-sms-custom');

  // the analytics tabs are not reachable by the URL either
  await page.goto('/customer/reports?tab=revenue');
  await expect(page.getByRole('tab', { name: 'Overview', selected: true })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Revenue Analysis' })).toHaveCount(0);
});

test('a customer exports the Overview as CSV, Excel and PDF and the files hold its figures', async ({ page }) => {
  await signInViaApi(page, CUSTOMER);
  await page.goto('/customer/reports?period=90days');
  const report = await apiReport(page, { period: '90days' });
  await expect(tile(page, 'Total Spend')).toContainText(usd(report.overview.totalSpend.value));
  const range = `${report.period.startDate}-${report.period.endDate}`;

  const csv = await exportAs(page, 'CSV');
  expect(csv.name).toBe(`report-overview-${range}.csv`);
  const rows = parseCsv(readFileSync(csv.path, 'utf8'), { relax_column_count: true, skip_empty_lines: true });
  const spend = rows.find((r) => r[0] === 'Total Spend');
  expect(spend?.slice(1)).toEqual([
    String(report.overview.totalSpend.value),
    String(report.overview.totalSpend.previous),
    String(report.overview.totalSpend.change),
  ]);
  expect(rows.some((r) => r[0] === 'Usage Detail')).toBe(true);
  await expect(page.getByText(`Downloaded ${csv.name}`)).toBeVisible();

  const xlsx = await exportAs(page, 'Excel');
  expect(xlsx.name).toBe(`report-overview-${range}.xlsx`);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(xlsx.path);
  expect(book.worksheets.map((s) => s.name)).toContain('Figures');
  const figures = book.worksheets.find((s) => s.name === 'Figures');
  let value: unknown;
  figures?.eachRow((row) => {
    if (row.getCell(1).value === 'Total Spend') value = row.getCell(2).value;
  });
  // a typed cell: the number itself
  expect(value).toBe(report.overview.totalSpend.value);

  const pdf = await exportAs(page, 'PDF');
  expect(pdf.name).toBe(`report-overview-${range}.pdf`);
  expect(readFileSync(pdf.path).subarray(0, 5).toString()).toBe('%PDF-');
  const text = await pdfText(pdf.path);
  expect(text).toContain('Overview Report');
  expect(text).toContain(report.scope);
  expect(text).toContain('Total Spend');
});

test("a customer's CDR export waits for both dates, then downloads the calls", async ({ page }) => {
  await signInViaApi(page, CUSTOMER);
  await page.goto('/customer/reports');
  await page.getByRole('tab', { name: 'CDR Export' }).click();
  const exportCsv = page.getByRole('button', { name: 'Export as CSV' });
  await expect(exportCsv).toBeDisabled();
  await pickDay(page, 'Start Date', daysAgo(20));
  await expect(exportCsv).toBeDisabled();
  await pickDay(page, 'End Date', daysAgo(1));
  await expect(exportCsv).toBeEnabled();
  await checkScreen(page, 'reports-customer-cdr');

  const file = await downloadOf(page, () => exportCsv.click());
  const rows = parseCsv(readFileSync(await file.path(), 'utf8'), { skip_empty_lines: true });
  expect(rows[0]).toEqual(['Call Date/Time', 'Source Number', 'Destination Number', 'Duration', 'Status', 'Cost']);
  expect(rows.length).toBeGreaterThan(1);
  await expect(page.getByRole('table', { name: 'Recent exports' })).toBeVisible();
});

test('a chart bar opens the CDRs of its day', async ({ page }) => {
  await signInViaApi(page, CUSTOMER);
  await page.goto('/customer/reports?tab=voice');
  const report = await apiReport(page);
  // the busiest day of the last week: it has calls to list
  const recent = report.series.slice(-7);
  const busiest = recent.reduce((a, b) => (b.callsCompleted > a.callsCompleted ? b : a));
  expect(busiest.callsCompleted).toBeGreaterThan(0);
  const index = report.series.indexOf(busiest);
  await expect(tile(page, 'Calls Completed')).toContainText(report.voice.callsCompleted.value.toLocaleString('en-US'));
  await clickBar(page, /^Call Activity - Last 30 Days/, index);
  await expect(page).toHaveURL(`/customer/voice?tab=cdrs&cdrStartDate=${busiest.date}&cdrEndDate=${busiest.date}`);
  const table = page.getByRole('table', { name: 'CDRs' });
  const [y, m, d] = busiest.date.split('-');
  await expect(table.getByRole('row').nth(1)).toContainText(`${m}/${d}/${y}`);
  const dates = await table.getByRole('row').locator('td:first-child').allInnerTexts();
  expect(dates.length).toBeGreaterThan(0);
  for (const text of dates) expect(text).toContain(`${m}/${d}/${y}`);
});

test('a customer Admin schedules a monthly report, sees it listed, pauses and deletes it', async ({ page }) => {
  await signInViaApi(page, CUSTOMER);
  await page.goto('/customer/reports?tab=sms');
  await page.getByRole('button', { name: 'New Schedule' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Scheduled Report' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Monthly SMS summary');
  await dialog.getByRole('combobox', { name: 'Frequency' }).click();
  await page.getByRole('option', { name: /^Monthly/ }).click();
  // the report on screen and the user's address are proposed
  await expect(dialog.getByRole('combobox', { name: 'Report' })).toHaveValue('SMS');
  await expect(dialog.getByText(CUSTOMER.email)).toBeVisible();
  const recipients = dialog.getByRole('combobox', { name: 'Recipients' });
  await recipients.fill('finance@example.com');
  await recipients.press('Enter');
  await expect(dialog.getByText('finance@example.com', { exact: true })).toBeVisible();
  await checkScreen(page, 'reports-schedule-dialog');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();

  const row = page.getByRole('table', { name: 'Scheduled Reports' }).getByRole('row', { name: /Monthly SMS summary/ });
  await expect(row).toContainText('Monthly');
  await expect(row).toContainText('SMS · PDF');
  await expect(row).toContainText('finance@example.com');
  await page.getByRole('table', { name: 'Scheduled Reports' }).scrollIntoViewIfNeeded();
  await saveScreenshot(page, 'reports-customer-schedules');
  await row.getByRole('switch', { name: 'Pause Monthly SMS summary' }).click({ force: true });
  await expect(page.getByText('Monthly SMS summary paused')).toBeVisible();
  await expect(row.getByRole('switch', { name: 'Resume Monthly SMS summary' })).not.toBeChecked();

  await row.getByRole('button', { name: 'Delete Monthly SMS summary' }).click();
  await page.getByRole('dialog', { name: 'Delete schedule' }).getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);
});

test('staff see the analytics over every customer, pick one, and drill down from Usage Metrics to the CDRs', async ({ page }) => {
  await signInViaApi(page, ADMIN);
  await page.goto('/admin/reports');
  await expect(page.getByRole('tab')).toHaveText(['Overview', 'Revenue Analysis', 'Usage Metrics', 'Performance', 'CDR']);
  const all = await apiReport(page);
  expect(all.scope).toBe('All customers');
  await expect(tile(page, 'Total Revenue')).toContainText(usd(all.overview.totalSpend.value));

  // the customer picker: searchable, 'No customers found', and back to all
  const picker = page.getByRole('combobox', { name: 'Customer' });
  await expect(picker).toHaveValue('All customers');
  await picker.fill('zzzz-no-such');
  await expect(page.getByText('No customers found')).toBeVisible();
  await picker.fill('Acme');
  await page.getByRole('option', { name: /^Acme Communications/ }).click();
  await expect(page).toHaveURL(/customerId=[0-9a-f-]{36}/);
  const customerId = new URL(page.url()).searchParams.get('customerId') ?? '';
  const acme = await apiReport(page, { customerId });
  await expect(page.getByTestId('report-period')).toContainText(acme.scope);
  await expect(tile(page, 'Total Revenue')).toContainText(usd(acme.overview.totalSpend.value));

  await page.getByRole('tab', { name: 'Revenue Analysis' }).click();
  await expect(page.getByRole('table', { name: 'Detailed Report' }).getByRole('row').nth(1)).toContainText(acme.scope);
  await page.getByRole('tab', { name: 'Performance' }).click();
  await expect(page.getByRole('table', { name: 'Performance by Region' })).toBeVisible();
  await page.getByRole('tab', { name: 'Usage Metrics' }).click();
  await expect(tile(page, 'Calls')).toContainText((acme.analytics?.usageTotals.calls ?? -1).toLocaleString('en-US'));
  await checkScreen(page, 'reports-admin-usage');

  const busiest = acme.series.slice(-7).reduce((a, b) => (b.callsCompleted > a.callsCompleted ? b : a));
  await clickBar(page, /^Call Activity - Last 30 Days/, acme.series.indexOf(busiest));
  await expect(page).toHaveURL(`/admin/voice?tab=cdrs&cdrStartDate=${busiest.date}&cdrEndDate=${busiest.date}`);
  const [y, m, d] = busiest.date.split('-');
  await expect(page.getByRole('table', { name: 'CDRs' }).getByRole('row').nth(1)).toContainText(`${m}/${d}/${y}`);
});

test('every tab of both portals at 1280 and 700 px: nothing overflows the page', async ({ page }) => {
  test.setTimeout(240_000);
  const tabs = {
    customer: ['overview', 'sms', 'voice', 'numbers', 'cdr'],
    admin: ['overview', 'revenue', 'usage', 'performance', 'cdr'],
  } as const;
  for (const who of [CUSTOMER, ADMIN]) {
    await signInViaApi(page, who);
    for (const tab of tabs[who.portal]) {
      for (const width of [1280, 700]) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(`/${who.portal}/reports?tab=${tab}`);
        await expect(tab === 'cdr' ? page.getByRole('table', { name: 'Recent exports' }) : page.getByTestId('report-tiles')).toBeVisible();
        if (tab !== 'cdr') await expect(page.locator('.recharts-surface, .mantine-Table-table').first()).toBeVisible();
        // the page itself never scrolls sideways (wide tables scroll in their own box)
        expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(
          0,
        );
        await saveScreenshot(page, `reports-${who.portal}-${tab}-${width}`);
        if (width === 1280) await expectAccessible(page, `${who.portal} reports ${tab}`);
      }
    }
  }
});
