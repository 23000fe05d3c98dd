import { Checkbox, Group, Skeleton, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconSelector } from '@tabler/icons-react';
import type { CSSProperties, ReactNode } from 'react';
import classes from './data-table.module.css';
import { EmptyState } from './empty-state.tsx';
import type { SortState } from './use-list-state.ts';

export type Column<T> = {
  /** Unique per table; also the sort key sent to the server when `sortable`. */
  key: string;
  header: ReactNode;
  render: (row: T) => ReactNode;
  sortable?: boolean;
  align?: 'left' | 'right' | 'center';
  width?: number | string;
  /** Keep the cell on one line (ids, phone numbers, money, dates, badges). */
  nowrap?: boolean;
  /**
   * What the column holds, which sets how it fits a working screen: `id`, `figure` (numbers, money,
   * dates, phone numbers, IPs) and `badge` never wrap and line up in tabular figures; `name` (and
   * other long text) stays on one line, cut with an ellipsis, the whole text as its tooltip.
   */
  kind?: 'id' | 'figure' | 'badge' | 'name';
  /** The widest a `name` column grows before it is cut (default 260 px). */
  maxWidth?: number;
  /** Let a long header wrap (e.g. 'Total Revenue (USD)' over a column of short figures); others stay on one line. */
  wrapHeader?: boolean;
};

const FIGURE = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

/** The style of a column's cells, from its kind. */
function cellStyle<T>(c: Column<T>) {
  const align = { textAlign: c.align };
  if (c.kind === 'id' || c.kind === 'figure') return { ...align, ...FIGURE };
  return { ...align, whiteSpace: c.nowrap || c.kind === 'badge' ? 'nowrap' : undefined } as const;
}

/** A `name` cell's whole text is its tooltip, for when the ellipsis cuts it (set after each render). */
function titleFromText(box: HTMLDivElement | null) {
  if (box) box.title = box.textContent ?? '';
}

/** A record with an id of its own: its table needs no rowKey. */
export type KeyedRow = { id: string | number };
/** The row's id as a string: the default rowKey. */
export const rowId = (row: unknown) => String((row as KeyedRow).id);

export type DataTableProps<T> = {
  columns: Column<T>[];
  rows: T[] | undefined;
  /** The row's React key and selection id; rows with an `id` default to it. */
  rowKey?: (row: T) => string;
  loading?: boolean;
  /** The spec's empty-state text, e.g. 'No customers found'. */
  emptyText: string;
  sort?: SortState;
  onSort?: (key: string) => void;
  /** Rendered in a last 'Actions' column. */
  rowActions?: (row: T) => ReactNode;
  onRowClick?: (row: T) => void;
  /** Row selection for bulk actions: checkboxes appear when given. */
  selection?: string[];
  onSelectionChange?: (ids: string[]) => void;
  /** Accessible name of the table. */
  label?: string;
  skeletonRows?: number;
};

/** The actions column stays in view when a wide table scrolls sideways. */
const STICKY_ACTIONS = {
  position: 'sticky',
  right: 0,
  background: 'var(--mantine-color-body)',
  boxShadow: '-6px 0 6px -6px rgba(0, 0, 0, 0.12)',
} as const;

function SortIcon({ active, dir }: { active: boolean; dir?: 'asc' | 'desc' }) {
  if (!active) return <IconSelector size={14} aria-hidden />;
  return dir === 'desc' ? <IconArrowDown size={14} aria-hidden /> : <IconArrowUp size={14} aria-hidden />;
}

/**
 * The one table: columns config, sortable headers (sort state from useListState), row actions,
 * a loading skeleton, the spec's empty-state text and optional row selection.
 */
