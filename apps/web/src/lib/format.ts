/** Display formatters shared by every screen: MM/DD/YYYY dates, relative times, USD. */

type DateInput = string | number | Date | null | undefined;

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Parses ISO date-times and date-only strings; a date-only string is a calendar day, not UTC midnight. */
export function toDate(value: Exclude<DateInput, null | undefined>): Date {
  if (value instanceof Date) return value;
  if (typeof value === 'string') {
    const day = DATE_ONLY.exec(value);
    if (day) return new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3]));
  }
  return new Date(value);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** MM/DD/YYYY; 'N/A' when missing, 'Invalid Date' when unreadable. */
export function formatDate(value: DateInput, separator: '/' | '-' = '/'): string {
  if (value === null || value === undefined || value === '') return 'N/A';
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return 'Invalid Date';
  return [pad(date.getMonth() + 1), pad(date.getDate()), date.getFullYear()].join(separator);
}

/** MM/DD/YYYY hh:mm AM/PM in local time. */
export function formatDateTime(value: DateInput): string {
  const day = formatDate(value);
  if (day === 'N/A' || day === 'Invalid Date') return day;
  const date = toDate(value as Exclude<DateInput, null | undefined>);
  const hours = date.getHours() % 12 || 12;
  return `${day} ${pad(hours)}:${pad(date.getMinutes())} ${date.getHours() < 12 ? 'AM' : 'PM'}`;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;

/** 'Just now', 'N minutes ago', 'N hours ago', 'Yesterday', 'N days ago'. */
export function formatRelativeTime(value: DateInput, now: Date = new Date()): string {
  if (value === null || value === undefined || value === '') return 'N/A';
  const date = toDate(value);
  if (Number.isNaN(date.getTime())) return 'Invalid Date';
  const elapsed = Math.max(0, now.getTime() - date.getTime());
  if (elapsed < MINUTE) return 'Just now';
  if (elapsed < HOUR) return plural(Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return plural(Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < 2 * DAY) return 'Yesterday';
  return `${Math.floor(elapsed / DAY)} days ago`;
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const usdRate = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 4 });

/**
 * $1,234.56; '-$5.00' for negatives; 'N/A' when missing. Accepts numbers or decimal strings. A
 * rate (a price a minute, a unit price) keeps up to four decimals: $0.0085.
 */
export function formatUsd(value: number | string | null | undefined, { rate = false }: { rate?: boolean } = {}): string {
  if (value === null || value === undefined || value === '') return 'N/A';
  const amount = typeof value === 'string' ? Number(value) : value;
  if (!Number.isFinite(amount)) return 'N/A';
  return (rate ? usdRate : usd).format(amount);
}

/** MM-DD-YYYY HH:MM:SS (24-hour, local time): how the users and accounts screens show a moment (customer spec 9). */
export function formatStamp(value: DateInput): string {
  const day = formatDate(value, '-');
  if (day === 'N/A' || day === 'Invalid Date') return day;
  const date = toDate(value as Exclude<DateInput, null | undefined>);
  return `${day} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** The browser's time zone (UTC when it names none): the server reads a list's filter days in it. */
export const localTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
