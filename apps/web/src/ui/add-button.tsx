import { Button, type ButtonProps } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** The button that starts adding a record: a plus and the action's name ("Create Trunk", "Add User"). */
export function AddButton({
  children,
  onClick,
  ...props
}: Omit<ButtonProps, 'leftSection'> & { children: ReactNode; onClick: () => void }) {
  return (
    <Button leftSection={<IconPlus size={16} />} onClick={onClick} {...props}>
      {children}
    </Button>
  );
}
