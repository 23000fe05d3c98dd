import { Alert, Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { DEFAULT_MAX_VOICE_CHANNELS, MAX_VOICE_CHANNELS_LIMIT, type TVoiceAccount, ZChannelAllocationBody } from '@portal/contract/voice';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useCan } from '../../../lib/session.ts';
import { showFormError, useSchemaForm } from '../../../ui/form.ts';
import { FormActions } from '../../../ui/form-actions.tsx';
import { SchemaForm } from '../../../ui/schema-form.tsx';
import { toastSuccess } from '../../../ui/toast.ts';
import { useSetChannels } from '../api/voice.ts';

/** The max concurrent voice channels of the account, with the Change Allocation modal (spec 2.9, 5). */
export function ChannelBanner({ account }: { account: TVoiceAccount | undefined }) {
  const canWrite = useCan('voice.write');
  const [opened, setOpened] = useState(false);
  const form = useSchemaForm(ZChannelAllocationBody, { maxVoiceChannels: '' as string | number });
  const save = useSetChannels();

  if (!account) {
    return (
      <Alert color="blue" icon={<IconInfoCircle size={18} />} py={8} data-testid="channel-banner">
        Select an account to see and change its max concurrent voice channels.
      </Alert>
    );
  }

  return (
    <>
      <Alert color="blue" icon={<IconInfoCircle size={18} />} py={8} data-testid="channel-banner">
        <Group justify="space-between" wrap="wrap">
          <Text size="sm">
            <b>{account.name}</b> may run up to <b>{account.maxVoiceChannels ?? DEFAULT_MAX_VOICE_CHANNELS}</b> concurrent voice channels.
          </Text>
          {canWrite && (
            <Button
              size="xs"
              variant="white"
              onClick={() => {
                form.setInitialValues({ maxVoiceChannels: account.maxVoiceChannels });
                form.reset();
                setOpened(true);
              }}
            >
              Change Allocation
            </Button>
          )}
        </Group>
      </Alert>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Change Allocation" centered>
        <SchemaForm
          form={form}
          onSubmit={(values) =>
            save.mutate(
              { accountId: account.id, maxVoiceChannels: ZChannelAllocationBody.parse(values).maxVoiceChannels },
              {
                onSuccess: (r) => {
                  toastSuccess(`Max Voice Channels updated to ${r.maxVoiceChannels} for account ${r.name}`);
                  setOpened(false);
                },
                onError: (e) => showFormError(form, e),
              },
            )
          }
        >
          <Stack>
            <NumberInput
              label="Max Voice Channels"
              description={`For account ${account.name}: a whole number from 1 to ${MAX_VOICE_CHANNELS_LIMIT.toLocaleString('en-US')}`}
              data-autofocus
              {...form.getInputProps('maxVoiceChannels')}
            />
            <FormActions onCancel={() => setOpened(false)} pending={save.isPending} />
          </Stack>
        </SchemaForm>
      </Modal>
    </>
  );
}
