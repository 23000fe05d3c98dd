import { ActionIcon, type MantineColor, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * One icon button in a table row's Actions: the tooltip shows the verb, screen readers hear the
 * verb and the record ("Delete Acme Communications Inc.").
 */
export function RowAction({
  label,
  name,
  icon,
  color,
  onClick,
}: {
  label: string;
  name: string;
  icon: ReactNode;
  color?: MantineColor;
  onClick: () => void;
}) {
  return (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" color={color} aria-label={`${label} ${name}`} onClick={onClick}>
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}
