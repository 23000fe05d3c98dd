import type { TPage } from '@portal/contract/common';
import type { ReactNode } from 'react';
import { DataTable, type DataTableProps, type KeyedRow, rowId } from './data-table.tsx';
import { ListStatePagination } from './pagination.tsx';
import type { SortState } from './use-list-state.ts';

type ListBinding = {
  page: number;
  pageSize: number;
  setPage: (page: number) => void;
  setPageSize: (size: number) => void;
  sort?: SortState | undefined;
  toggleSort?: (key: string) => void;
};

/**
 * The one paged list: a DataTable over a page of the API and its pagination, both bound to the
 * list's URL state (useListState): rows, sort and page come from there.
 */
type ListTableProps<T> = Omit<DataTableProps<T>, 'rows' | 'sort' | 'onSort'> & { list: ListBinding; data: TPage<T> | undefined };

export function ListTable<T extends KeyedRow>(props: ListTableProps<T>): ReactNode;
export function ListTable<T>(props: ListTableProps<T> & { rowKey: (row: T) => string }): ReactNode;
export function ListTable<T>({ list, data, rowKey = rowId, ...table }: ListTableProps<T>) {
  return (
    <>
      <DataTable {...table} rowKey={rowKey} rows={data?.items} sort={list.sort} {...(list.toggleSort ? { onSort: list.toggleSort } : {})} />
      <ListStatePagination list={list} total={data?.total} />
    </>
  );
}
