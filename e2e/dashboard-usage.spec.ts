import type { Page } from '@playwright/test';
import type { TCustomerDashboard } from '@portal/contract/dashboard';
import type { TReport } from '@portal/contract/reports';
import { CUSTOMER, checkScreen, expect, signInViaApi, test } from './support.ts';

const usd = (n: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(n);

/** An answer of the API, read with the page's session. */
async function read<T>(page: Page, url: string): Promise<T> {
  const response = await page.request.get(url);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

test("the dashboard's usage overview: charts with axes, dates and tooltips, and the numbers' real figures", async ({ page }) => {
  await signInViaApi(page, CUSTOMER);
  await page.goto('/customer');
  // the card that holds the Usage Overview heading and its tabs
  const overview = page
    .locator('div')
    .filter({ has: page.getByRole('heading', { name: 'Usage Overview' }) })
    .filter({ has: page.getByRole('tablist') })
    .last();
  await expect(overview.getByRole('tab', { name: 'SMS' })).toHaveAttribute('aria-selected', 'true');
  const sms = page.getByRole('figure', { name: 'Messages per day, last 30 days' });
  // the chart library comes with the screen that shows it: give its chunk time on a busy machine
  await expect(sms.locator('.recharts-xAxis-tick-labels text').first()).toBeVisible({ timeout: 45_000 });
  // dates on the x axis (MM/DD), counts on the y axis
  await expect(sms.locator('.recharts-xAxis-tick-labels text').first()).toHaveText(/^\d{2}\/\d{2}$/);
  await expect(sms.locator('.recharts-yAxis-tick-labels text').first()).toBeVisible();
  await expect(sms.getByText('Messages', { exact: true })).toBeVisible();
  // a tooltip names the day and the value
  const box = await sms.locator('.recharts-surface').first().boundingBox();
  if (!box) throw new Error('no chart');
  await page.mouse.move(box.x + box.width * 0.8, box.y + box.height * 0.5);
  await expect(sms.locator('.recharts-tooltip-wrapper')).toContainText(/\d{2}\/\d{2}\/\d{4}/);
  await checkScreen(page, 'dashboard-usage-sms');

  // The Reports page's own figures: This Month's messages sent (never the replies received) and
  // calls, Last 30 Days per day, in the user's time zone.
  const [dashboard, month, days] = await Promise.all([
    read<TCustomerDashboard>(page, '/api/dashboard'),
    read<TReport>(page, '/api/reports?period=thisMonth'),
    read<TReport>(page, '/api/reports?period=30days'),
  ]);
  expect(dashboard.usage.sms).toMatchObject({ volume: month.sms.messagesSent.value, cost: month.sms.smsCosts.value });
  expect(dashboard.usage.sms.daily).toEqual(days.series.map((p) => ({ day: p.date, volume: p.smsSent })));
  expect(dashboard.usage.voice).toMatchObject({ volume: month.voice.totalCalls, succeeded: month.voice.callsCompleted.value });
  const figure = (label: string) =>
    overview
      .locator('div')
      .filter({ has: page.getByText(label, { exact: true }) })
      .last();
  await expect(figure('Messages this month')).toContainText(month.sms.messagesSent.value.toLocaleString('en-US'));
  await expect(figure('Delivered')).toContainText(month.sms.delivered.toLocaleString('en-US'));
  await expect(figure('Cost this month')).toContainText(usd(month.sms.smsCosts.value));
  await overview.getByRole('tab', { name: 'Voice' }).click();
  await expect(figure('Calls this month')).toContainText(month.voice.totalCalls.toLocaleString('en-US'));
  await expect(figure('Cost this month')).toContainText(usd(month.voice.voiceCosts.value));

  await overview.getByRole('tab', { name: 'Numbers' }).click();
  await expect(overview.getByText('Active numbers')).toBeVisible();
  await expect(overview.getByText('Added, last 30 days')).toBeVisible();
  await expect(overview.getByText('Released, last 30 days')).toBeVisible();
  await expect(overview.getByText(/^Local \(DID\): \d+$/)).toBeVisible();
  await expect(overview.getByText('Success rate')).toHaveCount(0);
  await expect(overview.getByText(/number-days/)).toHaveCount(0);
  await expect(
    overview.getByRole('figure', { name: 'Numbers held per day, last 30 days' }).locator('.recharts-line').first(),
  ).toBeVisible();
  await overview.scrollIntoViewIfNeeded();
  await checkScreen(page, 'dashboard-usage-numbers');
  await page.setViewportSize({ width: 700, height: 800 });
  await overview.getByRole('figure', { name: 'Numbers held per day, last 30 days' }).scrollIntoViewIfNeeded();
  await checkScreen(page, 'dashboard-usage-numbers-700px');
});
