import type { TPage, TPageQuery } from '@portal/contract/common';
import { type AnyColumn, asc, desc, ilike, or, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * Offset paging for bounded lists (one customer's data, the customer book): the page's rows plus
 * the total count. Big tables (CDRs, messages) use keyset paging instead.
 */
export function offsetOf(q: TPageQuery): number {
  return (q.page - 1) * q.pageSize;
}

export function pageOf<T>(items: T[], total: number, q: TPageQuery): TPage<T> {
  return { items, total, page: q.page, pageSize: q.pageSize };
}

/**
 * ORDER BY from a whitelisted sort key (the contract's enum rejects others with a 400) and a
 * direction, with a unique tie-breaker so pages never overlap or skip rows.
 */
export function orderBy<K extends string>(
  columns: Record<K, SQLWrapper | AnyColumn>,
  sort: K,
  dir: 'asc' | 'desc',
  tieBreaker: AnyColumn,
): SQL[] {
  const by = dir === 'desc' ? desc : asc;
  return [by(columns[sort] as AnyColumn), by(tieBreaker)];
}

/** Escapes % and _ so user text is matched literally inside an ILIKE pattern. */
export function likePattern(text: string, where: 'contains' | 'prefix' = 'contains'): string {
  const escaped = text.replace(/[\\%_]/g, (c) => `\\${c}`);
  return where === 'prefix' ? `${escaped}%` : `%${escaped}%`;
}

/**
 * One offset page, read at once: the list's rows (filtered and ordered; the page's limit and
 * offset are added here) and the count of all the rows its filter matches.
 */
export async function readPage<R>(
  q: TPageQuery,
  rows: { limit(limit: number): { offset(offset: number): PromiseLike<R[]> } },
  count: PromiseLike<{ n: number }[]>,
): Promise<{ rows: R[]; total: number }> {
  const [items, [total]] = await Promise.all([rows.limit(q.pageSize).offset(offsetOf(q)), count]);
  return { rows: items, total: total?.n ?? 0 };
}

/** Rows where any of the columns contains the text (ILIKE, matched literally); no condition without a text. */
export function containsAny(text: string | undefined, ...columns: (AnyColumn | SQL)[]): SQL | undefined {
  if (!text) return undefined;
  const pattern = likePattern(text);
  return or(...columns.map((column) => ilike(column, pattern)));
}
