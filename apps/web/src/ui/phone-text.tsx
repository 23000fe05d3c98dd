import { Text, type TextProps } from '@mantine/core';
import { formatPhone } from '@portal/contract/phone';

/**
 * A phone number shown one way everywhere: (212) 555-0123 for North American numbers, +44 20 7123 4567
 * for others, in tabular figures and never wrapped; the stored E.164 form is the tooltip.
 */
export function PhoneText({ value, ...props }: { value: string | null | undefined } & TextProps) {
  if (!value) return <>—</>;
  return (
    <Text span inherit title={value} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }} {...props}>
      {formatPhone(value)}
    </Text>
  );
}
