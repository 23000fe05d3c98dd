import { Text, type TextProps } from '@mantine/core';
import { formatDate, formatDateTime, formatRelativeTime } from '../lib/format.ts';

type DateValue = string | number | Date | null | undefined;

/**
 * A date as MM/DD/YYYY (or with time, or relative: 'Just now', 'N hours ago', 'Yesterday'...);
 * 'N/A' when missing and 'Invalid Date' when unreadable (spec section 8). The full time is the tooltip.
 */
export function DateText({
  value,
  format = 'date',
  ...props
}: { value: DateValue; format?: 'date' | 'datetime' | 'relative' } & TextProps) {
  const text = format === 'relative' ? formatRelativeTime(value) : format === 'datetime' ? formatDateTime(value) : formatDate(value);
  const title = format === 'datetime' ? undefined : formatDateTime(value);
  return (
    <Text span inherit title={title} {...props}>
      {text}
    </Text>
  );
}
