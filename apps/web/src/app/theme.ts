import { type CSSVariablesResolver, createTheme, darken, keys, luminance, type MantineColorsTuple } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  fontFamily: 'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '650' },
  cursorType: 'pointer',
  // Transitions and animations are skipped for people who ask their system for reduced motion.
  respectReducedMotion: true,
  components: {
    // The menu's focus placeholder is a role="presentation" child that a role="menu" may not have.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // Mantine's close buttons are icons without a name.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } },
    Alert: { defaultProps: { closeButtonLabel: 'Dismiss' } },
  },
});

/** WCAG 2.1 AA asks 4.5:1 for normal text; a small margin keeps hover and striped rows above it. */
export const MIN_TEXT_CONTRAST = 4.7;

export function contrastRatio(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (high + 0.05) / (low + 0.05);
}

/** `color`, darkened in small steps until it reads at MIN_TEXT_CONTRAST on every background given. */
export function readableOn(color: string, backgrounds: string[]): string {
  let value = color;
  for (let step = 1; step <= 20 && backgrounds.some((bg) => contrastRatio(value, bg) < MIN_TEXT_CONTRAST); step++) {
    value = darken(color, step * 0.04);
  }
  return value;
}

/**
 * Mantine's light colour scheme with text that meets WCAG 2.1 AA (issue 16): its default greys
 * (dimmed 3.3:1, placeholder 2.1:1), its shade-6 text and filled backgrounds (green 2.4:1, red
 * 3.3:1 under white text) and its light-variant text (orange, green, yellow shade 9 on shade 1) are
 * below 4.5:1. Each tone keeps its hue and is only darkened as far as needed.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => {
  const white = t.white;
  const gray = t.colors.gray;
  const light: Record<string, string> = {};
  for (const name of keys(t.colors)) {
    const palette = t.colors[name] as MantineColorsTuple;
    if (!Array.isArray(palette) || palette.length < 10) continue;
    // Text, outline and link colours sit on white, the page's grey and the colour's own light tint.
    const text = readableOn(palette[7], [white, gray[0], gray[1], palette[0], palette[1]]);
    const filled = readableOn(palette[6], [white]);
    light[`--mantine-color-${name}-text`] = text;
    light[`--mantine-color-${name}-outline`] = text;
    light[`--mantine-color-${name}-light-color`] = readableOn(palette[9], [palette[1], palette[2]]);
    light[`--mantine-color-${name}-filled`] = filled;
    light[`--mantine-color-${name}-filled-hover`] = darken(filled, 0.12);
  }
  const dimmed = readableOn(gray[6], [white, gray[0], gray[1], gray[2], t.colors.blue[0]]);
  return {
    variables: {},
    light: {
      ...light,
      '--mantine-color-dimmed': dimmed,
      '--mantine-color-placeholder': dimmed,
      '--mantine-color-disabled-color': readableOn(gray[6], [gray[2]]),
      '--mantine-color-anchor': light[`--mantine-color-${t.primaryColor}-text`] ?? dimmed,
      '--mantine-color-error': light['--mantine-color-red-text'] ?? dimmed,
      '--mantine-color-success': light['--mantine-color-teal-text'] ?? dimmed,
    },
    dark: {},
  };
};
