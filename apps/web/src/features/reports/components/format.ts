/** The reports' figure formats (money is MoneyText / formatUsd). */

export const count = (n: number) => n.toLocaleString('en-US');

/** A percentage with at most one decimal: 97.5%. */
export const percent = (n: number | null | undefined) =>
  n === null || n === undefined ? 'N/A' : `${n.toLocaleString('en-US', { maximumFractionDigits: 1 })}%`;

/** Seconds as the latency tile reads them: 2.4 s; under a second in ms. */
export function seconds(n: number): string {
  if (n > 0 && n < 1) return `${Math.round(n * 1000)} ms`;
  return `${n.toLocaleString('en-US', { maximumFractionDigits: 1 })} s`;
}

/** A call's length: 2m 05s, or 45s. */
export function callTime(totalSeconds: number): string {
  const s = Math.round(totalSeconds);
  const m = Math.floor(s / 60);
  return m > 0 ? `${m}m ${String(s % 60).padStart(2, '0')}s` : `${s}s`;
}

/** Minutes: 1,234 min. */
export const minutes = (n: number) => `${count(Math.round(n))} min`;
