import { REPORT_PERIOD_LABELS, type TReportPeriod } from '@portal/contract/reports';

/**
 * A report's period as inclusive calendar days (YYYY-MM-DD) of the caller's time zone, with the
 * previous period it is compared against. Pure functions of `now` and the zone (no clock read
 * here), so tests pin both.
 *
 * The rollups (usage_daily) are kept per UTC day; a report selects the rollup days whose dates
 * fall in the period. The zone decides which days those are (at 03:00 UTC on March 1 a caller in
 * New York is still on February 28), not how a day's records are split.
 */
export interface ReportPeriod {
  period: TReportPeriod;
  label: string;
  startDate: string;
  endDate: string;
  previousStartDate: string;
  previousEndDate: string;
  timeZone: string;
  days: number;
  /** Daily buckets up to 92 days (a quarter), monthly beyond. */
  bucket: 'day' | 'month';
}

const DAY_MS = 86_400_000;
/** The longest period drawn with daily buckets: a quarter (92 days). */
export const MAX_DAILY_BUCKET_DAYS = 92;

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (YYYY-MM-DD) an instant falls on in an IANA time zone. */
export function dayIn(at: Date, timeZone: string): string {
  let f = dateFormats.get(timeZone);
  if (!f) {
    // en-CA formats dates as YYYY-MM-DD
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    if (dateFormats.size > 500) dateFormats.clear();
    dateFormats.set(timeZone, f);
  }
  return f.format(at);
}

/** True when the zone is one Intl knows (a user row could hold anything). */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    dayIn(new Date(0), timeZone);
    return true;
  } catch {
    return false;
  }
}

const toMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const fromMs = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The day `n` days after (negative: before) a day. */
export const addDays = (day: string, n: number): string => fromMs(toMs(day) + n * DAY_MS);

/** Inclusive days from start to end. */
export const daysBetween = (start: string, end: string): number => Math.round((toMs(end) - toMs(start)) / DAY_MS) + 1;

/** The first day of the day's month, `n` months later (negative: earlier). */
export function monthStart(day: string, n = 0): string {
  if (n === 0) return `${day.slice(0, 7)}-01`;
  const d = new Date(toMs(day));
  return fromMs(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1));
}

/** The last day of the day's month. */
export const monthEnd = (day: string): string => addDays(monthStart(day, 1), -1);

/** Every day from start to end, in order. */
export function eachDay(start: string, end: string): string[] {
  const days: string[] = [];
  for (let t = toMs(start), last = toMs(end); t <= last; t += DAY_MS) days.push(fromMs(t));
  return days;
}

/**
 * The period's buckets: each day, or each calendar month clipped to the period (the first and
 * last months may be partial).
 */
export function bucketsOf(p: Pick<ReportPeriod, 'startDate' | 'endDate' | 'bucket'>): { date: string; endDate: string }[] {
  if (p.bucket === 'day') return eachDay(p.startDate, p.endDate).map((d) => ({ date: d, endDate: d }));
  const buckets: { date: string; endDate: string }[] = [];
  for (let m = monthStart(p.startDate); m <= p.endDate; m = monthStart(m, 1)) {
    const end = monthEnd(m);
    buckets.push({ date: m < p.startDate ? p.startDate : m, endDate: end > p.endDate ? p.endDate : end });
  }
  return buckets;
}

export interface PeriodQuery {
  period: TReportPeriod;
  startDate?: string | undefined;
  endDate?: string | undefined;
}

/**
 * Resolves a query's period for a caller in `timeZone` at `now`. Previous periods have the same
 * length and end the day before the period starts, except the calendar ones: lastMonth's previous
 * is the month before it, and thisMonth's is as many days from the first of last month (cut at
 * that month's end when this month already has more days than last month had).
 */
export function resolvePeriod(q: PeriodQuery, now: Date, timeZone: string): ReportPeriod {
  const today = dayIn(now, timeZone);
  const [startDate, endDate] = rangeOf(q, today);
  const days = daysBetween(startDate, endDate);
  let previousStartDate = addDays(startDate, -days);
  let previousEndDate = addDays(startDate, -1);
  if (q.period === 'thisMonth') {
    previousStartDate = monthStart(today, -1);
    const sameLength = addDays(previousStartDate, days - 1);
    const lastMonthEnd = monthEnd(previousStartDate);
    previousEndDate = sameLength > lastMonthEnd ? lastMonthEnd : sameLength;
  } else if (q.period === 'lastMonth') {
    previousStartDate = monthStart(today, -2);
    previousEndDate = monthEnd(previousStartDate);
  }
  return {
    period: q.period,
    label: REPORT_PERIOD_LABELS[q.period],
    startDate,
    endDate,
    previousStartDate,
    previousEndDate,
    timeZone,
    days,
    bucket: days <= MAX_DAILY_BUCKET_DAYS ? 'day' : 'month',
  };
}

/** The period's first and last day, given the caller's today. */
function rangeOf(q: PeriodQuery, today: string): [string, string] {
  const last = (n: number): [string, string] => [addDays(today, -(n - 1)), today];
  switch (q.period) {
    case 'today':
      return [today, today];
    case 'yesterday':
      return [addDays(today, -1), addDays(today, -1)];
    case 'last7days':
      return last(7);
    case 'last30days':
    case '30days':
      return last(30);
    case '90days':
      return last(90);
    case '1year':
      return last(365);
    case 'thisMonth':
      return [monthStart(today), today];
    case 'lastMonth':
      return [monthStart(today, -1), monthEnd(monthStart(today, -1))];
    case 'custom':
      // the contract's refinement makes both dates present and ordered
      if (!q.startDate || !q.endDate) throw new Error('A custom period needs both dates');
      return [q.startDate, q.endDate];
  }
}