export function DataTable<T extends KeyedRow>(props: DataTableProps<T>): ReactNode;
export function DataTable<T>(props: DataTableProps<T> & { rowKey: (row: T) => string }): ReactNode;
export function DataTable<T>(props: DataTableProps<T>) {
  const rowKey = props.rowKey ?? rowId;
  const { columns, rows, loading, emptyText, sort, onSort, rowActions, onRowClick, selection, onSelectionChange } = props;
  const selectable = selection !== undefined && onSelectionChange !== undefined;
  const ids = rows?.map(rowKey) ?? [];
  const allSelected = selectable && ids.length > 0 && ids.every((id) => selection.includes(id));
  const someSelected = selectable && ids.some((id) => selection.includes(id));
  const span = columns.length + (rowActions ? 1 : 0) + (selectable ? 1 : 0);

  const header = (
    <Table.Tr>
      {selectable && (
        <Table.Th w={40}>
          <Checkbox
            aria-label="Select all rows"
            checked={allSelected}
            indeterminate={someSelected && !allSelected}
            onChange={() =>
              onSelectionChange(allSelected ? selection.filter((id) => !ids.includes(id)) : [...new Set([...selection, ...ids])])
            }
          />
        </Table.Th>
      )}
      {columns.map((c) => {
        const active = sort?.by === c.key;
        return (
          <Table.Th
            key={c.key}
            w={c.width}
            // Headers stay on one line: a row of one-line headers keeps ten rows on a 800 px screen.
            style={{ textAlign: c.align, verticalAlign: 'bottom', whiteSpace: c.wrapHeader ? undefined : 'nowrap' }}
            aria-sort={active ? (sort?.dir === 'desc' ? 'descending' : 'ascending') : undefined}
          >
            {c.sortable && onSort ? (
              <UnstyledButton onClick={() => onSort(c.key)} fw={600} fz="sm">
                <Group gap={4} wrap="nowrap" justify={c.align === 'right' ? 'flex-end' : undefined}>
                  {c.header}
                  <SortIcon active={active} dir={sort?.dir} />
                </Group>
              </UnstyledButton>
            ) : (
              c.header
            )}
          </Table.Th>
        );
      })}
      {rowActions && <Table.Th style={{ ...STICKY_ACTIONS, textAlign: 'right' }}>Actions</Table.Th>}
    </Table.Tr>
  );

  let body: ReactNode;
  if (loading && !rows) {
    body = Array.from({ length: props.skeletonRows ?? 5 }, (_, i) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity
      <Table.Tr key={i} data-testid="table-skeleton">
        {Array.from({ length: span }, (_, j) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cells have no identity
          <Table.Td key={j}>
            <Skeleton height={14} radius="sm" />
          </Table.Td>
        ))}
      </Table.Tr>
    ));
  } else if (!rows || rows.length === 0) {
    body = (
      <Table.Tr>
        <Table.Td colSpan={span}>
          <EmptyState text={emptyText} />
        </Table.Td>
      </Table.Tr>
    );
  } else {
    body = rows.map((row) => {
      const id = rowKey(row);
      const checked = selectable && selection.includes(id);
      return (
        <Table.Tr
          key={id}
          bg={checked ? 'var(--mantine-color-blue-light)' : undefined}
          style={onRowClick ? { cursor: 'pointer' } : undefined}
          onClick={onRowClick ? () => onRowClick(row) : undefined}
        >
          {selectable && (
            <Table.Td onClick={(e) => e.stopPropagation()}>
              <Checkbox
                aria-label="Select row"
                checked={checked}
                onChange={() => onSelectionChange(checked ? selection.filter((s) => s !== id) : [...selection, id])}
              />
            </Table.Td>
          )}
          {columns.map((c) => (
            <Table.Td key={c.key} style={cellStyle(c)}>
              {c.kind === 'name' ? (
                <div
                  className={classes.cut}
                  style={c.maxWidth ? ({ '--cut-max': `${c.maxWidth}px` } as CSSProperties) : undefined}
                  ref={titleFromText}
                >
                  {c.render(row)}
                </div>
              ) : c.kind === 'badge' ? (
                <div className={classes.fit}>{c.render(row)}</div>
              ) : (
                c.render(row)
              )}
            </Table.Td>
          ))}
          {rowActions && (
            <Table.Td onClick={(e) => e.stopPropagation()} style={STICKY_ACTIONS}>
              <Group gap={4} justify="flex-end" wrap="nowrap">
                {rowActions(row)}
              </Group>
            </Table.Td>
          )}
        </Table.Tr>
      );
    });
  }

  return (
    <Table.ScrollContainer minWidth={600}>
      <Table
        highlightOnHover
        verticalSpacing={6}
        // 8 px each side (Mantine's xs is 10): a wide table keeps its last columns in view at 1280
        horizontalSpacing={8}
        aria-label={props.label}
        aria-busy={loading || undefined}
        style={{ opacity: loading && rows ? 0.6 : 1 }}
      >
        <Table.Thead>{header}</Table.Thead>
        <Table.Tbody>{body}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A small muted line of text for secondary cell content. */
export function CellNote({ children }: { children: ReactNode }) {
  return (
    <Text size="xs" c="dimmed">
      {children}
    </Text>
  );
}
