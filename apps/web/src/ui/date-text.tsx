import { Text, type TextProps } from '@mantine/core';
import { formatDate, formatDateTime, formatRelativeTime } from '../lib/format.ts';

type DateValue = string | number | Date | null | undefined;

/**
 * A date as MM/DD/YYYY (or with time, stacked over its time, or relative: 'Just now', 'N hours ago', 'Yesterday'...);
 * 'N/A' when missing and 'Invalid Date' when unreadable (spec section 8). The full time is the tooltip.
 */
export function DateText({
  value,
  format = 'date',
  ...props
}: { value: DateValue; format?: 'date' | 'datetime' | 'relative' | 'stacked' } & TextProps) {
  if (format === 'stacked') {
    // the day over its time, for narrow columns of record lists
    const [dayPart, ...time] = formatDateTime(value).split(' ');
    return (
      <Text span inherit {...props} style={{ display: 'inline-block', lineHeight: 1.25 }}>
        {dayPart}
        {time.length > 0 && (
          <Text span size="xs" c="dimmed" display="block">
            {time.join(' ')}
          </Text>
        )}
      </Text>
    );
  }
  const text = format === 'relative' ? formatRelativeTime(value) : format === 'datetime' ? formatDateTime(value) : formatDate(value);
  const title = format === 'datetime' ? undefined : formatDateTime(value);
  return (
    <Text span inherit title={title} {...props}>
      {text}
    </Text>
  );
}
