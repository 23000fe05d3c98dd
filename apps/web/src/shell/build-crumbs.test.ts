import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api.ts';
import type { RouteHandle } from '../lib/route-handle.ts';
import { buildCrumbs, recordCrumbText } from './build-crumbs.ts';

const match = (pathname: string, handle?: RouteHandle, params: Record<string, string> = {}) => ({ pathname, handle, params });

describe('buildCrumbs', () => {
  it('makes one crumb per segment, the last not a link, index routes adding nothing', () => {
    const crumbs = buildCrumbs([
      match('/'),
      match('/admin', { crumb: 'Admin' }),
      match('/admin'),
      match('/admin/customers', { crumb: 'Customers' }),
      match('/admin/customers/', { title: 'Customers' }),
    ]);
    expect(crumbs).toEqual([
      { path: '/admin', label: 'Admin', id: undefined, link: true },
      { path: '/admin/customers', label: 'Customers', id: undefined, link: false },
    ]);
  });

  it('shows record crumbs with their id and hides the segment a two-segment route spans', () => {
    const params = { customerId: 'c1', accountId: 'a1' };
    const crumbs = buildCrumbs([
      match('/admin', { crumb: 'Admin' }, params),
      match('/admin/customers', { crumb: 'Customers' }, params),
      match('/admin/customers/c1', { crumb: { record: 'customer', param: 'customerId' } }, params),
      match('/admin/customers/c1/accounts/a1', { crumb: { record: 'account', param: 'accountId' } }, params),
      match('/admin/customers/c1/accounts/a1/voice', { title: 'Account Details', crumb: 'Voice' }, params),
    ]);
    expect(crumbs.map((c) => [c.path, c.id ?? c.label, c.link])).toEqual([
      ['/admin', 'Admin', true],
      ['/admin/customers', 'Customers', true],
      ['/admin/customers/c1', 'c1', true],
      ['/admin/customers/c1/accounts/a1', 'a1', true],
      ['/admin/customers/c1/accounts/a1/voice', 'Voice', false],
    ]);
  });

  it('keeps a crumb without a page of its own as text', () => {
    const crumbs = buildCrumbs([
      match('/admin', { crumb: 'Admin' }),
      match('/admin/accounts', { crumb: 'Accounts', crumbIsLink: false }),
      match('/admin/accounts/new', { title: 'New Account' }),
    ]);
    expect(crumbs.map((c) => [c.label, c.link])).toEqual([
      ['Admin', true],
      ['Accounts', false],
      ['New Account', false],
    ]);
  });
});

describe('recordCrumbText', () => {
  it("shows the record's name, 'Not found' for no such record, never the id", () => {
    expect(recordCrumbText('customer', { name: 'Acme Corp' }, null)).toBe('Acme Corp');
    expect(recordCrumbText('account', undefined, new ApiError(404, 'NOT_FOUND', 'Record not found'))).toBe('Not found');
    expect(recordCrumbText('customer', undefined, new ApiError(404, 'NOT_FOUND', 'Record not found'))).toBe('Not found');
  });

  it('falls back to the kind of record when the name could not be read', () => {
    expect(recordCrumbText('customer', undefined, new ApiError(0, 'NETWORK_ERROR', 'offline'))).toBe('Customer');
    expect(recordCrumbText('account', undefined, new ApiError(500, 'INTERNAL', 'boom'))).toBe('Account');
  });
});
