import { Text, type TextProps } from '@mantine/core';
import { formatUsd } from '../lib/format.ts';

/**
 * A USD amount ($1,234.56; 'N/A' when missing), with tabular figures so columns line up; a `rate`
 * (unit price, price a minute) keeps up to four decimals ($0.0085).
 */
export function MoneyText({ value, rate = false, ...props }: { value: number | string | null | undefined; rate?: boolean } & TextProps) {
  return (
    <Text span inherit style={{ fontVariantNumeric: 'tabular-nums' }} {...props}>
      {formatUsd(value, { rate })}
    </Text>
  );
}
