/**
 * The voice rating engine: pure code (no database). A rate deck is compiled once into a digit trie
 * held in typed arrays; rating a call walks the destination's digits down the trie (no string
 * slicing, no hashing) and keeps the deepest prefix that already has a row effective on the call's
 * UTC day, then picks that prefix's newest effective row.
 */
import { parse } from 'csv-parse/sync';

/** One rate-deck row. effectiveFrom is a UTC day 'YYYY-MM-DD'. Prefix is digits only (E.164 without '+'), e.g. '1', '1415', '44'. */
export interface RatePrefix {
  prefix: string;
  description: string;
  ratePerMinute: number;
  firstIncrement: number;
  nextIncrement: number;
  effectiveFrom: string;
}

/** A rated call: the deck row's prefix and description, the seconds billed and the cost (4 decimals). */
export interface RatedCall {
  prefix: string;
  description: string;
  billedSeconds: number;
  cost: number;
}

/** A rate deck ready to rate calls; size is the number of rows compiled. */
export interface CompiledDeck {
  size: number;
  /** The call rated by the longest prefix effective on startedAt's UTC day, or null when none matches. */
  rate(toNumber: string, startedAt: Date, durationSeconds: number): RatedCall | null;
}

const DAY_MS = 86_400_000;
const MAX_INCREMENT = 3600;
/** A node's "first effective day" when it has no rows: later than any call. */
const NO_ROWS = 0x7fffffff;
/** Ints per trie node: the first effective day, the newest row, 10 children. */
const NODE = 12;
const CHILD = 2;
/** Numbers per compiled row: day, first increment, next increment, rate × 10^4 (or NaN), rate. */
const ROW = 5;
/** Above this, rate × 10^4 × billed seconds (+30) is no longer an exact integer in a double. */
const EXACT_LIMIT = 2 ** 52;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const PREFIX_RE = /^[0-9]{1,15}$/;
const RATE_RE = /^(?:\d+(?:\.\d{0,4})?|\.\d{1,4})$/;
const INCREMENTS_RE = /^\s*(\d{1,5})\s*\/\s*(\d{1,5})\s*$/;

/** 'YYYY-MM-DD' → days since 1970-01-01 (UTC), or NaN when it is not a real calendar day. */
function dayNumber(ymd: string): number {
  const m = DATE_RE.exec(ymd);
  if (!m) return Number.NaN;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const monthDays = month === 2 && leap ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0);
  if (day < 1 || day > monthDays) return Number.NaN;
  // Days from the civil date (H. Hinnant's algorithm): years start in March, so the leap day comes last.
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/** Billing increments: 0 s → 0; else the first increment, then whole next increments: 61 s at 60/6 → 66; 5 s at 6/6 → 6; 1 s at 60/60 → 60. */
export function billedSeconds(durationSeconds: number, firstIncrement: number, nextIncrement: number): number {
  if (!(durationSeconds >= 0 && durationSeconds < Number.POSITIVE_INFINITY)) {
    throw new RangeError(`The duration must be a finite number of seconds ≥ 0, not ${durationSeconds}`);
  }
  if (!(firstIncrement > 0 && nextIncrement > 0)) {
    throw new RangeError(`The increments must be positive, not ${firstIncrement}/${nextIncrement}`);
  }
  if (durationSeconds === 0) return 0;
  if (durationSeconds <= firstIncrement) return firstIncrement;
  return firstIncrement + Math.ceil((durationSeconds - firstIncrement) / nextIncrement) * nextIncrement;
}

/** '60/6' → {firstIncrement: 60, nextIncrement: 6}; null when unreadable (both must be integers 1..3600). */
export function parseIncrements(text: string): { firstIncrement: number; nextIncrement: number } | null {
  const m = INCREMENTS_RE.exec(text);
  if (!m) return null;
  const firstIncrement = Number(m[1]);
  const nextIncrement = Number(m[2]);
  if (firstIncrement < 1 || firstIncrement > MAX_INCREMENT || nextIncrement < 1 || nextIncrement > MAX_INCREMENT) return null;
  return { firstIncrement, nextIncrement };
}

const invalidRow = (i: number, row: RatePrefix, why: string) =>
  new RangeError(`Rate-deck row ${i} (prefix ${JSON.stringify(row.prefix)}): ${why}`);
const isIncrement = (n: number) => Number.isInteger(n) && n >= 1 && n <= MAX_INCREMENT;

