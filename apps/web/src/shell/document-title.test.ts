import { describe, expect, it } from 'vitest';
import { documentTitle } from './document-title.tsx';

describe('documentTitle', () => {
  it('prefixes the screen title with the brand and the portal', () => {
    expect(documentTitle({ brand: '382 Communications', portal: 'admin', title: 'Customers' })).toBe(
      '382 Communications Admin - Customers',
    );
    expect(documentTitle({ brand: '382 Communications', portal: 'customer', title: 'Billing' })).toBe(
      '382 Communications Customer - Billing',
    );
  });

  it('uses the literal title of the login pages', () => {
    expect(documentTitle({ brand: 'X', portal: 'admin', title: 'Admin Login', literal: 'Admin Login' })).toBe('Admin Login');
  });

  it('falls back to a generic portal title', () => {
    expect(documentTitle({ brand: 'X', portal: 'customer' })).toBe('X Customer Portal');
  });
});
