import type { TPage } from '@portal/contract/common';
import { DataTable, type DataTableProps } from './data-table.tsx';
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
export function ListTable<T>({
  list,
  data,
  ...table
}: Omit<DataTableProps<T>, 'rows' | 'sort' | 'onSort'> & { list: ListBinding; data: TPage<T> | undefined }) {
  return (
    <>
      <DataTable {...table} rows={data?.items} sort={list.sort} {...(list.toggleSort ? { onSort: list.toggleSort } : {})} />
      <ListStatePagination list={list} total={data?.total} />
    </>
  );
}
