import { describe, expect, it } from 'vitest';
import { checkCustomRange, periodOptions, readReportState, reportRequestOf, writeReportState } from './report-params.ts';

const read = (search: string, portal: 'admin' | 'customer' = 'customer') => readReportState(new URLSearchParams(search), portal);
const CUSTOMER_ID = '0b7c9f6e-2d1a-4c3b-9e8f-1a2b3c4d5e6f';

describe('the custom range', () => {
  it('cannot be applied with one date or none', () => {
    expect(checkCustomRange('', '')).toEqual({ canApply: false });
    expect(checkCustomRange('2026-03-01', '')).toEqual({ canApply: false });
    expect(checkCustomRange('', '2026-03-31')).toEqual({ canApply: false });
  });

  it('can be applied with both dates in order, one day included', () => {
    expect(checkCustomRange('2026-03-01', '2026-03-31')).toEqual({ canApply: true });
    expect(checkCustomRange('2026-03-01', '2026-03-01')).toEqual({ canApply: true });
  });

  it('says on the end date when it is before the start or the range is longer than 3 years', () => {
    expect(checkCustomRange('2026-03-02', '2026-03-01')).toEqual({
      canApply: false,
      endError: 'The end date must not be before the start date',
    });
    // 3 × 366 = 1098 days at most: 2020 has 366 days, 2021 and 2022 365, so 2020-01-01 to 2023-01-02 is 1098 days
    expect(checkCustomRange('2020-01-01', '2023-01-02')).toEqual({ canApply: true });
    expect(checkCustomRange('2020-01-01', '2023-01-03')).toEqual({ canApply: false, endError: 'A report covers at most 3 years' });
  });
});

describe('the report state in the URL', () => {
  it('defaults to the first tab, the last 30 days and every service', () => {
    expect(read('')).toEqual({ tab: 'overview', period: '30days', startDate: '', endDate: '', service: 'all', customerId: '' });
  });

  it('reads a custom range only with both valid dates, and falls back to 30 days otherwise', () => {
    expect(read('period=custom&startDate=2026-02-01&endDate=2026-02-10')).toMatchObject({
      period: 'custom',
      startDate: '2026-02-01',
      endDate: '2026-02-10',
    });
    expect(read('period=custom&startDate=2026-02-01')).toMatchObject({ period: '30days', startDate: '', endDate: '' });
    expect(read('period=custom&startDate=2026-02-10&endDate=2026-02-01')).toMatchObject({ period: '30days' });
  });

  it("offers customers 30 days, 90 days, a year and a custom range; staff the calendar periods too, 'Last 30 Days' once", () => {
    expect(periodOptions('customer').map((o) => o.label)).toEqual(['Last 30 Days', 'Last 90 Days', 'Last Year', 'Custom Range']);
    expect(periodOptions('admin').map((o) => o.value)).toEqual([
      'today',
      'yesterday',
      'last7days',
      '30days',
      'thisMonth',
      'lastMonth',
      '90days',
      '1year',
      'custom',
    ]);
    expect(read('period=today')).toMatchObject({ period: '30days' });
    expect(read('period=today', 'admin')).toMatchObject({ period: 'today' });
    expect(read('period=last30days', 'admin')).toMatchObject({ period: '30days' });
  });

  it('keeps each portal to its tabs and the customer filter to staff', () => {
    expect(read('tab=revenue')).toMatchObject({ tab: 'overview' });
    expect(read('tab=revenue', 'admin')).toMatchObject({ tab: 'revenue' });
    expect(read('tab=sms', 'admin')).toMatchObject({ tab: 'overview' });
    expect(read('tab=cdr')).toMatchObject({ tab: 'cdr' });
    expect(read(`customerId=${CUSTOMER_ID}`)).toMatchObject({ customerId: '' });
    expect(read(`customerId=${CUSTOMER_ID}`, 'admin')).toMatchObject({ customerId: CUSTOMER_ID });
    expect(read('customerId=nope', 'admin')).toMatchObject({ customerId: '' });
    expect(read('service=voice')).toMatchObject({ service: 'voice' });
    expect(read('service=fax')).toMatchObject({ service: 'all' });
  });

  it('writes only what differs from the defaults, and keeps other parameters', () => {
    const base = new URLSearchParams('other=1&startDate=2026-01-01&endDate=2026-01-02&period=custom');
    const next = writeReportState(
      base,
      { tab: 'overview', period: '90days', startDate: '2026-01-01', endDate: '2026-01-02', service: 'all', customerId: '' },
      'customer',
    );
    expect(next.toString()).toBe('other=1&period=90days');
    const custom = writeReportState(
      new URLSearchParams(),
      { tab: 'sms', period: 'custom', startDate: '2026-01-01', endDate: '2026-01-31', service: 'sms', customerId: '' },
      'customer',
    );
    expect(Object.fromEntries(custom)).toEqual({
      tab: 'sms',
      period: 'custom',
      startDate: '2026-01-01',
      endDate: '2026-01-31',
      service: 'sms',
    });
  });

  it('asks the server for the dates of a custom period only, and the customer only when one is picked', () => {
    expect(reportRequestOf(read('period=90days&startDate=2026-01-01'))).toEqual({ period: '90days', service: 'all' });
    expect(reportRequestOf(read(`period=custom&startDate=2026-01-01&endDate=2026-01-31&customerId=${CUSTOMER_ID}`, 'admin'))).toEqual({
      period: 'custom',
      startDate: '2026-01-01',
      endDate: '2026-01-31',
      service: 'all',
      customerId: CUSTOMER_ID,
    });
  });
});
