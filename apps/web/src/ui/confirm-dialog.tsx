import { Button, Group, Modal, Text } from '@mantine/core';
import { type ReactNode, useCallback, useRef, useState } from 'react';

export type ConfirmOptions = {
  /** The spec's question, e.g. 'Delete this customer? This is permanent.' */
  message: string;
  title?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Red confirm button for destructive actions (the default). */
  danger?: boolean;
};

/**
 * A promise-style confirmation: `const { confirm, dialog } = useConfirm();` render `{dialog}` once,
 * then `if (await confirm({ message: '...' })) doIt();`. Resolves false on cancel or close.
 */
export function useConfirm(): { confirm: (options: ConfirmOptions) => Promise<boolean>; dialog: ReactNode } {
  const [options, setOptions] = useState<ConfirmOptions | null>(null);
  const resolver = useRef<((ok: boolean) => void) | null>(null);

  const settle = useCallback((ok: boolean) => {
    resolver.current?.(ok);
    resolver.current = null;
    setOptions(null);
  }, []);

  const confirm = useCallback((next: ConfirmOptions) => {
    resolver.current?.(false);
    setOptions(next);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const dialog = (
    <ConfirmDialog
      opened={options !== null}
      title={options?.title ?? 'Please confirm'}
      message={options?.message ?? ''}
      confirmLabel={options?.confirmLabel ?? 'Delete'}
      cancelLabel={options?.cancelLabel ?? 'Cancel'}
      danger={options?.danger ?? true}
      onConfirm={() => settle(true)}
      onCancel={() => settle(false)}
    />
  );
  return { confirm, dialog };
}

/** The dialog itself, for callers that keep their own state (the unsaved-changes guard). */
export function ConfirmDialog(props: {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal opened={props.opened} onClose={props.onCancel} title={props.title} centered size="sm">
      <Text size="sm">{props.message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={props.onCancel}>
          {props.cancelLabel}
        </Button>
        <Button color={props.danger ? 'red' : undefined} onClick={props.onConfirm} data-autofocus>
          {props.confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
