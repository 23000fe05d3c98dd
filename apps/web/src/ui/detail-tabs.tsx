import { Tabs } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';

export type RouteTab = {
  /** The path suffix under `basePath`: '' for the first (index) tab, 'voice', 'billing'... */
  path: string;
  label: string;
};

/** Mantine tabs need a non-empty value; the index tab uses this one. */
const INDEX = '_index';

/** The tab whose suffix the current path continues; the index tab otherwise. */
export function activeRouteTab(pathname: string, basePath: string, tabs: RouteTab[]): string {
  const rest = pathname.startsWith(basePath) ? pathname.slice(basePath.length).replace(/^\/+/, '') : '';
  const match = tabs
    .filter((t) => t.path && (rest === t.path || rest.startsWith(`${t.path}/`)))
    .sort((a, b) => b.path.length - a.path.length)[0];
  return match?.path ?? '';
}

/**
 * A tab bar bound to route paths (spec 2.7: the account tabs and their suffixes). Choosing a tab
 * navigates to `${basePath}/${path}`; the page renders the tab's content through its <Outlet/>.
 */
export function DetailTabs({ basePath, tabs }: { basePath: string; tabs: RouteTab[] }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const active = activeRouteTab(pathname, basePath, tabs) || INDEX;
  return (
    <Tabs value={active} onChange={(value) => value !== null && void navigate(value !== INDEX ? `${basePath}/${value}` : basePath)}>
      <Tabs.List>
        {tabs.map((t) => (
          <Tabs.Tab key={t.path} value={t.path || INDEX}>
            {t.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