/** The rate in ten-thousandths when it has at most 4 decimals (so the cost can be computed exactly), else NaN. */
function scaledRate(ratePerMinute: number): number {
  const scaled = ratePerMinute * 10_000;
  const whole = Math.round(scaled);
  return Math.abs(scaled - whole) < 1e-6 && Number.isSafeInteger(whole) ? whole : Number.NaN;
}

/**
 * The cost from the rate in ten-thousandths (NaN when it has more decimals): in exact integer
 * arithmetic when it can be, else in floating point nudged by a few ulps so that ties round up.
 * Half-up is half away from zero, as PostgreSQL rounds numeric.
 */
function costOf(rate4: number, ratePerMinute: number, billed: number): number {
  // cost × 10^4 = rate4 × billed / 60, rounded half-up: floor((n + 30) / 60), exact while n is a safe integer.
  const n = rate4 * billed;
  if (n >= 0 && n < EXACT_LIMIT && Number.isInteger(n)) {
    const h = n + 30;
    return (h - (h % 60)) / 600_000;
  }
  const exact = ((ratePerMinute * billed) / 60) * 10_000;
  const x = Math.abs(exact);
  const q = Math.floor(x * (1 + 8 * Number.EPSILON) + 0.5);
  if (q === 0) return 0;
  return exact < 0 ? -q / 10_000 : q / 10_000;
}

/** cost = ratePerMinute × billedSeconds / 60 rounded half-up to 4 decimals (the cost column is numeric(12,4)). */
export function callCost(ratePerMinute: number, billed: number): number {
  return costOf(scaledRate(ratePerMinute), ratePerMinute, billed);
}

/**
 * Compiles a deck for rating. Throws a RangeError on a row that is not valid (prefix 1–15 digits,
 * a real effectiveFrom day, a finite rate ≥ 0, integer increments 1..3600). When two rows share a
 * prefix and effectiveFrom, the later one in the input wins.
 */
