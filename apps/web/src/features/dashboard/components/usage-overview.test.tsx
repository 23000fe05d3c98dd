import type { TCustomerDashboard } from '@portal/contract/dashboard';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { UsageOverview } from './usage-overview.tsx';

const days = Array.from({ length: 30 }, (_, i) => `2026-10-${String(i + 1).padStart(2, '0')}`);
const traffic = { volume: 1200, succeeded: 1150, failed: 50, cost: 12.5, daily: days.map((day) => ({ day, volume: 40 })) };
const usage: TCustomerDashboard['usage'] = { sms: traffic, voice: traffic };
const numbers: TCustomerDashboard['numbers'] = {
  active: 42,
  monthlyFees: 84.5,
  added: 3,
  released: 1,
  byType: [
    { type: 'Local (DID)', count: 30 },
    { type: 'Toll-Free', count: 12 },
  ],
  daily: days.map((day) => ({ day, held: 40, added: 0, released: 0 })),
};

describe('UsageOverview', () => {
  it("shows the numbers' real figures on the Numbers tab, not a success rate of number-days", async () => {
    renderWithProviders(<UsageOverview usage={usage} numbers={numbers} />);
    fireEvent.click(screen.getByRole('tab', { name: 'Numbers' }));
    expect(await screen.findByText('Active numbers')).toBeTruthy();
    expect(screen.getByText('42')).toBeTruthy();
    expect(screen.getByText('Added, last 30 days')).toBeTruthy();
    expect(screen.getByText('Released, last 30 days')).toBeTruthy();
    expect(screen.getByText('$84.50')).toBeTruthy();
    expect(screen.getByText('Local (DID): 30')).toBeTruthy();
    expect(screen.getByText('Toll-Free: 12')).toBeTruthy();
    expect(screen.queryByText('Success rate')).toBeNull();
    expect(screen.queryByText(/number-days/)).toBeNull();
    // The chart's code is its own chunk, loaded on first draw: allow for a slow machine.
    expect(await screen.findByRole('figure', { name: 'Numbers held per day, last 30 days' }, { timeout: 15_000 })).toBeTruthy();
  });

  it('names what succeeded per service: delivered messages, completed calls', () => {
    renderWithProviders(<UsageOverview usage={usage} numbers={numbers} />);
    expect(screen.getByText('Messages this month')).toBeTruthy();
    expect(screen.getByText('Delivered')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Voice' }));
    expect(screen.getByText('Completed')).toBeTruthy();
  });
});
