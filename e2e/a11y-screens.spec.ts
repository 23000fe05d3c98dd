import type { Locator, Page } from '@playwright/test';
import { ADMIN, CUSTOMER, checkScreen, expect, expectAccessible, openDialog, type Portal, signInViaApi, test } from './support.ts';

/**
 * Every built screen of both portals, checked by axe (WCAG 2.1 A and AA, issue 16) with its menus and
 * modals open too. Each screen has one h1 and the shell's landmarks.
 */

// Axe takes seconds a screen on a busy machine; screens wait longer than the suite's default. The
// screens are independent of each other, so both workers share them.
test.describe.configure({ timeout: 150_000, mode: 'parallel' });
const slow = expect.configure({ timeout: 45_000 });
// Each test checks its screen itself.
test.use({ checkAccessibilityAtEnd: false });

/** A screen: its path, or how to find it (a record's page), and what to wait for before checking. */
type Screen = { name: string; path: string | ((page: Page) => Promise<string>); ready?: (page: Page) => Promise<unknown> };

const table = (name: string) => (page: Page) => slow(page.getByRole('table', { name }).getByRole('row').nth(1)).toBeVisible();

/** Opens the first record of a table by its link, waits for the record's page: its path. */
async function firstRecord(page: Page, table: string, url: RegExp) {
  await page.getByRole('table', { name: table }).getByRole('row').nth(1).getByRole('link').first().click();
  await slow(page).toHaveURL(url);
  return new URL(page.url()).pathname;
}
/** The admin page of a customer (Initech) and of its first account; a customer's first sub-account. */
async function adminCustomer(page: Page) {
  await page.goto('/admin/customers?search=Initech');
  await page.getByRole('link', { name: 'Initech Software Corp.' }).click();
  await slow(page).toHaveURL(/\/admin\/customers\/[0-9a-f-]{36}$/);
  return new URL(page.url()).pathname;
}
async function adminAccount(page: Page) {
  await page.goto(await adminCustomer(page));
  return firstRecord(page, 'Accounts', /\/accounts\/[0-9a-f-]{36}$/);
}
async function customerAccount(page: Page) {
  await page.goto('/customer/accounts');
  return firstRecord(page, 'Sub-accounts', /\/customer\/accounts\/[0-9a-f-]{36}$/);
}
/** A record's path is looked up once a worker (the worker keeps its signed-in pages, see screenTest). */
const found = new Map<(page: Page) => Promise<string>, Promise<string>>();
function once(find: (page: Page) => Promise<string>) {
  return (page: Page) => {
    let path = found.get(find);
    if (!path) {
      path = find(page);
      found.set(find, path);
      // a failed lookup is tried again by the next screen
      path.catch(() => found.delete(find));
    }
    return path;
  };
}
const under = (base: (page: Page) => Promise<string>, suffix: string) => async (page: Page) => `${await once(base)(page)}${suffix}`;
const shows = (locate: (page: Page) => Locator) => (page: Page) => slow(locate(page)).toBeVisible();
const saveButton = shows((page) => page.getByRole('button', { name: 'Save' }).first());

/** A billing page's screens: its invoices, then each tab's table (`tabs`: the tables by name, their paths under the page). */
const billingScreens = (name: string, path: (suffix: string) => Screen['path'], tabs: Record<string, string>): Screen[] => [
  { name, path: path(''), ready: table('Invoices') },
  ...Object.entries(tabs).map(([tab, suffix]) => ({ name: `${name} ${tab.toLowerCase()}`, path: path(suffix), ready: table(tab) })),
];
const BILLING_TABS = { 'Payment methods': '/payment-methods', 'Payment history': '/payment-history' };

/** An account's screens in either portal (`find` opens the account; its numbers are at `numbers`). */
const accountScreens = (find: (page: Page) => Promise<string>, numbers: string): Screen[] => [
  { name: 'account general', path: under(find, '') },
  { name: 'account numbers', path: under(find, numbers) },
  { name: 'account voice', path: under(find, '/voice') },
  { name: 'account messaging', path: under(find, '/messaging') },
  ...billingScreens('account billing', (suffix) => under(find, `/billing${suffix}`), BILLING_TABS),
];

