import { DEFAULT_SETTINGS, type TSystemSettingsView } from '@portal/contract/settings';
import { describe, expect, it } from 'vitest';
import { boundsText, helpOf, keysOfTab, SETTINGS_TABS, saveBody, tabSchema, tabValues } from './settings-fields.ts';

const { smtpPassword: _password, ...rest } = DEFAULT_SETTINGS;
const VIEW: TSystemSettingsView = { ...rest, smtpPasswordSet: true };

const errorsOf = (keys: Parameters<typeof tabSchema>[0], values: Record<string, unknown>) =>
  Object.fromEntries((tabSchema(keys).safeParse(values).error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));

describe('system settings forms', () => {
  it('every setting but none twice is on a tab', () => {
    const all = Object.keys(SETTINGS_TABS).flatMap((t) => keysOfTab(t as keyof typeof SETTINGS_TABS));
    expect(new Set(all).size).toBe(all.length);
    expect(new Set(all)).toEqual(new Set(Object.keys(DEFAULT_SETTINGS)));
  });

  it("writes each number's bounds from the contract under the field", () => {
    expect(boundsText('sessionTimeout')).toBe('From 5 to 1,440 minutes.');
    expect(boundsText('passwordMinLength')).toBe('From 8 to 32 characters.');
    expect(boundsText('passwordExpiryDays')).toBe('From 0 to 365 days.');
    expect(boundsText('apiRateLimitPerSecond')).toBe('At least 1 request.');
    expect(boundsText('apiRateLimitPerDay')).toBe('At least 1,000 requests.');
    expect(boundsText('apiLogRetentionDays')).toBe('From 1 to 365 days.');
    expect(boundsText('defaultPaymentTerms')).toBe('From 0 to 90 days.');
    expect(helpOf('companyName')).toBe('Shown in emails and on invoices. Up to 120 characters.');
  });

  it('refuses out-of-bounds and emptied numbers with a readable message, not the default', () => {
    const keys = keysOfTab('security');
    const values = tabValues(VIEW, keys);
    expect(errorsOf(keys, values)).toEqual({});
    expect(errorsOf(keys, { ...values, sessionTimeout: 2000 })).toEqual({ sessionTimeout: 'Enter a whole number from 5 to 1,440 minutes' });
    expect(errorsOf(keys, { ...values, sessionTimeout: '' })).toEqual({ sessionTimeout: 'Required' });
    expect(errorsOf(keys, { ...values, passwordMinLength: 7 })).toEqual({
      passwordMinLength: 'Enter a whole number from 8 to 32 characters',
    });
    const api = keysOfTab('api');
    expect(errorsOf(api, { ...tabValues(VIEW, api), apiRateLimitPerDay: 999 })).toEqual({
      apiRateLimitPerDay: 'Enter a whole number of at least 1,000 requests',
    });
  });

  it("keeps the contract's own messages for text", () => {
    const keys = keysOfTab('billing');
    expect(errorsOf(keys, { ...tabValues(VIEW, keys), invoicePrefix: 'inv' })).toEqual({
      invoicePrefix: 'Use capital letters, digits and dashes',
    });
    expect(errorsOf(keys, { ...tabValues(VIEW, keys), invoicePrefix: '  ' })).toEqual({ invoicePrefix: 'Required' });
    const general = keysOfTab('general');
    expect(errorsOf(general, { ...tabValues(VIEW, general), supportEmail: 'nope' })).toEqual({ supportEmail: 'Email address is invalid' });
  });

  it('saves only the tab, and the SMTP password only when one was typed', () => {
    const keys = keysOfTab('email');
    const values = tabValues(VIEW, keys);
    expect(values.smtpPassword).toBe('');
    const body = saveBody({ ...values, smtpServer: ' mail.example.com ' }, keys);
    expect(body).not.toHaveProperty('smtpPassword');
    expect(body).not.toHaveProperty('companyName');
    expect(body.smtpServer).toBe('mail.example.com');
    expect(saveBody({ ...values, smtpPassword: 's3cret' }, keys).smtpPassword).toBe('s3cret');
  });
});
