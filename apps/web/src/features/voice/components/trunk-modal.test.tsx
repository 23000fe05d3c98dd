import type { TTrunk } from '@portal/contract/voice';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { TrunkModal } from './trunk-modal.tsx';

const TRUNK: TTrunk = {
  id: '00000000-0000-4000-8000-0000000000aa',
  trunkName: 'Main SIP',
  routeStrategy: 'Round Robin',
  status: 'Active',
  primaryGroup: [{ ip: '203.0.113.10', name: 'PBX' }],
  failoverGroup: [],
  customerId: '00000000-0000-4000-8000-0000000000bb',
  accountId: '00000000-0000-4000-8000-0000000000cc',
  accountName: 'Main Office',
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('TrunkModal (schema form on the contract)', () => {
  it("shows the contract's IP rules inline, next to the row, and sends nothing", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<TrunkModal opened onClose={() => {}} trunk={TRUNK} />);
    const failover = await screen.findByTestId('failoverGroup-editor');
    fireEvent.click(within(failover).getByRole('button', { name: 'Add IP' }));
    const ip = within(failover).getByRole('textbox', { name: 'Failover Group IP 1' });
    fireEvent.change(ip, { target: { value: '300.1.1.1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(failover).findByText('Enter a valid IPv4 or IPv6 address')).toBeTruthy();
    expect(ip.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(ip, { target: { value: '203.0.113.10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(failover).findByText('This IP address is already in the primary group')).toBeTruthy();

    const name = screen.getByRole('textbox', { name: 'Trunk Name' });
    fireEvent.change(name, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Trunk name is required')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    // inline errors only: the form turns the browser's own validation off
    expect(name.closest('form')?.noValidate).toBe(true);
  }, 20_000);
});
