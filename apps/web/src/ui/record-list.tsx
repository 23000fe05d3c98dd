import '@mantine/dates/styles.css';
import { Alert, Box, Button, Group, LoadingOverlay, Paper, Stack, Text, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import type { z } from 'zod';
import { toQueryString } from '../lib/download.ts';
import { localTimeZone } from '../lib/format.ts';
import { type Column, DataTable, type KeyedRow } from './data-table.tsx';
import { ExportButton } from './export-button.tsx';
import { FilterBar } from './filter-bar.tsx';
import { type ListStateOptions, useListState } from './use-list-state.ts';

/**
 * The pieces of a big record list (CDRs, messages, the API request log, the audit trail): keyset
 * cursors in the URL, filters checked against the contract's query before anything is sent, each
 * problem shown once on its field, Previous/Next paging. A list is useRecordList for its data and
 * RecordListCard (or RecordFilters and RecordTable) for what it shows.
 */

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A filter field bound with records.field(name): its value in the URL and the contract's message for it. */
export type BoundFilterField = { value: string; onChange: (v: string) => void; error?: string | undefined };
/** A labelled filter field bound with records.field(name). */
export type FilterFieldProps = BoundFilterField & { label: string };

/** A text box that reports after a pause, like SearchFilter, with a label (numbers, endpoints). */
export function TextFilter({
  label,
  value,
  onChange,
  error,
  placeholder = 'Part of the number',
  w = 170,
}: FilterFieldProps & { placeholder?: string; w?: number }) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    const t = setTimeout(() => onChange(text), 300);
    return () => clearTimeout(t);
  }, [text, value, onChange]);
  return (
    <TextInput label={label} placeholder={placeholder} value={text} onChange={(e) => setText(e.currentTarget.value)} error={error} w={w} />
  );
}

/** A calendar day, 'YYYY-MM-DD' in the URL, picked from Mantine's calendar and clearable (filters and report ranges). */
export function DayFilter({ label, value, onChange, error, placeholder = 'Any day' }: FilterFieldProps & { placeholder?: string }) {
  return (
    <DatePickerInput
      label={label}
      placeholder={placeholder}
      valueFormat="MM/DD/YYYY"
      // a day the URL spells wrongly is left empty, with the contract's message on the field
      value={ISO_DAY.test(value) ? value : null}
      onChange={(v) => onChange(v ?? '')}
      error={error}
      clearable
      clearButtonProps={{ 'aria-label': `Clear ${label}` }}
      ariaLabels={{
        previousMonth: 'Previous month',
        nextMonth: 'Next month',
        previousYear: 'Previous year',
        nextYear: 'Next year',
        previousDecade: 'Previous decade',
        nextDecade: 'Next decade',
        monthLevelControl: 'Choose a month',
        yearLevelControl: 'Choose a year',
      }}
      w={150}
    />
  );
}

/** Filter fields kept side by side when the filter row wraps (in pairs, so a narrow screen wraps them two by two). */
export function FilterGroup({ children }: { children: ReactNode }) {
  return (
    <Group gap="sm" align="flex-start" wrap="nowrap">
      {children}
    </Group>
  );
}

/** A list's first and last day (the last included), side by side. */
export function DayRangeFilters({
  start,
  end,
  labels = ['Start Date', 'End Date'],
}: {
  start: BoundFilterField;
  end: BoundFilterField;
  labels?: [string, string];
}) {
  return (
    <FilterGroup>
      <DayFilter label={labels[0]} {...start} />
      <DayFilter label={labels[1]} {...end} />
    </FilterGroup>
  );
}

/** Reloading a list for other filters shows 'Loading data...' over it (spec 2.9). */
export function LoadingDataOverlay({ visible }: { visible: boolean }) {
  return <LoadingOverlay visible={visible} loaderProps={{ children: <Text fw={500}>Loading data...</Text> }} />;
}

/**
 * Checks a keyset list's query against the contract: a query it refuses is not sent, and each
 * problem lands once on its field (`fields` names the filters shown as fields) or, failing that,
 * in `problem`.
 */
