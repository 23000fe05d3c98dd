/**
 * The voice rating engine (apps/server/src/domains/billing/rating.ts), pure code on one core:
 * (a) compileDeck on a deck of 50,000 prefixes (budget: within 1 s, first run);
 * (b) rating 1,000,000 CDRs against it (budget >= 200,000 CDRs/s; the median of 3 passes after a warm-up).
 * The deck and the calls come from a fixed seed (and a fixed "now"), so every run rates the same calls;
 * a sample is checked against a plain Map-per-prefix lookup.
 * BENCH_RATING_CALLS and BENCH_RATING_PREFIXES change the sizes.
 */
import { callCost, compileDeck, type RatedCall, type RatePrefix } from '../apps/server/src/domains/billing/rating.ts';
import { figure } from './figures.ts';

const PREFIXES = Number(process.env.BENCH_RATING_PREFIXES ?? 50_000);
const CALLS = Number(process.env.BENCH_RATING_CALLS ?? 1_000_000);
const RATE_BUDGET = 200_000;
const COMPILE_BUDGET_MS = 1000;
const PASSES = 3;
const CHECKED = 20_000;
const DAY_MS = 86_400_000;
/** The calls' "now": fixed, so the calls and the dates that are in effect do not change from run to run. */
const NOW = Date.UTC(2026, 0, 1);

/** mulberry32: a small seeded PRNG, uniform in [0, 1). */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = mulberry32(20_260_101);
const int = (n: number) => Math.floor(random() * n);
const pick = <T>(list: readonly T[]) => list[int(list.length)] as T;
const digits = (n: number) => {
  let s = '';
  for (let i = 0; i < n; i++) s += String.fromCharCode(48 + int(10));
  return s;
};
const ymd = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

// The deck: country codes, then area and operator prefixes under them (1 to 6 more digits); about 15%
// of the prefixes get a second, newer row (some of them in the calls' window or still in the future),
// and about 2% of the longer ones have their only row take effect during the window.
const COUNTRIES = ['1', '7', '20', '27', '31', '32', '33', '34', '39', '41', '43', '44', '45', '46', '47', '48', '49', '52', '55', '61'];
COUNTRIES.push('62', '63', '64', '65', '66', '81', '82', '84', '86', '90', '91', '92', '234', '254', '351', '353', '358', '852', '971');
const INCREMENTS = [
  [60, 6],
  [60, 60],
  [6, 6],
  [1, 1],
  [30, 6],
] as const;
const deck: RatePrefix[] = [];
const distinct = new Set<string>();
const addPrefix = (prefix: string) => {
  if (distinct.has(prefix)) return;
  distinct.add(prefix);
  const [firstIncrement, nextIncrement] = pick(INCREMENTS);
  const row = (effectiveFrom: string): RatePrefix => ({
    prefix,
    description: `Destination ${prefix}`,
    ratePerMinute: (1 + int(5000)) / 10_000,
    firstIncrement,
    nextIncrement,
    effectiveFrom,
  });
  const lateOnly = prefix.length > 3 && random() < 0.02;
  deck.push(row(ymd(lateOnly ? NOW - 45 * DAY_MS + int(60) * DAY_MS : Date.UTC(2023, 0, 1) + int(900) * DAY_MS)));
  if (!lateOnly && random() < 0.15) deck.push(row(ymd(NOW - 90 * DAY_MS + int(120) * DAY_MS)));
};
for (const cc of COUNTRIES) addPrefix(cc);
while (distinct.size < PREFIXES) addPrefix(pick(COUNTRIES) + digits(1 + int(6)));
const prefixList = [...distinct];

// The calls: 90% to a number under a deck prefix, 10% to a random number; 70% with '+'; 15% unanswered (0 s).
const to: string[] = new Array(CALLS);
const startedAt: Date[] = new Array(CALLS);
const duration = new Int32Array(CALLS);
for (let i = 0; i < CALLS; i++) {
  const head = random() < 0.9 ? pick(prefixList) : digits(1 + int(3));
  const number = head + digits(Math.max(0, 11 + int(2) - head.length));
  to[i] = random() < 0.7 ? `+${number}` : number;
  startedAt[i] = new Date(NOW - int(60 * DAY_MS));
  duration[i] = random() < 0.15 ? 0 : 1 + int(1800);
}

console.log(
  `Deck: ${fmt(distinct.size)} prefixes in ${fmt(deck.length)} rows; ${fmt(CALLS)} CDRs from ${ymd(NOW - 60 * DAY_MS)} to ${ymd(NOW - 1)}`,
);

