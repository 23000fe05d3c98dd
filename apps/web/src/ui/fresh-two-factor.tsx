import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { isTwoFactorCode, TWO_FACTOR_CODE_INVALID, TWO_FACTOR_FRESH_CODE } from '@portal/contract/auth';
import { type FormEvent, type ReactNode, useCallback, useRef, useState } from 'react';
import { isApiError } from '../lib/api.ts';

/** The user closed the code dialog: nothing was sent with a code, nothing to report. */
export class FreshCodeCancelled extends Error {
  override readonly name = 'FreshCodeCancelled';
  constructor() {
    super('Two-factor code not given');
  }
}
export const isFreshCodeCancelled = (error: unknown): error is FreshCodeCancelled => error instanceof FreshCodeCancelled;

type Ask = { resolve: (code: string | null) => void };

/**
 * A fresh two-factor code before a sensitive change (creating an API key, changing payment methods):
 * the server answers 403 TWO_FACTOR_REQUIRED when the person acting has two-factor sign-in on and sent
 * no code, or a wrong one. Render `modal` once, and send the request through `run`:
 *
 *   const fresh = useFreshTwoFactor();
 *   const created = await fresh.run((twoFactorCode) => create.mutateAsync({ ...values, twoFactorCode }));
 *
 * `run` sends once without a code; when one is asked it opens the dialog, sends again with the code
 * typed, keeps the dialog open with the message on a wrong code, and rejects with FreshCodeCancelled
 * (`isFreshCodeCancelled`) when the user cancels. Any other failure rejects as it came.
 */
export function useFreshTwoFactor(): { run: <T>(send: (twoFactorCode?: string) => Promise<T>) => Promise<T>; modal: ReactNode } {
  const [opened, setOpened] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const ask = useRef<Ask | null>(null);

  const askCode = useCallback(
    () =>
      new Promise<string | null>((resolve) => {
        ask.current = { resolve };
        setPending(false);
        setOpened(true);
      }),
    [],
  );

  const close = useCallback(() => {
    setOpened(false);
    setPending(false);
    setCode('');
    setError(null);
  }, []);

  const run = useCallback(
    async <T,>(send: (twoFactorCode?: string) => Promise<T>): Promise<T> => {
      try {
        return await send(undefined);
      } catch (e) {
        if (!isApiError(e, 'TWO_FACTOR_REQUIRED')) throw e;
      }
      for (;;) {
        const typed = await askCode();
        if (typed === null) {
          close();
          throw new FreshCodeCancelled();
        }
        try {
          const result = await send(typed);
          close();
          return result;
        } catch (e) {
          if (!isApiError(e, 'TWO_FACTOR_REQUIRED')) {
            close();
            throw e;
          }
          setPending(false);
          setCode('');
          setError(e.fields.twoFactorCode ?? e.message);
        }
      }
    },
    [askCode, close],
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = code.trim();
    if (!isTwoFactorCode(value)) return setError(TWO_FACTOR_CODE_INVALID);
    setPending(true);
    ask.current?.resolve(value);
  };
  const cancel = () => {
    ask.current?.resolve(null);
    ask.current = null;
  };

  const modal = (
    <Modal opened={opened} onClose={cancel} title="Confirm It Is You" centered size="sm">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{TWO_FACTOR_FRESH_CODE}</Text>
          <TextInput
            label="Verification code"
            placeholder="123456"
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            data-autofocus
            value={code}
            error={error}
            onChange={(e) => {
              setCode(e.currentTarget.value);
              setError(null);
            }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={cancel}>
              Cancel
            </Button>
            <Button type="submit" loading={pending}>
              Continue
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
  return { run, modal };
}
