import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { TemplateModal } from './template-modal.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The account's prices; anything else (the session, a save) is refused. Records the requests. */
function stubServer() {
  const calls: { url: string; method: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url: String(url), method: init?.method ?? 'GET' });
      if (String(url).includes('/api/messaging/prices')) return json(200, { smsSegmentPrice: 0.01, mmsMessagePrice: 0.03 });
      return json(401, { error: { code: 'UNAUTHENTICATED', message: 'Sign in' } });
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

// Mantine renders slowly in jsdom on a busy machine.
describe('TemplateModal', { timeout: 20_000 }, () => {
  it('counts segments and cost as the message is typed, and sends nothing the contract refuses', async () => {
    const calls = stubServer();
    renderWithProviders(
      <TemplateModal
        opened
        onClose={() => {}}
        template={null}
        customerId="00000000-0000-4000-8000-0000000000bb"
        accountId="00000000-0000-4000-8000-0000000000cc"
      />,
      { path: '/customer/messaging' },
    );
    const message = await screen.findByRole('textbox', { name: /Message/ });
    fireEvent.change(message, { target: { value: 'a'.repeat(161) } });
    expect(await screen.findByText('2 segments')).toBeTruthy();
    expect(await screen.findByText(/Cost: \$0\.02/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Create Template' }));
    expect(await screen.findByText('Template name is required')).toBeTruthy();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });
});
