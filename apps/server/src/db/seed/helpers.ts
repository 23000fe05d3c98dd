/** Small helpers shared by the domain seeders: time units, date arithmetic, lookups in the seed context. */
import { createHash } from 'node:crypto';
import type { SeedAccount, SeedContext, SeedCustomer, SeedUser } from './context.ts';
import type { Tier } from './data/companies.ts';
import { FIRST_NAMES, LAST_NAMES } from './data/people.ts';
import type { Rng } from './random.ts';

export const MIN = 60_000;
export const HOUR = 3_600_000;
export const DAY = 86_400_000;

export const add = (d: Date, ms: number) => new Date(d.getTime() + ms);
export const minDate = (a: Date, b: Date) => (a.getTime() <= b.getTime() ? a : b);
export const maxDate = (a: Date, b: Date) => (a.getTime() >= b.getTime() ? a : b);
export const ymd = (d: Date) => d.toISOString().slice(0, 10);
export const pad = (n: number, w: number) => String(n).padStart(w, '0');
export const cents = (n: number) => Math.round(n * 100);
export const fromCents = (c: number) => c / 100;
export const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');

/** Numbers that restart each calendar year (tickets, porting requests, invoices), handed out in date order. */
export class YearSequence {
  /** The last number handed out, per year. */
  readonly last = new Map<number, number>();
  /** `PREFIX-YYYY-NNN`: the next number of the year of `d`, zero-padded to `digits`. */
  code(prefix: string, d: Date, digits = 3): string {
    const year = d.getUTCFullYear();
    const seq = (this.last.get(year) ?? 0) + 1;
    this.last.set(year, seq);
    return `${prefix}-${year}-${pad(seq, digits)}`;
  }
}

export function at<T>(items: readonly T[], i: number): T {
  const v = items[i];
  if (v === undefined) throw new Error(`index ${i} out of range`);
  return v;
}

/** The first day of the month `back` months before now's month, at 00:00 UTC. */
export function monthStart(now: Date, back: number): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
}

export function emailLocal(name: string): string {
  return name
    .replace(/^Dr\.\s+/, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, '.')
    .replace(/^\.|\.$/g, '');
}

export const TIER_WEIGHT: Record<Tier, number> = { xl: 4, l: 3, m: 2, s: 1 };

/** UTC hours weighted for a US business day (12-22 UTC is about 8am-6pm Eastern). */
const HOUR_WEIGHTS: readonly (readonly [number, number])[] = Array.from({ length: 24 }, (_, h) => [
  h,
  h >= 13 && h <= 21 ? 9 : h === 12 || h === 22 ? 6 : h === 23 || h <= 2 ? 3 : 1,
]);

/** A fictional contact number (555-01xx is set aside for fiction), stored in E.164 like every phone. */
export function contactPhone(rng: Rng, areaCode: string): string {
  return `+1${areaCode}55501${rng.digits(2)}`;
}

/** A US central office code (NXX) that is neither N11 nor reserved. */
export function exchange(rng: Rng): string {
  for (;;) {
    const nxx = `${rng.int(2, 9)}${rng.digits(2)}`;
    if (nxx[1] === '1' && nxx[2] === '1') continue;
    if (nxx === '555' || nxx === '958' || nxx === '959' || nxx === '950') continue;
    return nxx;
  }
}

export function personName(rng: Rng): string {
  return `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`;
}

export function staffByRole(sc: SeedContext, role: string, activeOnly = true): SeedUser[] {
  return sc.staff.filter((u) => u.role === role && (!activeOnly || u.status === 'Active'));
}

export function staffByEmail(sc: SeedContext, email: string): SeedUser {
  const u = sc.staff.find((x) => x.email === email);
  if (!u) throw new Error(`no staff ${email}`);
  return u;
}

export function customerAdmin(c: SeedCustomer): SeedUser {
  return at(c.users, 0);
}

export function activeCustomerUser(rng: Rng, c: SeedCustomer): SeedUser {
  const active = c.users.filter((u) => u.status === 'Active');
  return active.length ? rng.pick(active) : at(c.users, 0);
}

export function hasService(a: SeedAccount, type: 'SMS' | 'Voice'): boolean {
  return a.services.some((x) => x.spec.type === type);
}

/** Services billed and producing usage (not pending). */
export function billsFor(a: SeedAccount, type: 'SMS' | 'Voice'): boolean {
  return a.services.some((x) => x.spec.type === type && x.status !== 'pending');
}

/** A time in [a, b] for traffic: recent days a little busier, business hours and weekdays. */
export function trafficTime(rng: Rng, a: Date, b: Date): Date {
  const lo = a.getTime();
  const hi = b.getTime();
  const span = hi - lo;
  for (let attempt = 0; ; attempt++) {
    const t = rng.chance(0.3) ? hi - rng.next() * Math.min(span, 60 * DAY) : lo + rng.next() * span;
    const day = Math.floor(t / DAY) * DAY;
    const weekday = new Date(day).getUTCDay();
    if ((weekday === 0 || weekday === 6) && attempt < 3 && rng.chance(0.6)) continue;
    const ms = day + rng.weighted(HOUR_WEIGHTS) * HOUR + rng.int(0, HOUR - 1);
    if (ms >= lo && ms <= hi) return new Date(ms);
    if (attempt > 6) return new Date(lo + rng.next() * span);
  }
}

/** Splits `total` in proportion to the weights (largest remainders first), exactly. */
export function allocate(total: number, weights: number[]): number[] {
  const sum = weights.reduce((x, y) => x + y, 0);
  if (sum <= 0) return weights.map(() => 0);
  const raw = weights.map((w) => (total * w) / sum);
  const counts = raw.map(Math.floor);
  let left = total - counts.reduce((x, y) => x + y, 0);
  const order = raw.map((r, i) => [r - Math.floor(r), i] as const).sort((p, q) => q[0] - p[0] || p[1] - q[1]);
  for (let k = 0; left > 0; k++, left--) {
    const i = at(order, k % order.length)[1];
    counts[i] = at(counts, i) + 1;
  }
  return counts;
}