function checkRecordQuery(schema: z.ZodType, query: Record<string, unknown>, fields: Set<string>) {
  const check = schema.safeParse(query);
  const fieldErrors: Record<string, string> = {};
  let problem: string | undefined;
  for (const issue of check.error?.issues ?? []) {
    const field = String(issue.path[0] ?? '');
    if (fields.has(field)) fieldErrors[field] ??= issue.message;
    else problem ??= issue.message;
  }
  return { ok: check.success, fieldErrors, problem };
}

/** 'Page N · n rows' and Previous/Next over the cursors kept in the URL. */
function KeysetPager({
  cursors,
  setCursors,
  nextCursor,
  count,
  noun,
  disabled,
}: {
  cursors: string[];
  setCursors: (c: string[]) => void;
  nextCursor: string | null | undefined;
  count: number | undefined;
  noun: string;
  disabled: boolean;
}) {
  return (
    <Group justify="space-between">
      <Text size="sm" c="dimmed">
        Page {cursors.length + 1}
        {count !== undefined ? ` · ${count} ${noun}` : ''}
      </Text>
      <Group gap="xs">
        <Button variant="default" size="xs" disabled={cursors.length === 0} onClick={() => setCursors(cursors.slice(0, -1))}>
          Previous
        </Button>
        <Button
          variant="default"
          size="xs"
          disabled={disabled || !nextCursor}
          onClick={() => nextCursor && setCursors([...cursors, nextCursor])}
        >
          Next
        </Button>
      </Group>
    </Group>
  );
}

/** A keyset page as the list routes answer it. */
type KeysetPage<T> = { items: T[]; nextCursor: string | null };

/**
 * One keyset list's data: the filters plus this page's cursor (the last of list.cursors), checked
 * against the contract (nothing is sent while it refuses them), and the page's rows (none while
 * the query is refused: nothing can match an end date before the start).
 */
function useRecordQuery<T, K extends QueryKey>(
  cursors: string[],
  filters: Record<string, unknown>,
  schema: z.ZodType,
  fields: Set<string>,
  options: (query: Record<string, string | number | undefined>) => UseQueryOptions<KeysetPage<T>, Error, KeysetPage<T>, K>,
  pageSize = 50,
) {
  const query = { ...filters, limit: pageSize, cursor: cursors[cursors.length - 1] } as Record<string, string | number | undefined>;
  const check = checkRecordQuery(schema, query, fields);
  const result = useQuery({ ...options(query), enabled: check.ok });
  const rows = check.ok ? result.data?.items : [];
  const problem = check.problem ?? (check.ok && result.error ? result.error.message : undefined);
  return { check, rows, problem, data: result.data, isFetching: result.isFetching, isPlaceholderData: result.isPlaceholderData };
}

/** A keyset list as useRecordList answers it: the query's state, its filters and the cursors in the URL. */
export type RecordList<T> = {
  check: { ok: boolean; fieldErrors: Record<string, string> };
  rows: T[] | undefined;
  problem: string | undefined;
  data: { nextCursor: string | null } | undefined;
  isFetching: boolean;
  isPlaceholderData: boolean;
  /** What the list asks for: its filters and the scope. */
  filters: Record<string, string | undefined>;
  cursors: string[];
  setCursors: (cursors: string[]) => void;
};

/** Where a keyset list's rows come from: the contract's query, the query options, and the scope it runs in. */
export type RecordSource<T, K extends QueryKey> = {
  schema: z.ZodType;
  query: (query: Record<string, string | number | undefined>) => UseQueryOptions<KeysetPage<T>, Error, KeysetPage<T>, K>;
  /** The customer and account the list shows (none: all the caller may see). */
  scope?: { customerId?: string | undefined; accountId?: string | undefined };
  /** Send the browser's time zone, which the server reads the list's days in. */
  timeZone?: boolean;
  pageSize?: number;
};

