import { Text, type TextProps } from '@mantine/core';
import { formatUsd } from '../lib/format.ts';

/** A USD amount ($1,234.56; 'N/A' when missing), with tabular figures so columns line up. */
export function MoneyText({ value, ...props }: { value: number | string | null | undefined } & TextProps) {
  return (
    <Text span inherit style={{ fontVariantNumeric: 'tabular-nums' }} {...props}>
      {formatUsd(value)}
    </Text>
  );
}
