import type { TCustomerDashboard } from '@portal/contract/dashboard';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { ServiceShares } from './service-shares.tsx';

const month: TCustomerDashboard['month'] = { startDate: '2026-10-01', endDate: '2026-10-15', timeZone: 'America/New_York' };
const shares: TCustomerDashboard['serviceShares'] = [
  { service: 'SMS', amount: 350, percent: 35 },
  { service: 'Voice', amount: 250, percent: 25 },
  { service: 'Numbers', amount: 150, percent: 15 },
  { service: 'Other', amount: 250.5, percent: 25 },
];

describe('ServiceShares', () => {
  it("shows each service's percent and amount for this month, in the user's zone", () => {
    renderWithProviders(<ServiceShares shares={shares} month={month} />);
    expect(screen.getByRole('region', { name: 'Service Shares' })).toBeTruthy();
    expect(screen.getByText('This month, 10/01/2026 – 10/15/2026 (America/New_York)')).toBeTruthy();
    const rows = within(screen.getByRole('list', { name: 'Service Shares' })).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual(['SMS$350.00 35%', 'Voice$250.00 25%', 'Numbers$150.00 15%', 'Other$250.50 25%']);
    expect(screen.getByText('$1,000.50')).toBeTruthy();
    expect(screen.queryByText('No usage this month')).toBeNull();
  });

  it('says so when nothing was spent this month', () => {
    renderWithProviders(<ServiceShares shares={shares.map((s) => ({ ...s, amount: 0, percent: 0 }))} month={month} />);
    expect(screen.getByText('No usage this month')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Service Shares' })).toBeNull();
  });

  it('keeps one decimal of a share', () => {
    renderWithProviders(
      <ServiceShares
        shares={[
          { service: 'SMS', amount: 1, percent: 33.3 },
          { service: 'Voice', amount: 1, percent: 33.3 },
          { service: 'Numbers', amount: 1, percent: 33.4 },
          { service: 'Other', amount: 0, percent: 0 },
        ]}
        month={month}
      />,
    );
    expect(screen.getByText('33.4%')).toBeTruthy();
    expect(screen.getAllByText('33.3%')).toHaveLength(2);
    expect(screen.getByText('0%')).toBeTruthy();
  });
});
