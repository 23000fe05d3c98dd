import { Modal, Select, Stack, Textarea } from '@mantine/core';
import { REASON_REQUIRED } from '@portal/contract/messaging';
import { useState } from 'react';
import { FormActions } from './form-actions.tsx';

/** A rejection with its reason (and, for brands, the field at fault), which the customer or applicant is told. */
export function RejectModal({
  title,
  fields,
  pending,
  onReject,
  onClose,
}: {
  title: string;
  fields?: { value: string; label: string }[];
  pending: boolean;
  onReject: (reason: string, field: string | null) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [field, setField] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <Modal opened onClose={onClose} title={title}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!reason.trim()) {
            setError(REASON_REQUIRED);
            return;
          }
          onReject(reason.trim(), field);
        }}
      >
        <Stack gap="sm">
          {fields && (
            <Select label="Field at fault" placeholder="None in particular" clearable data={fields} value={field} onChange={setField} />
          )}
          <Textarea
            label="Reason"
            withAsterisk
            data-autofocus
            autosize
            minRows={3}
            value={reason}
            error={error}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              setError(null);
            }}
          />
          <FormActions onCancel={onClose} pending={pending} submitLabel="Reject" />
        </Stack>
      </form>
    </Modal>
  );
}