// (a) compile: the first run is what a process pays; two more show it warm.
let t = performance.now();
const compileCpu = process.cpuUsage();
const compiled = compileDeck(deck);
const compileMs = performance.now() - t;
const compileUsed = process.cpuUsage(compileCpu);
const compileCpuMs = (compileUsed.user + compileUsed.system) / 1000;
const warmCompile: number[] = [];
for (let i = 0; i < 2; i++) {
  t = performance.now();
  compileDeck(deck);
  warmCompile.push(performance.now() - t);
}
const compileOk = compileMs <= COMPILE_BUDGET_MS;
console.log(
  `(a) compileDeck: ${fmt(deck.length)} rows in ${compileMs.toFixed(0)} ms first run (CPU ${compileCpuMs.toFixed(0)} ms), ${Math.min(...warmCompile).toFixed(0)} ms warm ` +
    `(budget: within ${fmt(COMPILE_BUDGET_MS)} ms) ${compileOk ? 'OK' : 'OVER'}`,
);

// (b) rate: a warm-up, then full passes; the checksum keeps the work observable.
function ratePass(count: number) {
  let rated = 0;
  let billed = 0;
  let cost = 0;
  for (let i = 0; i < count; i++) {
    const r = compiled.rate(to[i] as string, startedAt[i] as Date, duration[i] as number);
    if (r !== null) {
      rated++;
      billed += r.billedSeconds;
      cost += r.cost;
    }
  }
  return { rated, billed, cost };
}
for (let i = 0; i < 3; i++) ratePass(Math.min(CALLS, 100_000));
const rates: number[] = [];
const cpuRates: number[] = [];
let sums = { rated: 0, billed: 0, cost: 0 };
for (let pass = 0; pass < PASSES; pass++) {
  t = performance.now();
  const cpu = process.cpuUsage();
  sums = ratePass(CALLS);
  rates.push(CALLS / ((performance.now() - t) / 1000));
  const used = process.cpuUsage(cpu);
  cpuRates.push(CALLS / ((used.user + used.system) / 1e6));
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
const rate = median(rates);
const rateOk = rate >= RATE_BUDGET;
figure('rating engine (CDRs rated)', CALLS, 'calls');
figure('rating engine rate', rate, 'calls/s');
console.log(
  `(b) Rating: ${fmt(CALLS)} CDRs against ${fmt(distinct.size)} prefixes: ${fmt(rate)} CDRs/s ` +
    `(budget ≥ ${fmt(RATE_BUDGET)} CDRs/s) ${rateOk ? 'OK' : 'UNDER'}`,
);
console.log(
  `    passes: ${rates.map(fmt).join(', ')} CDRs/s; by this process's CPU time ${fmt(median(cpuRates))} CDRs/s (wall time below that is other load on the machine)`,
);
console.log(
  `    rated ${fmt(sums.rated)}, no match ${fmt(CALLS - sums.rated)}; ${fmt(sums.billed)} s billed, cost ${sums.cost.toFixed(4)}`,
);

// A check of the sample against a plain lookup: a Map from prefix to its rows, lengths from the longest down.
const byPrefix = new Map<string, RatePrefix[]>();
for (const row of deck) byPrefix.set(row.prefix, [...(byPrefix.get(row.prefix) ?? []), row]);
const longest = Math.max(...prefixList.map((p) => p.length));
function reference(number: string, at: Date, seconds: number): RatedCall | null {
  const wanted = number.replace(/\D/g, '');
  const day = at.toISOString().slice(0, 10);
  for (let len = Math.min(longest, wanted.length); len > 0; len--) {
    let best: RatePrefix | null = null;
    for (const row of byPrefix.get(wanted.slice(0, len)) ?? []) {
      if (row.effectiveFrom <= day && (!best || row.effectiveFrom >= best.effectiveFrom)) best = row;
    }
    if (!best) continue;
    const billed =
      seconds === 0
        ? 0
        : seconds <= best.firstIncrement
          ? best.firstIncrement
          : best.firstIncrement + Math.ceil((seconds - best.firstIncrement) / best.nextIncrement) * best.nextIncrement;
    return { prefix: best.prefix, description: best.description, billedSeconds: billed, cost: callCost(best.ratePerMinute, billed) };
  }
  return null;
}
let differences = 0;
for (let k = 0; k < Math.min(CHECKED, CALLS); k++) {
  const i = Math.floor((k * CALLS) / Math.min(CHECKED, CALLS));
  const a = compiled.rate(to[i] as string, startedAt[i] as Date, duration[i] as number);
  const b = reference(to[i] as string, startedAt[i] as Date, duration[i] as number);
  if (JSON.stringify(a) !== JSON.stringify(b)) {
    if (differences++ < 5)
      console.log(`    differs on ${to[i]} ${startedAt[i]?.toISOString()} ${duration[i]} s: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`);
  }
}
console.log(
  `    checked ${fmt(Math.min(CHECKED, CALLS))} CDRs against a Map-per-prefix lookup: ${differences ? `${differences} DIFFER` : 'all agree'}`,
);

process.exitCode = compileOk && rateOk && differences === 0 ? 0 : 1;
