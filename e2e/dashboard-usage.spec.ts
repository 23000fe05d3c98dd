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

test("the dashboard's service shares: This Month's Service Breakdown of the Reports page, beside the usage overview", async ({ page }) => {
  await signInViaApi(page, CUSTOMER);
  await page.goto('/customer');
  const card = page.getByRole('region', { name: 'Service Shares' });
  const list = card.getByRole('list', { name: 'Service Shares' });
  await expect(list).toBeVisible();

  const [dashboard, month] = await Promise.all([
    read<TCustomerDashboard>(page, '/api/dashboard'),
    read<TReport>(page, '/api/reports?period=thisMonth'),
  ]);
  // the same computation as the Reports Overview of This Month, in the user's zone
  expect(dashboard.serviceShares).toEqual(
    month.overview.breakdown.map((b) => ({ service: b.service, amount: b.cost, percent: b.percent })),
  );
  expect(dashboard.month).toMatchObject({
    startDate: month.period.startDate,
    endDate: month.period.endDate,
    timeZone: month.period.timeZone,
  });
  const sum = dashboard.serviceShares.reduce((n, s) => n + s.percent, 0);
  expect(Math.abs(sum - 100)).toBeLessThanOrEqual(0.1);

  const mmddyyyy = (d: string) => `${d.slice(5, 7)}/${d.slice(8, 10)}/${d.slice(0, 4)}`;
  await expect(card).toContainText(
    `This month, ${mmddyyyy(dashboard.month.startDate)} – ${mmddyyyy(dashboard.month.endDate)} (${dashboard.month.timeZone})`,
  );
  const rows = list.getByRole('listitem');
  await expect(rows).toHaveCount(4);
  for (const [i, s] of dashboard.serviceShares.entries()) {
    const row = rows.nth(i);
    await expect(row).toContainText(s.service);
    await expect(row).toContainText(usd(s.amount));
    await expect(row.locator(`[data-share="${s.service}"]`)).toHaveText(
      `${s.percent.toLocaleString('en-US', { maximumFractionDigits: 1 })}%`,
    );
  }
  await expect(card).toContainText(usd(month.overview.totalSpend.value));
  // the Spend This Month tile is the same total
  await expect(page.getByText('Spend This Month').locator('xpath=..')).toContainText(usd(month.overview.totalSpend.value));

  // beside the Usage Overview at 1280 px, below it at 700 px, nothing cut
  const overview = page.getByRole('heading', { name: 'Usage Overview' });
  const [a, b] = [await overview.boundingBox(), await card.getByRole('heading', { name: 'Service Shares' }).boundingBox()];
  expect(b?.y).toBeCloseTo(a?.y ?? 0, 0);
  expect(b?.x ?? 0).toBeGreaterThan(a?.x ?? 0);
  await card.scrollIntoViewIfNeeded();
  await checkScreen(page, 'dashboard-service-shares');
  await page.setViewportSize({ width: 700, height: 800 });
  await card.scrollIntoViewIfNeeded();
  const narrow = await card.boundingBox();
  expect((narrow?.x ?? 0) + (narrow?.width ?? 0)).toBeLessThanOrEqual(700);
  await checkScreen(page, 'dashboard-service-shares-700px');
});