/** The screens both portals have at the same paths under /admin or /customer. */
const sharedScreens = (portal: Portal): Screen[] => [
  { name: 'dashboard', path: `/${portal}` },
  { name: 'users', path: `/${portal}/users` },
  { name: 'numbers', path: `/${portal}/numbers` },
  { name: 'porting', path: `/${portal}/numbers?tab=porting` },
  { name: 'messaging brands', path: `/${portal}/messaging?tab=brands`, ready: table('Brands') },
  { name: 'messaging templates', path: `/${portal}/messaging?tab=templates`, ready: table('Templates') },
  { name: 'messaging opt-outs', path: `/${portal}/messaging?tab=opt-outs` },
  { name: 'voice network', path: `/${portal}/voice?tab=network` },
  { name: 'voice CDRs', path: `/${portal}/voice?tab=cdrs` },
  { name: 'API access', path: `/${portal}/api` },
  { name: 'reports', path: `/${portal}/reports` },
  {
    name: 'notifications',
    path: `/${portal}/notifications`,
    ready: shows((page) => page.getByRole('checkbox', { name: 'Email: Billing' })),
  },
  { name: 'notification settings', path: `/${portal}/notifications/settings`, ready: shows((page) => page.getByRole('switch').first()) },
];

const PUBLIC: Screen[] = [
  { name: 'admin login', path: '/admin/login' },
  { name: 'customer login', path: '/customer/login' },
  { name: 'admin forgot password', path: '/admin/forgot-password' },
  { name: 'customer forgot password', path: '/customer/forgot-password' },
  { name: 'reset password', path: '/admin/reset-password?token=not-a-real-token-but-long-enough' },
  { name: 'reset password without a token', path: '/customer/reset-password' },
  { name: 'terms', path: '/terms' },
  { name: 'privacy', path: '/privacy' },
  { name: 'contact', path: '/contact' },
];

const ADMIN_SCREENS: Screen[] = [
  ...sharedScreens('admin'),
  { name: 'customers', path: '/admin/customers', ready: table('Customers') },
  { name: 'new customer', path: '/admin/customers/new' },
  { name: 'customer accounts', path: under(adminCustomer, ''), ready: table('Accounts') },
  { name: 'customer billing', path: under(adminCustomer, '?tab=billing') },
  { name: 'customer network', path: under(adminCustomer, '?tab=network') },
  { name: 'customer notes', path: under(adminCustomer, '?tab=notes') },
  ...accountScreens(adminAccount, '/phone-numbers'),
  { name: 'new account', path: '/admin/accounts/new' },
  ...billingScreens('billing', (suffix) => `/admin/billing${suffix}`, { 'Payment history': '/payment-history' }),
  { name: 'billing rates', path: '/admin/billing/rates', ready: table('Rate decks') },
  { name: 'messaging', path: '/admin/messaging', ready: table('Campaigns') },
  { name: 'messaging delivery reports', path: '/admin/messaging?tab=messages', ready: table('Messages') },
  { name: 'voice trunks', path: '/admin/voice' },
  { name: 'compliance', path: '/admin/compliance' },
  { name: 'support tools', path: '/admin/support' },
  { name: 'settings', path: '/admin/settings', ready: saveButton },
  {
    name: 'settings security',
    path: '/admin/settings?tab=security',
    ready: shows((page) => page.getByRole('heading', { name: 'Locked Sign-ins' })),
  },
  { name: 'settings api', path: '/admin/settings?tab=api', ready: saveButton },
  { name: 'settings billing', path: '/admin/settings?tab=billing', ready: saveButton },
  { name: 'settings email', path: '/admin/settings?tab=email', ready: table('Email outbox') },
  {
    name: 'settings profile',
    path: '/admin/settings?tab=profile',
    ready: shows((page) => page.getByRole('heading', { name: 'My Profile' })),
  },
  { name: 'settings maintenance', path: '/admin/settings?tab=maintenance', ready: saveButton },
  { name: 'settings logs', path: '/admin/settings?tab=logs', ready: table('Activity logs') },
  { name: 'customer not found', path: '/admin/customers/00000000-0000-4000-8000-000000000000' },
];

