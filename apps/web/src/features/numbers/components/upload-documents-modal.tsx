import { Button, FileInput, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { PORTING_DOCUMENT_KINDS, PORTING_DOCUMENT_MAX_BYTES, PORTING_DOCUMENT_TYPES } from '@portal/contract/numbers';
import { IconUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../../lib/api.ts';
import { toastError, toastSuccess } from '../../../ui/toast.ts';
import { portingDetailQuery, useUploadPortingDocument } from '../api/numbers.ts';
import { DocumentList } from './porting-detail-modal.tsx';

/** Upload Documents: LOA and bill copies (PDF, PNG or JPEG, at most 10 MB), stored by the server. */
export function UploadDocumentsModal({ requestId, onClose }: { requestId: string | null; onClose: () => void }) {
  const { data } = useQuery({ ...portingDetailQuery(requestId ?? ''), enabled: Boolean(requestId) });
  const [kind, setKind] = useState<string>('LOA');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string>();
  const upload = useUploadPortingDocument(requestId ?? '');

  function submit() {
    if (!file) return setError('Choose a file to upload');
    if (!(PORTING_DOCUMENT_TYPES as readonly string[]).includes(file.type)) return setError('Only PDF, PNG or JPEG files can be uploaded');
    if (file.size > PORTING_DOCUMENT_MAX_BYTES) return setError('The file is larger than 10 MB');
    upload.mutate(
      { file, kind },
      {
        onSuccess: () => {
          toastSuccess(`${file.name} uploaded`);
          setFile(null);
        },
        onError: (e) => {
          setError(isApiError(e) ? (e.fields.file ?? e.fields.kind ?? e.message) : undefined);
          toastError(e);
        },
      },
    );
  }

  return (
    <Modal
      opened={Boolean(requestId)}
      onClose={onClose}
      title={data ? `Upload Documents — ${data.requestCode}` : 'Upload Documents'}
      size="lg"
      centered
    >
      <Stack>
        <Text size="sm" c="dimmed">
          Upload the Letter of Authorization (LOA) and a recent bill copy for {data?.number ?? 'this number'}. PDF, PNG or JPEG, up to 10
          MB.
        </Text>
        <Group align="flex-end">
          <Select
            label="Document type"
            w={160}
            data={[...PORTING_DOCUMENT_KINDS]}
            value={kind}
            onChange={(v) => setKind(v ?? 'LOA')}
            allowDeselect={false}
          />
          <FileInput
            label="File"
            placeholder="Choose a file"
            accept={PORTING_DOCUMENT_TYPES.join(',')}
            value={file}
            onChange={(f) => {
              setFile(f);
              setError(undefined);
            }}
            error={error}
            clearable
            style={{ flex: 1 }}
          />
          <Button leftSection={<IconUpload size={16} />} onClick={submit} loading={upload.isPending}>
            Upload
          </Button>
        </Group>
        <Text fw={600} size="sm">
          Uploaded documents
        </Text>
        {data && <DocumentList requestId={data.id} documents={data.documents} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
