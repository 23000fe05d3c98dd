import { describe, expect, it } from 'vitest';
import { bucketLabel, labelSpacing, minBarPx, shownLabels, tickLabel } from './chart-rules.ts';

describe('the chart rules', () => {
  it('labels every third of 30 days plus the last', () => {
    expect([...shownLabels(30)].sort((a, b) => a - b)).toEqual([0, 3, 6, 9, 12, 15, 18, 21, 24, 27, 29]);
  });

  it('labels every point up to 12 (the months of a year), about ten of 90', () => {
    expect(shownLabels(12).size).toBe(12);
    expect([...shownLabels(90)].sort((a, b) => a - b)).toEqual([0, 9, 18, 27, 36, 45, 54, 63, 72, 81, 89]);
    expect(shownLabels(0).size).toBe(0);
  });

  it('spaces the labels of a narrow chart further apart, leaving out the one that would touch the last', () => {
    // not measured yet, or wide enough: the spec's every third of 30 and the last
    expect(labelSpacing(30, 0, 'day')).toBe(1);
    expect([...shownLabels(30, labelSpacing(30, 1000, 'day'))].sort((a, b) => a - b)).toEqual([0, 3, 6, 9, 12, 15, 18, 21, 24, 27, 29]);
    // a half-width chart at 1280 (about 560 px): labels three points apart, 11/24 no longer touching 11/26
    const spacing = labelSpacing(30, 560, 'day');
    expect(spacing).toBe(3);
    expect([...shownLabels(30, spacing)].sort((a, b) => a - b)).toEqual([0, 3, 6, 9, 12, 15, 18, 21, 24, 29]);
    // a phone's: every fifth
    expect([...shownLabels(30, labelSpacing(30, 300, 'day'))].sort((a, b) => a - b)).toEqual([0, 6, 12, 18, 29]);
    // twelve months on a half-width chart: every other month and the last
    expect([...shownLabels(12, labelSpacing(12, 560, 'month'))].sort((a, b) => a - b)).toEqual([0, 2, 4, 6, 8, 11]);
  });

  it('draws a non-zero bar at least 5 % of the plot (1 % for failed segments) and a zero bar not at all', () => {
    expect(minBarPx(0)).toBe(0);
    expect(minBarPx(1)).toBe(12); // 5 % of the 230 px plot, rounded up
    expect(minBarPx(1, 1)).toBe(3);
  });

  it('names days MM/DD on the axis and months by name; the tooltip the whole range', () => {
    expect(tickLabel('2026-03-07', 'day')).toBe('03/07');
    expect(tickLabel('2026-03-01', 'month')).toBe('Mar 26');
    expect(bucketLabel('2026-03-07', '2026-03-07')).toBe('03/07/2026');
    expect(bucketLabel('2026-03-15', '2026-03-31')).toBe('03/15/2026 - 03/31/2026');
  });
});
