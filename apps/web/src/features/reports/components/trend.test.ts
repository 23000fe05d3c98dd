import { describe, expect, it } from 'vitest';
import { trendDisplay } from './trend.ts';

describe('a trend against the previous period', () => {
  it('shows a rise of a figure as positive and green, a fall as negative and red', () => {
    expect(trendDisplay(12.5)).toEqual({
      text: '+12.5%',
      color: 'green',
      direction: 'up',
      description: 'Up 12.5% on the previous period',
    });
    expect(trendDisplay(-3)).toMatchObject({ text: '-3%', color: 'red', direction: 'down' });
  });

  it('follows the cost sign rule: a cost rise shows as negative and red, a fall as positive and green', () => {
    expect(trendDisplay(8.2, 'cost')).toEqual({
      text: '-8.2%',
      color: 'red',
      direction: 'up',
      description: 'Up 8.2% on the previous period',
    });
    expect(trendDisplay(-15, 'cost')).toMatchObject({ text: '+15%', color: 'green', direction: 'down' });
  });

  it('colours a rise red where less is better (latency) but keeps its sign', () => {
    expect(trendDisplay(4, 'lowerIsBetter')).toMatchObject({ text: '+4%', color: 'red' });
    expect(trendDisplay(-4, 'lowerIsBetter')).toMatchObject({ text: '-4%', color: 'green' });
  });

  it('says when there is nothing to compare with, and when nothing changed', () => {
    expect(trendDisplay(null, 'cost')).toMatchObject({ text: 'No previous data', color: 'dimmed', direction: 'none' });
    expect(trendDisplay(0, 'cost')).toMatchObject({ text: '0%', color: 'dimmed', direction: 'flat' });
  });
});
