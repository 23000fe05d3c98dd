import { Text } from '@mantine/core';

/**
 * A long identifier (message ids, keys) as the spec shows keys: the first 8 characters, an
 * ellipsis, the last 4, so a table keeps its columns; the whole id is the tooltip and what screen
 * readers hear.
 */
export function ShortId({ value, head = 8, tail = 4 }: { value: string; head?: number; tail?: number }) {
  const short = value.length > head + tail + 1 ? `${value.slice(0, head)}…${value.slice(-tail)}` : value;
  return (
    <Text span inherit title={value} aria-label={value} style={{ whiteSpace: 'nowrap' }}>
      {short}
    </Text>
  );
}
