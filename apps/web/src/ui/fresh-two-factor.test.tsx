import { Button } from '@mantine/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api.ts';
import { renderWithProviders } from '../test/render.tsx';
import { isFreshCodeCancelled, useFreshTwoFactor } from './fresh-two-factor.tsx';

const required = (fields?: Record<string, string>) =>
  new ApiError(403, 'TWO_FACTOR_REQUIRED', 'Enter the 6-digit code from your authenticator app to continue.', fields);

function Harness({ send }: { send: (code?: string) => Promise<string> }) {
  const fresh = useFreshTwoFactor();
  const [outcome, setOutcome] = useState('');
  return (
    <>
      <Button
        onClick={() =>
          fresh.run(send).then(
            (r) => setOutcome(`done ${r}`),
            (e) => setOutcome(isFreshCodeCancelled(e) ? 'cancelled' : `failed ${(e as Error).message}`),
          )
        }
      >
        Go
      </Button>
      <output>{outcome}</output>
      {fresh.modal}
    </>
  );
}

const go = () => fireEvent.click(screen.getByRole('button', { name: 'Go' }));
const typeCode = (value: string) => fireEvent.change(screen.getByLabelText('Verification code'), { target: { value } });
const cont = () => fireEvent.click(screen.getByRole('button', { name: 'Continue' }));

describe('useFreshTwoFactor', () => {
  it('sends without a code first, and asks none when the server does not', async () => {
    const send = vi.fn(async () => 'key');
    renderWithProviders(<Harness send={send} />);
    go();
    expect(await screen.findByText('done key')).toBeTruthy();
    expect(send).toHaveBeenCalledWith(undefined);
    expect(screen.queryByLabelText('Verification code')).toBeNull();
  });

  it('asks the code when required, checks it is 6 digits, shows a wrong one and sends again', async () => {
    const send = vi
      .fn<(code?: string) => Promise<string>>()
      .mockRejectedValueOnce(required())
      .mockRejectedValueOnce(required({ twoFactorCode: 'The code is incorrect or has already been used.' }))
      .mockResolvedValueOnce('key');
    renderWithProviders(<Harness send={send} />);
    go();
    await screen.findByLabelText('Verification code');
    typeCode('12ab');
    cont();
    expect(await screen.findByText('Please enter a valid 6-digit verification code')).toBeTruthy();
    typeCode('111111');
    cont();
    expect(await screen.findByText('The code is incorrect or has already been used.')).toBeTruthy();
    typeCode('222222');
    cont();
    expect(await screen.findByText('done key')).toBeTruthy();
    expect(send.mock.calls.map((c) => c[0])).toEqual([undefined, '111111', '222222']);
  });

  it('rejects as cancelled when the dialog is closed, and passes other failures on', async () => {
    const send = vi.fn<(code?: string) => Promise<string>>().mockRejectedValueOnce(required());
    renderWithProviders(<Harness send={send} />);
    go();
    await screen.findByLabelText('Verification code');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('cancelled')).toBeTruthy();

    send.mockRejectedValueOnce(new ApiError(400, 'VALIDATION_FAILED', 'Please correct the highlighted fields.'));
    go();
    await waitFor(() => expect(screen.getByText('failed Please correct the highlighted fields.')).toBeTruthy());
  });
});