const CUSTOMER_SCREENS: Screen[] = [
  ...sharedScreens('customer'),
  { name: 'company profile', path: '/customer/profile' },
  { name: 'company profile contact', path: '/customer/profile?tab=contact' },
  { name: 'company profile billing', path: '/customer/profile?tab=billing' },
  { name: 'company profile account', path: '/customer/profile?tab=account' },
  { name: 'company info', path: '/customer/company-info' },
  { name: 'company info accounts', path: '/customer/company-info?tab=accounts' },
  { name: 'sub-accounts', path: '/customer/accounts', ready: table('Sub-accounts') },
  ...accountScreens(customerAccount, '/numbers'),
  ...billingScreens('billing', (suffix) => `/customer/billing${suffix}`, BILLING_TABS),
  { name: 'messaging status', path: '/customer/messaging' },
  { name: 'messaging campaigns', path: '/customer/messaging?tab=campaigns', ready: table('Campaigns') },
  { name: 'messaging logs', path: '/customer/messaging?tab=messages', ready: table('Messages') },
  { name: 'messaging documentation', path: '/customer/messaging?tab=documentation' },
  { name: 'voice trunks', path: '/customer/voice', ready: table('SIP trunks') },
  { name: 'support', path: '/customer/support' },
  { name: 'my profile', path: '/customer/my-profile' },
  { name: 'settings', path: '/customer/settings' },
];

async function expectShellLandmarks(page: Page) {
  await expect(page.getByRole('banner')).toHaveCount(1);
  await expect(page.getByRole('main')).toHaveCount(1);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(1);
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveCount(1);
}

/**
 * One signed-in page per portal and worker, kept for all the screens the worker checks: each screen
 * is a fresh document (page.goto), but the sign-in, the browser context and its cache of the app's
 * scripts are made once, not once a screen. A record's path (a customer's, an account's) is found
 * once a worker too.
 */
const screenTest = test.extend<
  object,
  { portalPages: { page: (portal: Portal) => Promise<Page>; path: (screen: Screen, page: Page) => Promise<string> } }
>({
  portalPages: [
    async ({ browser }, use, workerInfo) => {
      const url = new URL(String(workerInfo.project.use.baseURL ?? 'http://127.0.0.1:4173'));
      url.port = String(Number(url.port) + workerInfo.parallelIndex);
      const pages = new Map<Portal, Promise<Page>>();
      const open = async (portal: Portal) => {
        const context = await browser.newContext({ baseURL: url.origin, viewport: { width: 1280, height: 800 } });
        const page = await context.newPage();
        await signInViaApi(page, portal === 'admin' ? ADMIN : CUSTOMER);
        return page;
      };
      await use({
        page: (portal) => {
          if (!pages.has(portal)) pages.set(portal, open(portal));
          return pages.get(portal) as Promise<Page>;
        },
        path: async (screen, page) => (typeof screen.path === 'string' ? screen.path : screen.path(page)),
      });
      for (const page of pages.values()) await (await page).context().close();
    },
    { scope: 'worker' },
  ],
});

function screenTests(portal: Portal | null, screens: Screen[]) {
  for (const screen of screens) {
    screenTest(`${portal ?? 'public'}: ${screen.name}`, async ({ page: fresh, portalPages }) => {
      const page = portal ? await portalPages.page(portal) : fresh;
      await page.goto(await portalPages.path(screen, page));
      await slow(page.locator('h1'), 'one h1 per page').toHaveCount(1);
      if (portal) await expectShellLandmarks(page);
      await screen.ready?.(page);
      await expectAccessible(page, `${portal ?? 'public'} ${screen.name}`);
    });
  }
}

screenTests(null, PUBLIC);
screenTests('admin', ADMIN_SCREENS);
screenTests('customer', CUSTOMER_SCREENS);

test('sign-in form errors are tied to their fields', async ({ page }) => {
  await page.goto('/customer/login');
  await page.getByRole('button', { name: 'Sign in' }).click();
  const email = page.getByLabel('Email');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator(`#${await email.getAttribute('aria-describedby')}`)).toBeVisible();
  await expectAccessible(page, 'customer login with errors');
});

