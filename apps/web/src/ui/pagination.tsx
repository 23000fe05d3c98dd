import { Group, Pagination, Select, Text } from '@mantine/core';
import { PAGE_SIZES } from '@portal/contract/common';

export type ListPaginationProps = {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  onPageSizeChange?: (size: number) => void;
  /** Page sizes offered (spec 9: 10, 20, 50, 100). */
  pageSizes?: readonly number[];
};

/**
 * 'Showing x–y of z', a page-size choice and first/previous/pages with ellipses/next/last.
 * Hidden when the list is empty.
 */
export function ListPagination({ page, pageSize, total, onPageChange, onPageSizeChange, pageSizes = PAGE_SIZES }: ListPaginationProps) {
  if (total === 0) return null;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <Group justify="space-between" gap="sm" wrap="wrap" data-testid="list-pagination">
      <Group gap="sm">
        <Text size="sm" c="dimmed">
          Showing {first}–{last} of {total}
        </Text>
        {onPageSizeChange && (
          <Select
            aria-label="Rows per page"
            size="xs"
            w={110}
            allowDeselect={false}
            data={pageSizes.map((n) => ({ value: String(n), label: `${n} / page` }))}
            value={String(pageSize)}
            onChange={(v) => v && onPageSizeChange(Number(v))}
            comboboxProps={{ withinPortal: true }}
          />
        )}
      </Group>
      <Pagination
        total={pages}
        value={Math.min(page, pages)}
        onChange={onPageChange}
        withEdges
        siblings={1}
        boundaries={1}
        size="sm"
        getControlProps={(control) => ({ 'aria-label': `${control[0]?.toUpperCase()}${control.slice(1)} page` })}
      />
    </Group>
  );
}

/** ListPagination bound to a list's URL state (useListState): the one way list screens page. */
export function ListStatePagination({
  list,
  total,
}: {
  list: { page: number; pageSize: number; setPage: (page: number) => void; setPageSize: (size: number) => void };
  total: number | undefined;
}) {
  return (
    <ListPagination
      page={list.page}
      pageSize={list.pageSize}
      total={total ?? 0}
      onPageChange={list.setPage}
      onPageSizeChange={list.setPageSize}
    />
  );
}