export function compileDeck(prefixes: readonly RatePrefix[]): CompiledDeck {
  const count = prefixes.length;
  const days = new Float64Array(count);
  let digits = 0;
  for (let i = 0; i < count; i++) {
    const row = prefixes[i] as RatePrefix;
    if (!PREFIX_RE.test(row.prefix)) throw invalidRow(i, row, `the prefix must be 1–15 digits`);
    const day = dayNumber(row.effectiveFrom);
    if (Number.isNaN(day)) throw invalidRow(i, row, `effectiveFrom must be a day YYYY-MM-DD, not ${JSON.stringify(row.effectiveFrom)}`);
    if (!(row.ratePerMinute >= 0 && row.ratePerMinute < Number.POSITIVE_INFINITY)) {
      throw invalidRow(i, row, `the rate must be a finite number ≥ 0, not ${row.ratePerMinute}`);
    }
    if (!isIncrement(row.firstIncrement) || !isIncrement(row.nextIncrement)) {
      throw invalidRow(i, row, `the increments must be whole seconds 1..${MAX_INCREMENT}, not ${row.firstIncrement}/${row.nextIncrement}`);
    }
    days[i] = day;
    digits += row.prefix.length;
  }

  // The trie, one record of NODE ints per node (node 0 is the root): the first day any of its rows is
  // effective (NO_ROWS when it has none), its newest row, then its 10 children (0 for none). Keeping
  // the day next to the children makes a step down the trie one memory access, not two.
  let trie = new Int32Array((digits + 1) * NODE);
  let nodes = 1;
  const nodeOf = new Int32Array(count);
  for (let i = 0; i < count; i++) {
    const prefix = (prefixes[i] as RatePrefix).prefix;
    let node = 0;
    for (let j = 0; j < prefix.length; j++) {
      const slot = node * NODE + CHILD + prefix.charCodeAt(j) - 48;
      let next = trie[slot] as number;
      if (next === 0) {
        next = nodes++;
        trie[next * NODE] = NO_ROWS;
        trie[slot] = next;
      }
      node = next;
    }
    nodeOf[i] = node;
  }
  trie = trie.slice(0, nodes * NODE);
  trie[0] = NO_ROWS;

  // The rows in node order (a counting sort, which keeps the input order), then each node's rows
  // oldest first (an insertion sort, stable too: a node has few rows).
  const first = new Int32Array(nodes + 1);
  for (let i = 0; i < count; i++) first[(nodeOf[i] as number) + 1] = (first[(nodeOf[i] as number) + 1] as number) + 1;
  for (let node = 0; node < nodes; node++) first[node + 1] = (first[node + 1] as number) + (first[node] as number);
  const order = new Int32Array(count);
  const cursor = first.slice(0, nodes);
  for (let i = 0; i < count; i++) {
    const node = nodeOf[i] as number;
    const at = cursor[node] as number;
    order[at] = i;
    cursor[node] = at + 1;
  }
  for (let node = 0; node < nodes; node++) {
    const from = first[node] as number;
    const to = first[node + 1] as number;
    if (from === to) continue;
    for (let k = from + 1; k < to; k++) {
      const i = order[k] as number;
      let j = k - 1;
      for (; j >= from && (days[order[j] as number] as number) > (days[i] as number); j--) order[j + 1] = order[j] as number;
      order[j + 1] = i;
    }
    trie[node * NODE] = days[order[from] as number] as number;
    trie[node * NODE + 1] = to - 1;
  }

  // ROW numbers a row (day, first and next increment, rate in ten-thousandths, rate) and two strings.
  const rows = new Float64Array(count * ROW);
  const texts: string[] = new Array(count * 2);
  for (let at = 0; at < count; at++) {
    const i = order[at] as number;
    const row = prefixes[i] as RatePrefix;
    const base = at * ROW;
    rows[base] = days[i] as number;
    rows[base + 1] = row.firstIncrement;
    rows[base + 2] = row.nextIncrement;
    rows[base + 3] = scaledRate(row.ratePerMinute);
    rows[base + 4] = row.ratePerMinute;
    texts[at * 2] = row.prefix;
    texts[at * 2 + 1] = row.description;
  }

  function rate(toNumber: string, startedAt: Date, durationSeconds: number): RatedCall | null {
    if (!(durationSeconds >= 0 && durationSeconds < Number.POSITIVE_INFINITY)) {
      throw new RangeError(`The duration must be a finite number of seconds ≥ 0, not ${durationSeconds}`);
    }
    const day = Math.floor(startedAt.getTime() / DAY_MS);
    let node = 0;
    let best = -1;
    for (let i = 0, n = toNumber.length; i < n; i++) {
      const d = toNumber.charCodeAt(i) - 48;
      if (d < 0 || d > 9) continue; // '+', spaces, dashes, brackets
      node = trie[node * NODE + CHILD + d] as number;
      if (node === 0) break;
      if ((trie[node * NODE] as number) <= day) best = node;
    }
    if (best < 0) return null;
    // The newest row effective on that day: the node's first row is, so the scan stops there at the latest.
    let r = trie[best * NODE + 1] as number;
    while ((rows[r * ROW] as number) > day) r--;

    const base = r * ROW;
    const first = rows[base + 1] as number;
    const next = rows[base + 2] as number;
    const billed =
      durationSeconds === 0 ? 0 : durationSeconds <= first ? first : first + Math.ceil((durationSeconds - first) / next) * next;
    return {
      prefix: texts[r * 2] as string,
      description: texts[r * 2 + 1] as string,
      billedSeconds: billed,
      cost: costOf(rows[base + 3] as number, rows[base + 4] as number, billed),
    };
  }

  return { size: count, rate };
}

/** A record as csv-parse gives it with `info` and `raw`. */
type CsvRecord = { record: string[]; info: { lines: number }; raw?: string };

const HEADER = ['prefix', 'description', 'rate_per_minute', 'increments', 'effective_date'];

/** The 1-based line a record starts on: csv-parse reports the line it ends on, and the raw text spans the rest. */
function startLine(endLine: number, raw: string | undefined): number {
  if (!raw) return endLine;
  const body = raw.replace(/^[\r\n]+/, '').replace(/[\r\n]+$/, '');
  let newlines = 0;
  for (let i = body.indexOf('\n'); i !== -1; i = body.indexOf('\n', i + 1)) newlines++;
  return Math.max(1, endLine - newlines);
}

/**
 * Parses a rate-deck CSV (header: prefix,description,rate_per_minute,increments,effective_date; increments like 60/6; date YYYY-MM-DD).
 * Returns the good rows and, for each bad line, { line (1-based file line), message }. A leading '+' on the prefix is dropped; the
 * prefix must then be 1–15 digits; the rate a number ≥ 0 with at most 4 decimals; duplicates of (prefix, effective_date) are an error
 * on the later line. An empty file or a wrong header is one error on line 1. Blank lines are skipped; fields are trimmed.
 */