/**
 * A keyset list: its filters and cursors in the URL (useListState: reload and Back keep the page; a
 * filter change drops the cursors), useRecordQuery over the filters (every one a field that shows
 * the contract's problems with it) and the scope, and `field(name)` binding a filter field to the
 * URL with its message.
 */
export function useRecordList<F extends Record<string, string>, T, K extends QueryKey>(
  listOptions: ListStateOptions<F>,
  { schema, query: options, scope, timeZone, pageSize }: RecordSource<T, K>,
): RecordList<T> & { field: (name: keyof F & string) => BoundFilterField } {
  const list = useListState(listOptions);
  const filters = {
    ...list.filters,
    ...(scope && { customerId: scope.customerId, accountId: scope.accountId }),
    ...(timeZone && { tz: localTimeZone() }),
  };
  const fields = useMemo(() => new Set(Object.keys(list.filters)), [list.filters]);
  const query = useRecordQuery(list.cursors, filters, schema, fields, options, pageSize);
  return {
    ...query,
    filters,
    cursors: list.cursors,
    setCursors: list.setCursors,
    field: (name) => ({ ...list.filter(name), error: query.check.fieldErrors[name] }),
  };
}

/** What a keyset list's Export button downloads: the export route, the file, and the contract's query for the export ('Export to CSV' unless labelled). */
export type RecordExport = { label?: string; path: string; fallbackName: string; noun: string; schema: z.ZodType };

/**
 * A keyset list's filter row: the fields top-aligned (a field's message below it moves no other
 * field) in FilterGroups that wrap group by group; on the right the Export button, with the same
 * filters.
 */
export function RecordFilters({
  records,
  exportAs,
  children,
}: {
  records: RecordList<unknown>;
  exportAs: RecordExport;
  children: ReactNode;
}) {
  const { filters } = records;
  return (
    <FilterBar
      actions={
        <ExportButton
          label={exportAs.label ?? 'Export to CSV'}
          url={`${exportAs.path}${toQueryString(filters)}`}
          fallbackName={exportAs.fallbackName}
          noun={exportAs.noun}
          // the list's problems are already on their fields: one message is enough
          disabled={!records.check.ok}
          check={() => exportAs.schema.safeParse(filters).error?.issues[0]?.message}
        />
      }
    >
      <Group gap="sm" align="flex-start" wrap="wrap">
        {children}
      </Group>
    </FilterBar>
  );
}

/** What a keyset list's table says: its accessible name, its empty text, and what a row is ('Page 2 · 50 records'). */
export type RecordTableTexts = { label: string; emptyText: string; noun: string };
type RecordTableProps<T> = { records: RecordList<T>; columns: Column<T>[]; texts: RecordTableTexts };

/**
 * A keyset list below its filters: the query's problem, the rows (with 'Loading data...' over them
 * while other filters load) and the page with Previous/Next.
 */
export function RecordTable<T extends KeyedRow>({ records, columns, texts: { noun, ...texts } }: RecordTableProps<T>) {
  const { check, rows, problem, data, isFetching, isPlaceholderData } = records;
  return (
    <>
      {problem && <Alert color="red">{problem}</Alert>}
      <Box pos="relative">
        <LoadingDataOverlay visible={check.ok && isFetching && isPlaceholderData} />
        <DataTable {...texts} columns={columns} rows={rows} loading={check.ok && isFetching && !data} />
      </Box>
      <KeysetPager
        cursors={records.cursors}
        setCursors={records.setCursors}
        nextCursor={data?.nextCursor}
        count={rows?.length}
        noun={noun}
        disabled={!check.ok || isFetching}
      />
    </>
  );
}

/** A tab's keyset list on its card (CDRs, messages, API requests): the filters (children) and Export, the rows, the paging. */
export function RecordListCard<T extends KeyedRow>({
  exportAs,
  children,
  ...table
}: RecordTableProps<T> & { exportAs: RecordExport; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="md">
        <RecordFilters records={table.records} exportAs={exportAs}>
          {children}
        </RecordFilters>
        <RecordTable {...table} />
      </Stack>
    </Paper>
  );
}
