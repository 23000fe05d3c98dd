import { useDisclosure, useMediaQuery, useWindowEvent } from '@mantine/hooks';
import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** The sidebar collapses at widths up to 768px (48em, Mantine's `sm`, the AppShell breakpoint). */
export const MOBILE_QUERY = '(max-width: 48em)';

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
