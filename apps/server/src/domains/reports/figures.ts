import type { TTrend } from '@portal/contract/reports';

/** How the reports round: money to cents, percentages and other ratios to one decimal. */

export const round = (x: number, places: number) => {
  const f = 10 ** places;
  return Math.round((x + Math.sign(x) * Number.EPSILON) * f) / f;
};
export const money = (x: number) => round(x, 2);
export const one = (x: number) => round(x, 1);
/** a / b as a percentage (one decimal); 0 when b is 0. */
export const percent = (a: number, b: number) => (b > 0 ? one((a / b) * 100) : 0);

/** A figure with its previous value and the change in percent (one decimal; null when the previous was 0). */
export function trend(value: number, previous: number): TTrend {
  return { value, previous, change: previous === 0 ? null : one(((value - previous) / Math.abs(previous)) * 100) };
}

/**
 * Shares of a total in percent with one decimal that add up to exactly 100 (largest remainder:
 * the tenths lost to rounding down go to the largest remainders); all 0 when the total is 0.
 */
export function shares(values: number[]): number[] {
  const total = values.reduce((s, v) => s + Math.max(0, v), 0);
  if (total <= 0) return values.map(() => 0);
  const exact = values.map((v) => (Math.max(0, v) / total) * 1000);
  const floors = exact.map(Math.floor);
  let left = 1000 - floors.reduce((s, v) => s + v, 0);
  const order = exact.map((v, i) => ({ i, rest: v - Math.floor(v) })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    floors[i] = (floors[i] as number) + 1;
    left--;
  }
  return floors.map((t) => t / 10);
}
