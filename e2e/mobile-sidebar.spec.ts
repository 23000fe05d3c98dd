import { ADMIN, checkScreen, expect, signInViaApi, test } from './support.ts';

test.use({ viewport: { width: 700, height: 800 } });

test('the sidebar collapses at 700px: burger opens it, the overlay, navigation and a wider window close it', async ({ page }) => {
  await signInViaApi(page, ADMIN);
  await page.goto('/admin');
  const sidebar = page.getByRole('navigation', { name: 'Main navigation' });
  const overlay = page.getByTestId('sidebar-overlay');
  const burger = page.getByRole('button', { name: 'Open navigation' });

  await expect(sidebar).not.toBeInViewport();
  await expect(overlay).toHaveCount(0);

  await burger.click();
  await expect(sidebar).toBeInViewport();
  await expect(overlay).toBeVisible();
  await checkScreen(page, 'mobile-sidebar');

  // A click outside the sidebar, on the overlay, closes it.
  await overlay.click({ position: { x: 650, y: 400 } });
  await expect(overlay).toHaveCount(0);
  await expect(sidebar).not.toBeInViewport();
  await checkScreen(page, 'mobile-header');

  // Navigating from the sidebar closes it.
  await burger.click();
  await sidebar.getByRole('link', { name: 'Customers', exact: true }).click();
  await expect(page).toHaveURL('/admin/customers');
  await expect(overlay).toHaveCount(0);
  await expect(sidebar).not.toBeInViewport();

  // Growing the window past 768px closes the mobile sidebar; the desktop sidebar shows.
  await burger.click();
  await expect(overlay).toBeVisible();
  await page.setViewportSize({ width: 1024, height: 800 });
  await expect(overlay).toHaveCount(0);
  await expect(sidebar).toBeInViewport();
  await expect(page.getByRole('button', { name: /navigation/ })).toHaveCount(0);
  await page.setViewportSize({ width: 700, height: 800 });
  await expect(sidebar).not.toBeInViewport();
  await expect(overlay).toHaveCount(0);
});

test('at exactly 768px the sidebar is collapsed, at 769px it shows', async ({ page }) => {
  await signInViaApi(page, ADMIN);
  await page.setViewportSize({ width: 768, height: 800 });
  await page.goto('/admin');
  const sidebar = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(page.getByRole('button', { name: 'Open navigation' })).toBeVisible();
  await expect(sidebar).not.toBeInViewport();
  await page.setViewportSize({ width: 769, height: 800 });
  await expect(sidebar).toBeInViewport();
});
