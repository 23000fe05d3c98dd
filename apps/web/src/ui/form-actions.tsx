import { Button, Group, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';

type Props = {
  onCancel: () => void;
  /** The submit button's verb, as the spec writes it ("Save", "Create Account", "Move"). */
  submitLabel?: ReactNode;
  /** The request runs: the submit button shows it and takes no second click. */
  pending?: boolean;
  disabled?: boolean;
  mt?: MantineSpacing;
};

/** The end of every form and form dialog: Cancel, then the submit button, on the right. */
export function FormActions({ onCancel, submitLabel = 'Save', pending = false, disabled = false, mt }: Props) {
  return (
    <Group justify="flex-end" mt={mt}>
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" loading={pending} disabled={disabled}>
        {submitLabel}
      </Button>
    </Group>
  );
}
