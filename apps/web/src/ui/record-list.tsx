import '@mantine/dates/styles.css';
import { Button, Group, LoadingOverlay, Text, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { z } from 'zod';

/**
 * The pieces of a big record list (CDRs, messages, the API request log): keyset cursors in the
 * URL, filters checked against the contract's query before anything is sent, each problem shown
 * once on its field, Previous/Next paging.
 */

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A labelled filter field bound with list.filter(name), with the contract's message for it. */
export type FilterFieldProps = { label: string; value: string; onChange: (v: string) => void; error?: string | undefined };

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

/** Reloading a list for other filters shows 'Loading data...' over it (spec 2.9). */
export function LoadingDataOverlay({ visible }: { visible: boolean }) {
  return <LoadingOverlay visible={visible} loaderProps={{ children: <Text fw={500}>Loading data...</Text> }} />;
}

/**
 * Checks a keyset list's query against the contract: a query it refuses is not sent, and each
 * problem lands once on its field (`fields` names the filters shown as fields) or, failing that,
 * in `problem`.
 */
export function checkRecordQuery(schema: z.ZodType, query: Record<string, unknown>, fields: Set<string>) {
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
export function KeysetPager({
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
export function useRecordQuery<T, K extends QueryKey>(
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
