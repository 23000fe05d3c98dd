import { isApiError } from '../lib/api.ts';
import type { HandleMatch, RecordCrumb } from '../lib/route-handle.ts';

export type Crumb = { path: string; label: string | RecordCrumb; id?: string; link: boolean };

const trimSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/**
 * One crumb per routed path segment, from the routes' handles: `crumb`, else `title`. Index routes
 * share their parent's path and add nothing; a route whose path spans two segments (e.g.
 * 'accounts/:accountId') hides the first. The last crumb is the current page and is not a link.
 */
export function buildCrumbs(matches: Pick<HandleMatch, 'pathname' | 'handle' | 'params'>[]): Crumb[] {
  const crumbs: Crumb[] = [];
  for (const match of matches) {
    const label = match.handle?.crumb ?? match.handle?.title;
    const path = trimSlash(match.pathname);
    if (!label || crumbs.at(-1)?.path === path) continue;
    const id = typeof label === 'object' ? match.params[label.param] : undefined;
    crumbs.push({ path, label, id, link: match.handle?.crumbIsLink !== false });
  }
  const last = crumbs.at(-1);
  if (last) last.link = false;
  return crumbs;
}

const RECORD_KINDS: Record<RecordCrumb['record'], string> = { customer: 'Customer', account: 'Account', user: 'User' };

/**
 * A record crumb's text once its name has been asked for: the record's name; 'Not found' when
 * there is no such record (the page shows its not-found state); the kind of record when the name
 * could not be read. Never the id from the address bar.
 */
export function recordCrumbText(record: RecordCrumb['record'], name: { name: string } | undefined, error: unknown): string {
  if (name) return name.name;
  return isApiError(error, 'NOT_FOUND') ? 'Not found' : RECORD_KINDS[record];
}
