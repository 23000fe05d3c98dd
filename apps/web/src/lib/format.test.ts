import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatRelativeTime, formatUsd } from './format.ts';

describe('formatRelativeTime', () => {
  const now = new Date('2025-03-10T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const minutes = (n: number) => n * 60_000;

  it.each([
    [0, 'Just now'],
    [59_000, 'Just now'],
    [minutes(1), '1 minute ago'],
    [minutes(2), '2 minutes ago'],
    [minutes(59), '59 minutes ago'],
    [minutes(60), '1 hour ago'],
    [minutes(60 * 5 + 30), '5 hours ago'],
    [minutes(60 * 23 + 59), '23 hours ago'],
    [minutes(60 * 24), 'Yesterday'],
    [minutes(60 * 47), 'Yesterday'],
    [minutes(60 * 48), '2 days ago'],
    [minutes(60 * 24 * 9), '9 days ago'],
  ])('%i ms ago reads %s', (elapsed, expected) => {
    expect(formatRelativeTime(ago(elapsed), now)).toBe(expected);
  });

  it('treats a time slightly in the future as just now', () => {
    expect(formatRelativeTime(new Date(now.getTime() + 5_000), now)).toBe('Just now');
  });

  it('reports missing and unreadable times', () => {
    expect(formatRelativeTime(null, now)).toBe('N/A');
    expect(formatRelativeTime('not a date', now)).toBe('Invalid Date');
  });
});

describe('formatDate', () => {
  it('shows a date-only value as that calendar day', () => {
    expect(formatDate('2024-01-05')).toBe('01/05/2024');
    expect(formatDate('2024-12-31')).toBe('12/31/2024');
  });

  it('shows a local date-time as MM/DD/YYYY', () => {
    expect(formatDate(new Date(2023, 6, 4, 23, 59))).toBe('07/04/2023');
  });

  it('can use dashes (MM-DD-YYYY)', () => {
    expect(formatDate('2024-02-29', '-')).toBe('02-29-2024');
  });

  it('shows N/A when missing and Invalid Date when unreadable', () => {
    expect(formatDate(undefined)).toBe('N/A');
    expect(formatDate('')).toBe('N/A');
    expect(formatDate('yesterday-ish')).toBe('Invalid Date');
  });

  it('formats a date and time with AM/PM', () => {
    expect(formatDateTime(new Date(2024, 0, 5, 0, 7))).toBe('01/05/2024 12:07 AM');
    expect(formatDateTime(new Date(2024, 0, 5, 15, 30))).toBe('01/05/2024 03:30 PM');
  });
});

describe('formatUsd', () => {
  it.each([
    [0, '$0.00'],
    [1234.5, '$1,234.50'],
    [1_000_000, '$1,000,000.00'],
    [0.0075, '$0.01'],
    [-42, '-$42.00'],
    ['19.99', '$19.99'],
  ])('%s reads %s', (value, expected) => {
    expect(formatUsd(value)).toBe(expected);
  });

  it('shows N/A for missing or non-numeric amounts', () => {
    expect(formatUsd(null)).toBe('N/A');
    expect(formatUsd('abc')).toBe('N/A');
  });
});
