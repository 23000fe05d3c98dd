import { CUSTOMER, checkScreen, expect, signInViaApi, test } from './support.ts';

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
