import { Badge, Group, Text } from '@mantine/core';
import { messageCost, messageSegments, type TMessageType, type TMessagingPrices, templateVariables } from '@portal/contract/messaging';
import { useMemo } from 'react';

/** Sub-cent prices as they are billed: $0.0075, $0.02. */
const price = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 4 });

/**
 * What a message body costs, live as it is typed: its characters (as the networks count them), the
 * encoding and the characters that forced UCS-2, the segments and their size, the cost at the
 * account's prices, and the template's {{variables}}. MMS is billed per message.
 */
export function SegmentCounter({
  body,
  type,
  prices,
}: {
  body: string;
  type: TMessageType;
  /** The account's prices; the cost is left out while they load. */
  prices?: TMessagingPrices | undefined;
}) {
  // what is saved is the trimmed body (the contract trims it)
  const text = body.trim();
  const info = useMemo(() => messageSegments(text), [text]);
  const variables = useMemo(() => templateVariables(text), [text]);
  // each character once, in the order they first appear
  const nonGsm = [...new Set(info.nonGsm)];
  const sms = type === 'SMS';

  return (
    <Group gap="xs" wrap="wrap" aria-live="polite" data-testid="segment-counter">
      <Text size="xs" c="dimmed">
        {info.characters.toLocaleString('en-US')} {info.characters === 1 ? 'character' : 'characters'}
      </Text>
      {sms ? (
        <>
          <Badge size="sm" variant="light" radius="sm" tt="none" color={info.encoding === 'UCS-2' ? 'orange' : 'gray'}>
            {info.encoding}
          </Badge>
          <Text size="xs" fw={500}>
            {info.segments === 1 ? '1 segment' : `${info.segments} segments`}
          </Text>
          <Text size="xs" c="dimmed">
            ({info.perSegment} characters a segment)
          </Text>
        </>
      ) : (
        <Badge size="sm" variant="light" radius="sm" tt="none" color="blue">
          MMS: billed per message
        </Badge>
      )}
      {prices && (
        <Text size="xs">
          Cost: {price.format(messageCost(type, info.segments, prices))}
          <Text span size="xs" c="dimmed">
            {sms ? ` (${price.format(prices.smsSegmentPrice)} a segment)` : ` (${price.format(prices.mmsMessagePrice)} a message)`}
          </Text>
        </Text>
      )}
      {sms && info.encoding === 'UCS-2' && nonGsm.length > 0 && (
        <Text size="xs" c="red.9">
          UCS-2 because of: {nonGsm.join(', ')}
        </Text>
      )}
      {variables.length > 0 && (
        <Text size="xs" c="dimmed">
          Variables: {variables.join(', ')}
        </Text>
      )}
    </Group>
  );
}
