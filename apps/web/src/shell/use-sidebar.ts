import { useDisclosure, useMediaQuery, useWindowEvent } from '@mantine/hooks';
import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * The sidebar collapses at widths up to and including 768px (spec). Mantine's AppShell collapses
 * below its breakpoint (max-width: breakpoint - 0.1px), hence 769.
 */
export const SIDEBAR_BREAKPOINT_PX = 769;
export const MOBILE_QUERY = `(max-width: ${SIDEBAR_BREAKPOINT_PX - 0.1}px)`;

/** Mobile sidebar state: closes after navigating, on Escape, and when the window grows past 768px. */
export function useSidebar() {
  const isMobile = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false }) ?? false;
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the effect of a new path
  useEffect(close, [pathname]);
  useEffect(() => {
    if (!isMobile) close();
  }, [isMobile, close]);
  useWindowEvent('keydown', (event) => {
    if (event.key === 'Escape') close();
  });

  return { opened: opened && isMobile, isMobile, toggle, close };
}
