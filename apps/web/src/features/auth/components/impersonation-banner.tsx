import { Button, Group, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useExitImpersonation } from '../api/impersonation.ts';
import classes from './impersonation-banner.module.css';

/** Shown while staff view the customer portal as a customer's admin. */
export function ImpersonationBanner({ customerName }: { customerName: string }) {
  const exit = useExitImpersonation();
  return (
    <Group className={classes.banner} justify="center" gap="xs" px="md" wrap="nowrap" role="status">
      <IconEye size={17} stroke={1.8} />
      <Text size="sm" fw={500} truncate>
        Viewing as {customerName} —
      </Text>
      <Button size="compact-sm" color="dark" variant="filled" loading={exit.isPending} onClick={() => exit.mutate()}>
        Exit
      </Button>
    </Group>
  );
}
