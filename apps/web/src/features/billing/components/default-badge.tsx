import { Badge } from '@mantine/core';

/** 'Default' (the default payment method, the default rate deck); never cut when its column is squeezed. */
export function DefaultBadge() {
  return (
    <Badge
      size="sm"
      variant="filled"
      color="blue"
      radius="sm"
      tt="none"
      maw="none"
      styles={{ label: { overflow: 'visible', textOverflow: 'clip' } }}
    >
      Default
    </Badge>
  );
}
