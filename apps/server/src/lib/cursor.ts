import { invalid } from './errors.ts';

/**
 * Keyset (cursor) paging for the big tables: the cursor is the (timestamp, bigint id) of the
 * last row of a page, newest first, as opaque base64url. A page costs the same whether it is the
 * first or the thousandth, because the database seeks to the key instead of skipping rows.
 */
export interface Keyset {
  at: Date;
  id: number;
}

export function encodeCursor(key: Keyset): string {
  return Buffer.from(`${key.at.toISOString()}|${key.id}`, 'utf8').toString('base64url');
}

/** What encodeCursor writes: an ISO instant in UTC with milliseconds, then a bigint id. */
const CURSOR_TEXT = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)\|(\d{1,16})$/;
/** Keys the tables can hold: instants from 1970 to the end of 2999 (a forged year 275760 is not one). */
const EARLIEST = Date.UTC(1970, 0, 1);
const LATEST = Date.UTC(3000, 0, 1);

/** The cursor's key, or a 400 on the `cursor` field for anything the server did not make. */
export function decodeCursor(cursor: string): Keyset {
  const match = CURSOR_TEXT.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  const at = new Date(match?.[1] ?? '');
  const id = Number(match?.[2]);
  const time = at.getTime();
  if (!match || Number.isNaN(time) || time < EARLIEST || time >= LATEST || at.toISOString() !== match[1] || !Number.isSafeInteger(id)) {
    throw invalid({ cursor: 'This page link is no longer valid; start from the first page' });
  }
  return { at, id };
}

/**
 * Rows fetched with `limit + 1`: the page and the cursor of the next page (null on the last one).
 */
export function keysetPage<T>(rows: T[], limit: number, keyOf: (row: T) => Keyset): { items: T[]; nextCursor: string | null } {
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return { items, nextCursor: rows.length > limit && last ? encodeCursor(keyOf(last)) : null };
}

/** The UTC instant at which a calendar day (YYYY-MM-DD) starts in an IANA time zone. */
export function startOfDayIn(day: string, timeZone = 'UTC'): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d);
  if (timeZone === 'UTC') return new Date(guess);
  // two passes settle the offset across a DST change
  let at = guess - offsetMs(guess, timeZone);
  at = guess - offsetMs(at, timeZone);
  return new Date(at);
}

/** The zone's offset from UTC at an instant, in ms (positive east of Greenwich). */
const formats = new Map<string, Intl.DateTimeFormat>();
/** Building an Intl.DateTimeFormat costs more than the page query: one per zone, kept. */
function formatFor(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    if (formats.size > 500) formats.clear();
    formats.set(timeZone, f);
  }
  return f;
}

function offsetMs(at: number, timeZone: string): number {
  const parts = formatFor(timeZone).formatToParts(new Date(at));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return asUtc - Math.floor(at / 1000) * 1000;
}

/** [start of startDate, start of the day after endDate): the end date is inclusive through its last moment. */
export function dayRange(startDate: string | undefined, endDate: string | undefined, timeZone = 'UTC') {
  const next = (day: string) => {
    const t = new Date(`${day}T00:00:00Z`);
    t.setUTCDate(t.getUTCDate() + 1);
    return t.toISOString().slice(0, 10);
  };
  return {
    from: startDate ? startOfDayIn(startDate, timeZone) : undefined,
    until: endDate ? startOfDayIn(next(endDate), timeZone) : undefined,
  };
}
