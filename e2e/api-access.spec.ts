import { ADMIN, CUSTOMER, checkScreen, expect, openDialog, signInViaApi, test } from './support.ts';

test('a customer Admin generates a key, calls the API with it, sees the call in Usage, revokes it and sees the call refused', async ({
  page,
}) => {
  const name = `Build server ${Date.now()}`;
  await signInViaApi(page, CUSTOMER);
  await page.goto('/customer/api');
  await expect(page.getByRole('heading', { name: 'API Access', level: 1 })).toBeVisible();
  const dialog = await openDialog(page, 'Generate API Key');
  await dialog.getByRole('textbox', { name: 'Key Name' }).fill(name);
  await dialog.getByRole('combobox', { name: 'Account' }).fill('Acme Main');
  await page.getByRole('option', { name: /^Acme Main Office/ }).click();
  await dialog.getByText('Development', { exact: true }).click();
  await expect(dialog.getByRole('radio', { name: 'Development' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Generate Key' }).click();

  // shown once, with a copy button and the warning
  const shown = page.getByRole('dialog', { name: 'API Key Generated' });
  await expect(shown.getByText('Copy this key now.', { exact: false })).toBeVisible();
  const key = (await shown.getByTestId('new-api-key').innerText()).trim();
  expect(key).toMatch(/^pk_test_[A-Za-z0-9]{40}$/);
  await checkScreen(page, 'api-key-generated');
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText(key)).toHaveCount(0);
  const table = page.getByRole('table', { name: 'API keys' });
  const row = table.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText(`${key.slice(0, 8)}…${key.slice(-4)}`);
  await expect(row).toContainText('Never');

  // the key works against the public API
  const answer = await page.request.get('/v1/numbers', { headers: { authorization: `Bearer ${key}` } });
  expect(answer.status()).toBe(200);
  const requestId = answer.headers()['x-request-id'] as string;
  expect(((await answer.json()) as { items: unknown[] }).items.length).toBeGreaterThan(0);

  // the call is in Usage (the log is written in batches, within a second)
  await page.getByRole('tab', { name: 'Usage' }).click();
  const usage = page.getByRole('table', { name: 'API requests' });
  await expect(async () => {
    await page.reload();
    await expect(usage.getByRole('row').nth(1)).toContainText(name, { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await expect(usage.getByRole('row').nth(1)).toContainText('/v1/numbers');
  await expect(usage.getByRole('row').nth(1)).toContainText('200 OK');
  await expect(usage.getByRole('row').nth(1).getByLabel(requestId)).toBeVisible();
  await checkScreen(page, 'api-usage');

  // revoke: the next call is refused
  await page.getByRole('tab', { name: 'API Keys' }).click();
  await table.getByRole('button', { name: new RegExp(`^Revoke ${name}`) }).click();
  await page.getByRole('dialog', { name: 'Revoke API key' }).getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText(`${name} revoked`)).toBeVisible();
  await expect(table.getByRole('row', { name: new RegExp(name) })).toContainText('Revoked');
  const refused = await page.request.get('/v1/numbers', { headers: { authorization: `Bearer ${key}` } });
  expect(refused.status()).toBe(401);
  expect(((await refused.json()) as { error: { message: string } }).error.message).toBe('The API key has been revoked');
});

test('a customer Admin adds a webhook, sees its secret once, presses Test and finds the delivery in its log', async ({ page }) => {
  const name = `Order events ${Date.now()}`;
  await signInViaApi(page, CUSTOMER);
  await page.goto('/customer/api?tab=webhooks');
  const dialog = await openDialog(page, 'Add Webhook');
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('textbox', { name: 'URL' }).fill('http://hooks.example.com/events');
  await dialog.getByRole('combobox', { name: 'Account' }).fill('Acme Main');
  await page.getByRole('option', { name: /^Acme Main Office/ }).click();
  await dialog.getByRole('button', { name: 'Add Webhook' }).click();
  await expect(dialog.getByText('The URL must start with https://')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'URL' }).fill('https://127.0.0.1:9/events');
  await dialog.getByRole('button', { name: 'Add Webhook' }).click();
  const secret = page.getByRole('dialog', { name: 'Signing Secret' });
  await expect(secret.getByTestId('webhook-secret')).toContainText('whsec_');
  await secret.getByRole('button', { name: 'Done' }).click();

  const table = page.getByRole('table', { name: 'Webhooks' });
  await page.getByRole('textbox', { name: 'Search' }).fill(name);
  await expect(table.getByRole('row')).toHaveCount(2);
  await checkScreen(page, 'api-webhooks');
  await table.getByRole('button', { name: `Test ${name}` }).click();
  // nothing listens on port 9: the answer (none) and the time are reported
  await expect(page.getByText(/^Test failed: .+ after \d+ ms$/)).toBeVisible();
  await table.getByRole('button', { name: `Deliveries ${name}` }).click();
  const log = page.getByRole('dialog', { name: `Deliveries: ${name}` });
  await expect(log.getByRole('table', { name: 'Deliveries' }).getByRole('row').nth(1)).toContainText('message.delivered');
  await checkScreen(page, 'api-webhook-deliveries');
});

test('a staff Admin creates a platform token, sees it once, ingests with it, revokes it and sees it refused', async ({ page }) => {
  const name = `Switch ${Date.now()}`;
  await signInViaApi(page, ADMIN);
  await page.goto('/admin/api?tab=platform');
  await page.getByRole('button', { name: 'Create Token' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Platform Token' });
  await dialog.getByRole('textbox', { name: 'Token Name' }).fill(name);
  await dialog.getByRole('button', { name: 'Create Token' }).click();

  // shown once, with the warning
  const shown = page.getByRole('dialog', { name: 'Platform Token Created' });
  await expect(shown.getByText('Copy this token now', { exact: false })).toBeVisible();
  const token = (await shown.getByTestId('new-platform-token').innerText()).trim();
  expect(token).toMatch(/^plt_[A-Za-z0-9]{40}$/);
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText(token)).toHaveCount(0);
  const table = page.getByRole('table', { name: 'Platform tokens' });
  const row = table.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText(`${token.slice(0, 12)}…`);
  await expect(row).toContainText('Never');
  await checkScreen(page, 'api-platform-tokens');

  // the token works against /ingest/v1 (a number no account holds is rejected alone)
  const batch = {
    records: [
      {
        callId: `e2e-${Date.now()}`,
        from: '+19995550000',
        to: '+14155550100',
        startedAt: new Date().toISOString(),
        durationSeconds: 30,
        status: 'Completed',
        direction: 'Outbound',
      },
    ],
  };
  const answer = await page.request.post('/ingest/v1/cdrs', { headers: { authorization: `Bearer ${token}` }, data: batch });
  expect(answer.status()).toBe(200);
  expect(await answer.json()).toMatchObject({ accepted: 0, duplicates: 0, rejected: [{ index: 0 }] });

  // revoke: the next batch is refused
  await table.getByRole('button', { name: new RegExp(`^Revoke ${name}`) }).click();
  await page.getByRole('dialog', { name: 'Revoke platform token' }).getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText(`${name} revoked`)).toBeVisible();
  await expect(row).toContainText('Revoked');
  const refused = await page.request.post('/ingest/v1/cdrs', { headers: { authorization: `Bearer ${token}` }, data: batch });
  expect(refused.status()).toBe(401);
  expect(((await refused.json()) as { error: { message: string } }).error.message).toBe('The platform token has been revoked');
});
