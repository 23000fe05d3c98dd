import { Button, Group, Paper, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { ZNoteBody } from '@portal/contract/customers';
import { useQuery } from '@tanstack/react-query';
import { useCan } from '../../../lib/session.ts';
import { ActivityLog } from '../../../ui/activity-log.tsx';
import { DateText } from '../../../ui/date-text.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { showFormError, useSchemaForm } from '../../../ui/form.ts';
import { SchemaForm } from '../../../ui/schema-form.tsx';
import { toastSuccess } from '../../../ui/toast.ts';
import { customerActivityQuery, customerNotesQuery, useAddNote } from '../api/customers.ts';

/** Spec 2.6 Notes tab: staff notes that can be added, and the customer's activity log from the audit trail. */
export function NotesTab({ customerId }: { customerId: string }) {
  const notes = useQuery(customerNotesQuery(customerId));
  const activity = useQuery(customerActivityQuery(customerId));
  const canWrite = useCan('customers.write');
  const add = useAddNote(customerId);
  const form = useSchemaForm(ZNoteBody, { body: '' });

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Title order={3} size="h4">
            Notes
          </Title>
          {canWrite && (
            <SchemaForm
              form={form}
              onSubmit={(v) =>
                add.mutate(v.body, {
                  onSuccess: () => {
                    toastSuccess('Note added');
                    form.reset();
                  },
                  onError: (e) => showFormError(form, e),
                })
              }
            >
              <Stack gap="xs">
                <Textarea label="New note" autosize minRows={2} {...form.getInputProps('body')} />
                <Group justify="flex-end">
                  <Button type="submit" size="xs" loading={add.isPending}>
                    Add Note
                  </Button>
                </Group>
              </Stack>
            </SchemaForm>
          )}
          {notes.data?.length === 0 && <EmptyState text="No notes yet" />}
          {notes.data?.map((n) => (
            <Paper key={n.id} bg="gray.0" p="sm" radius="sm">
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {n.body}
              </Text>
              <Text size="xs" c="dimmed" mt={4}>
                {n.authorName ?? 'System'} · <DateText value={n.createdAt} format="datetime" />
              </Text>
            </Paper>
          ))}
        </Stack>
      </Paper>
      <ActivityLog entries={activity.data} />
    </SimpleGrid>
  );
}
