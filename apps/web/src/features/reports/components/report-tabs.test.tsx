import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { NumbersTab } from './numbers-tab.tsx';
import { OverviewTab } from './overview-tab.tsx';
import { reportFixture } from './report-fixture.ts';
import { CONVERSION_RATE_DEFINITION, SmsTab } from './sms-tab.tsx';

const tile = (label: string) => screen.getByText(label).closest('.mantine-Paper-root') as HTMLElement;

describe('the report tabs', () => {
  it("shows the SMS figures the server computed, the cost rise as negative and red, and Conversion Rate's definition", () => {
    renderWithProviders(<SmsTab report={reportFixture()} portal="customer" onDrill={vi.fn()} />);
    expect(within(tile('Messages Sent')).getByText('1,530')).toBeTruthy();
    expect(within(tile('Messages Sent')).getByText('+27.5%').closest('[data-trend]')?.getAttribute('data-trend')).toBe('green');
    // SMS costs went up 8.2 %: shown as -8.2 %, in red
    expect(within(tile('SMS Costs')).getByText('$11.48')).toBeTruthy();
    expect(within(tile('SMS Costs')).getByText('-8.2%').closest('[data-trend]')?.getAttribute('data-trend')).toBe('red');
    // latency fell: green
    expect(within(tile('Avg. Latency')).getByText('2.4 s')).toBeTruthy();
    expect(within(tile('Avg. Latency')).getByText('-20%').closest('[data-trend]')?.getAttribute('data-trend')).toBe('green');
    expect(within(tile('Delivered')).getByText('1,450')).toBeTruthy();
    expect(within(tile('Delivered')).getByText('96.7% of outbound')).toBeTruthy();
    expect(within(tile('Failed')).getByText('3.3% of outbound')).toBeTruthy();
    expect(within(tile('Opt-out Rate')).getByText('0.4%')).toBeTruthy();
    expect(within(tile('Conversion Rate')).getByText('12.5%')).toBeTruthy();
    expect(screen.getByRole('img', { name: `How Conversion Rate is computed: ${CONVERSION_RATE_DEFINITION}` })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Message Activity - Last 30 Days' })).toBeTruthy();
  });

  it("shows the customer's Total Spend rise by the cost rule, the breakdown, and Usage Detail's empty text", () => {
    renderWithProviders(<OverviewTab report={reportFixture()} portal="customer" onDrill={vi.fn()} />);
    expect(within(tile('Total Spend')).getByText('$1,234.50')).toBeTruthy();
    expect(within(tile('Total Spend')).getByText('-23.5%').closest('[data-trend]')?.getAttribute('data-trend')).toBe('red');
    expect(within(tile('Voice ASR')).getByText('-7.4%').closest('[data-trend]')?.getAttribute('data-trend')).toBe('red');
    const breakdown = screen.getByRole('list', { name: 'Service Breakdown' });
    expect(
      within(breakdown)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['SMS$555.53 · 45%', 'Voice$246.90 · 20%', 'Numbers$185.18 · 15%', 'Other$246.89 · 20%']);
    expect(screen.getByText('No data found matching your search criteria')).toBeTruthy();
  });

  it("shows staff the same rise as Total Revenue, a gain, and links Usage Detail's SMS and voice days to their records", () => {
    const report = reportFixture();
    report.overview.usageDetail = [
      { id: 'v', service: 'Voice', date: '2026-03-02', volume: 2, cost: 0.5, status: 'Completed' },
      { id: 's', service: 'SMS', date: '2026-03-01', volume: 10, cost: 0.1, status: 'Partial' },
    ];
    renderWithProviders(<OverviewTab report={report} portal="admin" onDrill={vi.fn()} />);
    expect(within(tile('Total Revenue')).getByText('+23.5%').closest('[data-trend]')?.getAttribute('data-trend')).toBe('green');
    expect(screen.getByRole('link', { name: '03/02/2026: open its calls' }).getAttribute('href')).toBe(
      '/admin/voice?tab=cdrs&cdrStartDate=2026-03-02&cdrEndDate=2026-03-02',
    );
    expect(screen.getByRole('link', { name: '03/01/2026: open its messages' }).getAttribute('href')).toBe(
      '/admin/messaging?tab=messages&msgStartDate=2026-03-01&msgEndDate=2026-03-01',
    );
  });

  it('shows the numbers figures and the fee change by the cost rule', () => {
    renderWithProviders(<NumbersTab report={reportFixture()} portal="customer" onDrill={vi.fn()} />);
    expect(within(tile('Active Numbers')).getByText('42')).toBeTruthy();
    expect(within(tile('Monthly Fees')).getByText('$84.50')).toBeTruthy();
    expect(within(tile('Monthly Fees')).getByText('-5.6%').closest('[data-trend]')?.getAttribute('data-trend')).toBe('red');
    expect(within(tile('Number Utilization')).getByText('71.4%')).toBeTruthy();
    expect(within(tile('Porting in Progress')).getByText('2')).toBeTruthy();
    expect(within(tile('Most Active Number')).getByText('(212) 555-0123')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Usage by Type' })).getAllByRole('listitem')).toHaveLength(2);
  });
});
