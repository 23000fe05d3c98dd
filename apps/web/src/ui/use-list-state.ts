import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@portal/contract/common';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

export type SortDir = 'asc' | 'desc';
export type SortState = { by: string; dir: SortDir };

export type ListStateOptions<F extends Record<string, string>> = {
  /** Filter names and their defaults ('' = no filter). Defaults are left out of the URL. */
  filters: F;
  sort?: SortState;
  pageSize?: number;
  /** Prefix for the URL keys, when one page holds several lists (e.g. 'acc' → accPage, accStatus). */
  prefix?: string;
};

export type ListState<F extends Record<string, string>> = {
  filters: F;
  setFilter: (name: keyof F, value: string) => void;
  /** A filter control's value and change handler, bound to the URL: `<SelectFilter {...list.filter('status')} />`. */
  filter: (name: keyof F) => { value: string; onChange: (value: string) => void };
  resetFilters: () => void;
  sort: SortState | undefined;
  /** Sort by a column: a new column sorts ascending, the same column flips direction. */
  toggleSort: (by: string) => void;
  page: number;
  pageSize: number;
  setPage: (page: number) => void;
  setPageSize: (size: number) => void;
  /**
   * Keyset (cursor) paging, for lists paged with the server's cursors instead of page numbers: the
   * cursors of the pages before this one, oldest first ([] on the first page). Kept in the URL
   * (`cursors`, dot-separated; base64url has no dots) like the page, and dropped with it.
   */
  cursors: string[];
  /** Moves to another keyset page (a history entry, like setPage): the cursors of the pages before it. */
  setCursors: (cursors: string[]) => void;
  /** Selected row ids (for bulk actions); cleared whenever filters, sort or page size change. */
  selection: string[];
  setSelection: (ids: string[]) => void;
  /** What the list endpoint takes: the non-empty filters, sort, dir, page and pageSize. */
  query: Record<string, string | number>;
};

/**
 * Filters, sort, page and page size of a list, kept in the URL's search params so a link or a
 * reload shows the same list. Changing a filter (or sort, or page size) goes back to page 1 and
 * clears the selection (spec: "Changing a filter or tab resets paging to page 1 and clears selections").
 */
export function useListState<F extends Record<string, string>>(options: ListStateOptions<F>): ListState<F> {
  const { filters: defaults, sort: defaultSort, pageSize: defaultPageSize = DEFAULT_PAGE_SIZE, prefix = '' } = options;
  const [params, setParams] = useSearchParams();
  const [selection, setSelection] = useState<string[]>([]);
  const key = useCallback((name: string) => (prefix ? `${prefix}${name[0]?.toUpperCase()}${name.slice(1)}` : name), [prefix]);

  const filters = useMemo(() => {
    const out = { ...defaults };
    for (const name of Object.keys(defaults) as (keyof F)[]) {
      const value = params.get(key(String(name)));
      if (value !== null) out[name] = value as F[keyof F];
    }
    return out;
  }, [params, defaults, key]);

  const sortBy = params.get(key('sort'));
  const sort: SortState | undefined = sortBy ? { by: sortBy, dir: params.get(key('dir')) === 'desc' ? 'desc' : 'asc' } : defaultSort;
  const page = Math.max(1, Number.parseInt(params.get(key('page')) ?? '1', 10) || 1);
  const cursorsParam = params.get(key('cursors'));
  const cursors = useMemo(() => (cursorsParam ? cursorsParam.split('.').filter(Boolean) : []), [cursorsParam]);
  const sizeParam = Number(params.get(key('pageSize')));
  const pageSize = (PAGE_SIZES as readonly number[]).includes(sizeParam) ? sizeParam : defaultPageSize;

  /**
   * The URL as the last change left it: React Router's functional update hands over the params of
   * the last render, so two quick changes (a start date, then an end date) would lose the first.
   */
  const latest = useRef<URLSearchParams | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: forget it whenever the URL has caught up
  useEffect(() => {
    latest.current = null;
  }, [params]);

  /** Applies changes to the URL; `resetPage` drops the page (number or cursors) and the selection. */
  const update = useCallback(
    (changes: Record<string, string | null>, resetPage: boolean, replace: boolean) => {
      const next = new URLSearchParams(latest.current ?? params);
      for (const [name, value] of Object.entries(changes)) {
        if (value === null || value === '') next.delete(key(name));
        else next.set(key(name), value);
      }
      if (resetPage) {
        next.delete(key('page'));
        next.delete(key('cursors'));
      }
      latest.current = next;
      setParams(next, { replace });
      if (resetPage) setSelection([]);
    },
    [setParams, key, params],
  );

  const setFilter = useCallback(
    (name: keyof F, value: string) => update({ [name as string]: value === defaults[name] ? null : value }, true, true),
    [update, defaults],
  );
  const filter = useCallback(
    (name: keyof F) => ({ value: filters[name], onChange: (value: string) => setFilter(name, value) }),
    [filters, setFilter],
  );
  const resetFilters = useCallback(
    () => update(Object.fromEntries(Object.keys(defaults).map((n) => [n, null])), true, false),
    [update, defaults],
  );
  const toggleSort = useCallback(
    (by: string) => {
      const dir: SortDir = sort?.by === by && sort.dir === 'asc' ? 'desc' : 'asc';
      update({ sort: by, dir }, true, true);
    },
    [update, sort],
  );
  const setPage = useCallback((p: number) => update({ page: p > 1 ? String(p) : null }, false, false), [update]);
  const setCursors = useCallback((next: string[]) => update({ cursors: next.join('.') || null }, false, false), [update]);
  const setPageSize = useCallback(
    (size: number) => update({ pageSize: size === defaultPageSize ? null : String(size) }, true, false),
    [update, defaultPageSize],
  );

  const query: Record<string, string | number> = { page, pageSize };
  for (const [name, value] of Object.entries(filters)) if (value) query[name] = value;
  if (sort) {
    query.sort = sort.by;
    query.dir = sort.dir;
  }

  return {
    filters,
    setFilter,
    filter,
    resetFilters,
    sort,
    toggleSort,
    page,
    pageSize,
    setPage,
    setPageSize,
    cursors,
    setCursors,
    selection,
    setSelection,
    query,
  };
}