export function parseRateDeckCsv(text: string): { rows: RatePrefix[]; errors: { line: number; message: string }[] } {
  const rows: RatePrefix[] = [];
  const errors: { line: number; message: string }[] = [];
  let records: CsvRecord[];
  try {
    records = parse(text, {
      bom: true,
      info: true,
      raw: true,
      trim: true,
      relax_quotes: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_error: true,
      on_skip: (err, raw) => {
        errors.push({ line: startLine(err?.lines ?? 1, raw), message: `Unreadable CSV: ${err?.message ?? 'a malformed line'}` });
        return undefined;
      },
    }) as unknown as CsvRecord[];
  } catch (err) {
    const at = (err as { lines?: number }).lines;
    return { rows: [], errors: [{ line: typeof at === 'number' ? at : 1, message: `Unreadable CSV: ${(err as Error).message}` }] };
  }
  const content = records.filter((r) => r.record.some((field) => field !== ''));
  const header = content[0];
  if (!header) {
    return {
      rows,
      errors: errors.length > 0 ? errors : [{ line: 1, message: `The file is empty: expected the header ${HEADER.join(',')}` }],
    };
  }
  if (header.record.length !== HEADER.length || header.record.some((field, i) => field.toLowerCase() !== HEADER[i])) {
    return { rows, errors: [{ line: 1, message: `The header must be ${HEADER.join(',')}` }] };
  }

  const seen = new Map<string, number>();
  for (let k = 1; k < content.length; k++) {
    const { record, info, raw } = content[k] as (typeof content)[number];
    const line = startLine(info.lines, raw);
    if (record.length !== HEADER.length) {
      errors.push({ line, message: `Expected ${HEADER.length} fields (${HEADER.join(',')}), found ${record.length}` });
      continue;
    }
    const [rawPrefix, description, rateText, incrementsText, date] = record as [string, string, string, string, string];
    const problems: string[] = [];
    const prefix = rawPrefix.startsWith('+') ? rawPrefix.slice(1) : rawPrefix;
    if (!PREFIX_RE.test(prefix)) problems.push(`the prefix must be 1–15 digits, not ${JSON.stringify(rawPrefix)}`);
    if (!RATE_RE.test(rateText)) problems.push(`the rate must be a number ≥ 0 with at most 4 decimals, not ${JSON.stringify(rateText)}`);
    const increments = parseIncrements(incrementsText);
    if (!increments) problems.push(`the increments must look like 60/6 (whole seconds 1–3600), not ${JSON.stringify(incrementsText)}`);
    if (Number.isNaN(dayNumber(date))) problems.push(`the effective date must be a day YYYY-MM-DD, not ${JSON.stringify(date)}`);
    if (problems.length === 0) {
      const key = `${prefix} ${date}`;
      const earlier = seen.get(key);
      if (earlier !== undefined) problems.push(`duplicate of line ${earlier} (prefix ${prefix}, effective ${date})`);
      else seen.set(key, line);
    }
    if (problems.length > 0 || !increments) {
      const message = problems.join('; ');
      errors.push({ line, message: message.charAt(0).toUpperCase() + message.slice(1) });
      continue;
    }
    rows.push({ prefix, description, ratePerMinute: Number(rateText), ...increments, effectiveFrom: date });
  }
  errors.sort((a, b) => a.line - b.line);
  return { rows, errors };
}

/** A deck ready to rate calls: its prefixes compiled, and its inbound rate. */
export interface DeckRater {
  deck: CompiledDeck;
  inbound: { ratePerMinute: number; firstIncrement: number; nextIncrement: number };
}

/** A call's cost: outbound by the called number's longest prefix, inbound at the deck's inbound rate; unmatched costs 0. */
export function rateCall(
  rater: DeckRater,
  call: { direction: 'Inbound' | 'Outbound'; toNumber: string; startedAt: Date; durationSeconds: number },
): { cost: number; billedSeconds: number } {
  if (call.direction === 'Inbound') {
    const billed = billedSeconds(call.durationSeconds, rater.inbound.firstIncrement, rater.inbound.nextIncrement);
    return { cost: callCost(rater.inbound.ratePerMinute, billed), billedSeconds: billed };
  }
  const rated = rater.deck.rate(call.toNumber, call.startedAt, call.durationSeconds);
  return rated ? { cost: rated.cost, billedSeconds: rated.billedSeconds } : { cost: 0, billedSeconds: 0 };
}
