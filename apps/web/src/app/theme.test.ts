import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrastRatio, cssVariablesResolver, theme } from './theme.ts';

const merged = mergeMantineTheme(DEFAULT_THEME, theme);
const light = cssVariablesResolver(merged).light;
const AA = 4.5;

describe('the theme meets WCAG 2.1 AA contrast', () => {
  const gray = merged.colors.gray;

  it('dimmed and placeholder text read on white, the page grey and hovered rows', () => {
    for (const bg of [merged.white, gray[0], gray[1], gray[2]]) {
      expect(contrastRatio(light['--mantine-color-dimmed'] as string, bg)).toBeGreaterThanOrEqual(AA);
      expect(contrastRatio(light['--mantine-color-placeholder'] as string, bg)).toBeGreaterThanOrEqual(AA);
    }
    // Mantine's own grey-6 does not: the override is needed.
    expect(contrastRatio(gray[6], merged.white)).toBeLessThan(AA);
  });

  it.each(['indigo', 'red', 'green', 'yellow', 'orange', 'blue', 'gray', 'teal', 'cyan'])(
    '%s text, light badges and filled buttons',
    (name) => {
      const palette = merged.colors[name] as readonly string[];
      const v = (suffix: string) => light[`--mantine-color-${name}-${suffix}`] as string;
      for (const bg of [merged.white, gray[0], palette[1] as string]) expect(contrastRatio(v('text'), bg)).toBeGreaterThanOrEqual(AA);
      expect(contrastRatio(v('light-color'), palette[1] as string)).toBeGreaterThanOrEqual(AA);
      expect(contrastRatio(merged.white, v('filled'))).toBeGreaterThanOrEqual(AA);
      expect(contrastRatio(merged.white, v('filled-hover'))).toBeGreaterThanOrEqual(AA);
    },
  );

  it('keeps the primary colour close to its palette (only as dark as needed)', () => {
    expect(contrastRatio(light['--mantine-color-indigo-filled'] as string, merged.white)).toBeLessThan(6);
  });
});
