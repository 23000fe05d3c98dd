import { Group, Select, type SelectProps, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * A Select's options from a list of values, each labelled by `label` (the value itself unless
 * given); with `all`, first an option '' that filters nothing ('All statuses').
 */
export function optionsOf(
  values: readonly string[],
  { all, label = (value) => value }: { all?: string; label?: (value: string) => string } = {},
): { value: string; label: string }[] {
  const options = values.map((value) => ({ value, label: label(value) }));
  return all === undefined ? options : [{ value: '', label: all }, ...options];
}

/** The row above a list: filters on the left, actions (Add, Export) on the right; wraps on small screens. */
export function FilterBar({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
      {/* The filters keep their row; when the actions do not fit beside them they move below, on the right. */}
      <Group gap="sm" align="flex-end" wrap="wrap" style={{ flex: '1 1 auto' }}>
        {children}
      </Group>
      {actions && (
        <Group gap="sm" style={{ marginLeft: 'auto' }}>
          {actions}
        </Group>
      )}
    </Group>
  );
}

/**
 * A search box that reports its value after the user pauses typing (so the URL and the server
 * are not asked on every key), and follows outside changes (Back, a reset).
 */
export function SearchFilter({
  value,
  onChange,
  placeholder = 'Search...',
  label,
  w = 280,
}: {
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  label?: string;
  w?: number;
}) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const report = useDebouncedCallback(onChange, 300);
  // A pending report after the page is gone would navigate back to it.
  const cancel = useRef(report.cancel);
  cancel.current = report.cancel;
  useEffect(() => () => cancel.current(), []);
  return (
    <TextInput
      label={label}
      aria-label={label ? undefined : placeholder}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} />}
      value={text}
      w={w}
      onChange={(e) => {
        setText(e.currentTarget.value);
        report(e.currentTarget.value);
      }}
    />
  );
}

/**
 * A list filter chosen from options: always has a value ('' = the "All" option), so it cannot be
 * cleared into nothing; reports the chosen value as a string.
 */
export function SelectFilter({
  onChange,
  ...props
}: Omit<SelectProps, 'onChange' | 'allowDeselect' | 'value'> & { value: string; onChange: (value: string) => void }) {
  return <Select {...props} allowDeselect={false} onChange={(v) => onChange(v ?? '')} />;
}
