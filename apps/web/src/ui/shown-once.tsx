import { Alert, Button, Code, CopyButton, Group, Modal, Stack } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** A secret shown once (an API key, a webhook signing secret): the warning, the value and a copy button. */
export function ShownOnceModal({
  title,
  warning,
  value,
  testId,
  children,
  onClose,
}: {
  title: string;
  warning: string;
  value: string;
  testId: string;
  children?: ReactNode;
  onClose: () => void;
}) {
  return (
    <Modal opened onClose={onClose} title={title} size="lg" closeOnClickOutside={false}>
      <Stack gap="sm">
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />}>
          {warning}
        </Alert>
        {children}
        <Group gap="xs" wrap="nowrap">
          <Code block style={{ flex: 1, wordBreak: 'break-all' }} data-testid={testId}>
            {value}
          </Code>
          <CopyButton value={value}>
            {({ copied, copy }) => (
              <Button
                variant={copied ? 'light' : 'filled'}
                color={copied ? 'green' : undefined}
                leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                onClick={copy}
              >
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Done
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