test('admin menus and modals, open', async ({ page }) => {
  await signInViaApi(page, ADMIN);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: /^Account menu for/ }).click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expectAccessible(page, 'the profile menu');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();

  await page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(page.getByRole('dialog', { name: 'Notifications' }).getByRole('button', { name: 'View all notifications' })).toBeVisible();
  await expectAccessible(page, 'the notification bell');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeHidden();

  await page.goto('/admin/customers?search=Initech');
  await page.getByRole('link', { name: 'Initech Software Corp.' }).click();
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const profile = page.getByRole('dialog', { name: 'Company Profile' });
  await profile.getByLabel('Email').fill('not-an-email');
  await profile.getByRole('button', { name: 'Save' }).click();
  await expect(profile.getByText('Email address is invalid')).toBeVisible();
  await expectAccessible(page, 'the company profile modal with an error');
  await profile.getByRole('combobox', { name: 'Account Manager' }).click();
  await expect(page.getByRole('listbox')).toBeVisible();
  await expectAccessible(page, 'a select open in the company profile modal');
  // the list is operated from the input: the arrow keys move the active option, Enter chooses it
  const manager = profile.getByRole('combobox', { name: 'Account Manager' });
  await page.keyboard.press('ArrowDown');
  await expect(manager).toHaveAttribute('aria-activedescendant', /.+/);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(profile).toBeHidden();

  await page.getByRole('tab', { name: 'Billing' }).click();
  await page.getByRole('button', { name: 'Add Method' }).click();
  await expect(page.getByRole('dialog', { name: 'Add Payment Method' })).toBeVisible();
  await expectAccessible(page, 'the add payment method modal');
  await page.keyboard.press('Escape');

  await page.getByRole('tab', { name: 'Accounts' }).click();
  await page.getByRole('table', { name: 'Accounts' }).getByRole('row').nth(1).getByRole('link').first().click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Delete account' })).toBeVisible();
  await expectAccessible(page, 'the confirm dialog');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

  await page.goto('/admin/voice');
  await page.getByRole('combobox', { name: 'Account' }).click();
  await page.getByRole('option').nth(1).click();
  const channels = await openDialog(page, 'Change Allocation');
  await channels.getByRole('textbox', { name: 'Max Voice Channels' }).fill('0');
  await channels.getByRole('button', { name: 'Save' }).click();
  await expect(channels.getByText('Please enter a valid number of channels')).toBeVisible();
  await expectAccessible(page, 'the channel allocation modal with an error');
  await page.keyboard.press('Escape');
});

test('customer modals open, and toasts', async ({ page }) => {
  await signInViaApi(page, CUSTOMER);
  await page.goto('/customer/voice');
  const trunks = page.getByRole('table', { name: 'SIP trunks' });
  // the first trunk's name, from its Edit button (a loading row has none)
  const firstEdit = trunks.getByRole('button', { name: /^Edit / }).first();
  await slow(firstEdit).toBeVisible();
  const name = ((await firstEdit.getAttribute('aria-label')) ?? '').replace(/^Edit /, '');
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  await expect(page.getByRole('dialog', { name: `Edit ${name}` })).toBeVisible();
  await expectAccessible(page, 'the trunk modal');
  await page.keyboard.press('Escape');

  await page.goto('/customer/accounts');
  await page.getByRole('button', { name: 'Add Account' }).click();
  await expect(page.getByRole('dialog', { name: 'Add Account' })).toBeVisible();
  await expectAccessible(page, 'the add account modal');
  await page.keyboard.press('Escape');

  // A toast, announced through a live region.
  await page.goto('/customer/profile');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  const toast = page.getByRole('alert').filter({ hasText: 'Company profile updated successfully' });
  await expect(toast).toBeVisible();
  await expectAccessible(page, 'a success toast');
});

test('the shell at 320 px wide: nothing lost sideways, the sidebar opens over the page', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await signInViaApi(page, CUSTOMER);
  for (const path of ['/customer', '/customer/accounts', '/customer/voice', '/customer/numbers']) {
    await page.goto(path);
    await expect(page.locator('h1')).toHaveCount(1);
    // The document itself never scrolls sideways; wide tables scroll inside their own container.
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(320);
    await expectAccessible(page, `${path} at 320 px`);
  }
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Voice', exact: true })).toBeVisible();
  await checkScreen(page, 'sidebar-open-320px');
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 700, height: 800 });
  await page.goto('/customer/accounts');
  await slow(page.getByRole('table', { name: 'Sub-accounts' }).getByRole('row').nth(1)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(700);
  await checkScreen(page, 'sub-accounts-700px');
});
