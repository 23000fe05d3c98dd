import type { Locator, Page } from '@playwright/test';
import { ADMIN, DEMO_PASSWORD, expect, expectAccessible, test } from './support.ts';

/**
 * Issue 16: the whole of a staff task with the keyboard only (no clicks): sign in, find a customer,
 * edit it in its modal, save, sign out. Locators only observe where the focus is.
 */

const isFocused = (target: Locator) =>
  target.evaluate((el) => el === document.activeElement, undefined, { timeout: 5_000 }).catch(() => false);

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails when it takes more than `max` presses. */
async function tabTo(page: Page, target: Locator, max = 25, key = 'Tab') {
  for (let presses = 0; presses <= max; presses++) {
    if (await isFocused(target)) return presses;
    await page.keyboard.press(key);
  }
  throw new Error(`${target} was not reached in ${max} presses of ${key}`);
}

/** The focused element shows a focus ring (an outline, as Mantine draws for keyboard focus). */
async function expectVisibleFocus(target: Locator) {
  await expect(target).toBeFocused();
  const outline = await target.evaluate((el) => {
    const style = getComputedStyle(el);
    return { style: style.outlineStyle, width: Number.parseFloat(style.outlineWidth) };
  });
  expect(outline.style).not.toBe('none');
  expect(outline.width).toBeGreaterThanOrEqual(1);
}

test('staff sign in, find a customer, edit it, save and sign out with the keyboard only', async ({ page }) => {
  test.setTimeout(300_000);
  await page.goto('/admin/login');
  // The email field has the focus on arrival; Tab goes on to the password; Enter signs in.
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.keyboard.type(ADMIN.email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/admin');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

  // The first Tab reaches the skip link, which is shown while focused and moves the focus to the content.
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  const main = page.getByRole('main');
  await expect(main).toBeFocused();
  // The next Tab is in the content, the one before it the sidebar's last entry.
  await page.keyboard.press('Tab');
  await expect(main.locator(':focus')).toHaveCount(1);
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Settings' })).toBeFocused();

  // Backwards through the sidebar to its top, then the header: bell and account menu come before the navigation.
  const customersLink = page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Customers' });
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await tabTo(page, customersLink, 15, 'Shift+Tab');
  expect(await tabTo(page, bell, 5, 'Shift+Tab')).toBe(4);
  await expectVisibleFocus(bell);
  expect(await tabTo(page, customersLink, 5)).toBe(4);
  await expectVisibleFocus(customersLink);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/admin/customers');
  await expect(page.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible();

  // Find the customer: the search box, then the link in its row.
  const search = page.getByRole('textbox', { name: 'Name', exact: true });
  await tabTo(page, search);
  await page.keyboard.type('Initech');
  await expect(page).toHaveURL(/search=Initech/);
  const customer = page.getByRole('table', { name: 'Customers' }).getByRole('link', { name: 'Initech Software Corp.' });
  await expect(customer).toBeVisible();
  await tabTo(page, customer);
  await expectVisibleFocus(customer);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Initech Software Corp.', level: 1 })).toBeVisible();

  // Open the edit modal: the focus moves into it and stays there (Tab wraps around inside).
  const edit = page.getByRole('button', { name: 'Edit', exact: true });
  await tabTo(page, edit, 40);
  await page.keyboard.press('Enter');
  const modal = page.getByRole('dialog', { name: 'Company Profile' });
  await expect(modal).toBeVisible();
  await expect.poll(() => modal.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press('Tab');
    expect(await modal.evaluate((el) => el.contains(document.activeElement)), `Tab ${i + 1} stays in the modal`).toBe(true);
  }
  await expectAccessible(page, 'the company profile modal, reached by keyboard');

  // Escape closes it and gives the focus back to Edit.
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
  await expect(edit).toBeFocused();

  // Again, this time changing the phone and saving.
  await page.keyboard.press('Enter');
  await expect(modal).toBeVisible();
  const phone = modal.getByRole('textbox', { name: 'Phone' });
  await tabTo(page, phone, 30);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('+1 (512) 555-0199');
  const save = modal.getByRole('button', { name: 'Save' });
  await tabTo(page, save, 30);
  await expectVisibleFocus(save);
  await page.keyboard.press('Enter');
  // The toast is announced (role alert, a live region); the modal closes and the focus returns to Edit.
  await expect(page.getByRole('alert').filter({ hasText: 'Company profile updated successfully' })).toBeVisible();
  await expect(modal).toBeHidden();
  await expect(edit).toBeFocused();
  await expect(page.getByText('(512) 555-0199')).toBeVisible();

  // Sign out: the account menu opens with Enter, the arrows move through it, Enter chooses.
  const account = page.getByRole('button', { name: /^Account menu for/ });
  await tabTo(page, account, 60, 'Shift+Tab');
  await expectVisibleFocus(account);
  await page.keyboard.press('Enter');
  const logOut = page.getByRole('menuitem', { name: 'Log Out' });
  await expect(logOut).toBeVisible();
  await expectAccessible(page, 'the account menu, opened by keyboard');
  await tabTo(page, logOut, 8, 'ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/admin/login');
  await expect(page.getByLabel('Email')).toBeFocused();
});
