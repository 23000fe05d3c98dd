import { Button, FileInput, Group, Modal, Select, Stack, Text } from '@mantine/core';
import {
  PORTING_DOCUMENT_KINDS,
  PORTING_DOCUMENT_TYPES,
  ZPortingDocumentFile,
  ZUploadPortingDocumentQuery,
} from '@portal/contract/numbers';
import { IconUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { showFormError, useSchemaForm } from '../../../ui/form.ts';
import { SchemaForm } from '../../../ui/schema-form.tsx';
import { toastSuccess } from '../../../ui/toast.ts';
import { portingDetailQuery, useUploadPortingDocument } from '../api/numbers.ts';
import { DocumentList } from './porting-detail-modal.tsx';

/** The upload's checks are the server's: the document kind and the file's type and size. */
const ZUpload = z.object({ kind: ZUploadPortingDocumentQuery.shape.kind, file: ZPortingDocumentFile });

/** Upload Documents: LOA and bill copies (PDF, PNG or JPEG, at most 10 MB), stored by the server. */
export function UploadDocumentsModal({ requestId, onClose }: { requestId: string | null; onClose: () => void }) {
  const { data } = useQuery({ ...portingDetailQuery(requestId ?? ''), enabled: Boolean(requestId) });
  const form = useSchemaForm(ZUpload, { kind: 'LOA', file: null as File | null });
  const upload = useUploadPortingDocument(requestId ?? '');

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
        <SchemaForm
          form={form}
          onSubmit={({ kind, file }) => {
            if (!file) return;
            upload.mutate(
              { file, kind },
              {
                onSuccess: () => {
                  toastSuccess(`${file.name} uploaded`);
                  form.setFieldValue('file', null);
                },
                onError: (e) => showFormError(form, e),
              },
            );
          }}
        >
          <Group align="flex-start">
            <Select
              label="Document type"
              w={160}
              data={[...PORTING_DOCUMENT_KINDS]}
              allowDeselect={false}
              {...form.getInputProps('kind')}
            />
            <FileInput
              label="File"
              placeholder="Choose a file"
              accept={PORTING_DOCUMENT_TYPES.join(',')}
              clearable
              style={{ flex: 1 }}
              {...form.getInputProps('file')}
            />
            <Button type="submit" mt={25} leftSection={<IconUpload size={16} />} loading={upload.isPending}>
              Upload
            </Button>
          </Group>
        </SchemaForm>
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
