/**
 * A bench run's figures for another bench to compare (bench/ten-million.ts): with BENCH_JSON set,
 * each `figure()` appends one JSON line { name, value, unit } to that file; without it, nothing.
 * And `stats()`, the median and p95 the benches print.
 */
import { appendFileSync, existsSync, readFileSync } from 'node:fs';

export interface Figure {
  name: string;
  value: number;
  unit: string;
}

export function figure(name: string, value: number, unit: string): void {
  const file = process.env.BENCH_JSON;
  if (file) appendFileSync(file, `${JSON.stringify({ name, value, unit } satisfies Figure)}\n`);
}

/** The figures a run wrote (the last of each name). */
export function readFigures(file: string): Map<string, Figure> {
  const out = new Map<string, Figure>();
  if (!existsSync(file)) return out;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const f = JSON.parse(line) as Figure;
    out.set(f.name, f);
  }
  return out;
}

/** The median and the 95th percentile of some timings. */
export function stats(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))] as number;
  return { median: at(0.5), p95: at(0.95) };
}
