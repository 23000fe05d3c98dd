import { Alert, Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { DEFAULT_MAX_VOICE_CHANNELS, type TVoiceAccount } from '@portal/contract/voice';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { isApiError } from '../../../lib/api.ts';
import { useCan } from '../../../lib/session.ts';
import { toastError, toastSuccess } from '../../../ui/toast.ts';
import { useSetChannels } from '../api/voice.ts';

const INVALID = 'Please enter a valid number of channels';

/** The max concurrent voice channels of the account, with the Change Allocation modal (spec 2.9, 5). */
export function ChannelBanner({ account }: { account: TVoiceAccount | undefined }) {
  const canWrite = useCan('voice.write');
  const [opened, setOpened] = useState(false);
  const [value, setValue] = useState<string | number>('');
  const [error, setError] = useState<string>();
  const save = useSetChannels();

  if (!account) {
    return (
      <Alert color="blue" icon={<IconInfoCircle />} data-testid="channel-banner">
        Select an account to see and change its max concurrent voice channels.
      </Alert>
    );
  }

  function submit() {
    if (!account) return;
    const n = typeof value === 'number' ? value : Number(String(value).trim());
    if (String(value).trim() === '' || !Number.isInteger(n) || n < 1) {
      setError(INVALID);
      return;
    }
    save.mutate(
      { accountId: account.id, maxVoiceChannels: n },
      {
        onSuccess: (r) => {
          toastSuccess(`Max Voice Channels updated to ${r.maxVoiceChannels} for account ${r.name}`);
          setOpened(false);
        },
        onError: (e) => {
          if (isApiError(e) && e.fields.maxVoiceChannels) setError(e.fields.maxVoiceChannels);
          toastError(e);
        },
      },
    );
  }

  return (
    <>
      <Alert color="blue" icon={<IconInfoCircle />} data-testid="channel-banner">
        <Group justify="space-between" wrap="wrap">
          <Text size="sm">
            <b>{account.name}</b> may run up to <b>{account.maxVoiceChannels ?? DEFAULT_MAX_VOICE_CHANNELS}</b> concurrent voice channels.
          </Text>
          {canWrite && (
            <Button
              size="xs"
              variant="white"
              onClick={() => {
                setValue(account.maxVoiceChannels);
                setError(undefined);
                setOpened(true);
              }}
            >
              Change Allocation
            </Button>
          )}
        </Group>
      </Alert>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Change Allocation" centered>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Stack>
            <NumberInput
              label="Max Voice Channels"
              description={`For account ${account.name}`}
              value={value}
              onChange={(v) => {
                setValue(v);
                setError(undefined);
              }}
              allowDecimal={false}
              error={error}
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpened(false)}>
                Cancel
              </Button>
              <Button type="submit" loading={save.isPending}>
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
