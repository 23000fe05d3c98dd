/**
 * How a figure's change against the previous period reads. For costs the spec's sign rule holds:
 * a rise is shown as negative and red (it costs the customer more), a fall as positive and green.
 * Figures where less is better (latency) colour a rise red but keep its sign; the rest colour a
 * rise green.
 */
export type TrendKind = 'higherIsBetter' | 'lowerIsBetter' | 'cost';

export type TrendDisplay = {
  /** '+12.5%', '-3%', '0%', or 'No previous data'. */
  text: string;
  color: 'green' | 'red' | 'dimmed';
  /** Which way the figure itself moved (the arrow). */
  direction: 'up' | 'down' | 'flat' | 'none';
  /** The change in words, for the tooltip and screen readers. */
  description: string;
};

const pct = (n: number) => `${Math.abs(n).toLocaleString('en-US', { maximumFractionDigits: 1 })}%`;

export function trendDisplay(change: number | null, kind: TrendKind = 'higherIsBetter'): TrendDisplay {
  if (change === null || !Number.isFinite(change))
    return { text: 'No previous data', color: 'dimmed', direction: 'none', description: 'Nothing to compare with in the previous period' };
  if (change === 0) return { text: '0%', color: 'dimmed', direction: 'flat', description: 'No change on the previous period' };
  const up = change > 0;
  const description = `${up ? 'Up' : 'Down'} ${pct(change)} on the previous period`;
  const direction = up ? 'up' : 'down';
  if (kind === 'cost') return { text: `${up ? '-' : '+'}${pct(change)}`, color: up ? 'red' : 'green', direction, description };
  const good = kind === 'higherIsBetter' ? up : !up;
  return { text: `${up ? '+' : '-'}${pct(change)}`, color: good ? 'green' : 'red', direction, description };
}
