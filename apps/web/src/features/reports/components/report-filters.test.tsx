import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { ReportFilters } from './report-filters.tsx';
import type { ReportState } from './report-params.ts';

const START: ReportState = { tab: 'overview', period: '30days', startDate: '', endDate: '', service: 'all', customerId: '' };

function Harness({ onUpdate }: { onUpdate: (s: ReportState) => void }) {
  const [state, setState] = useState(START);
  return (
    <ReportFilters
      portal="customer"
      state={state}
      update={(changes) => {
        const next = { ...state, ...changes };
        setState(next);
        onUpdate(next);
      }}
    />
  );
}

/** Opens a day picker on the month shown first (this month) and picks a day of it. */
async function pickDay(label: string, day: number) {
  fireEvent.click(screen.getByLabelText(label));
  const dialog = await screen.findByRole('dialog', { hidden: true });
  const buttons = within(dialog)
    .getAllByRole('button', { hidden: true })
    .filter((b) => b.textContent === String(day) && !b.hasAttribute('data-outside'));
  fireEvent.click(buttons[0] as HTMLElement);
  await waitFor(() => expect(screen.queryByRole('dialog', { hidden: true })).toBeNull());
}

const iso = (day: number) => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
};

describe('ReportFilters', () => {
  // picking days through the calendar takes seconds in jsdom on a busy machine
  it('applies a custom range only once both dates are picked, and a period at once', { timeout: 20_000 }, async () => {
    const updates: ReportState[] = [];
    renderWithProviders(<Harness onUpdate={(s) => updates.push(s)} />);
    expect(screen.queryByLabelText('Start Date')).toBeNull();

    fireEvent.click(screen.getAllByRole('combobox', { name: 'Period' })[0] as HTMLElement);
    fireEvent.click(await screen.findByRole('option', { name: 'Custom Range', hidden: true }));
    // choosing Custom Range asks for the dates; the report keeps its period meanwhile
    expect(updates).toEqual([]);
    const apply = screen.getByRole('button', { name: 'Apply' });
    expect(apply).toHaveProperty('disabled', true);

    await pickDay('Start Date', 3);
    expect(apply).toHaveProperty('disabled', true);
    await pickDay('End Date', 1);
    // the end before the start: said on End Date, and still nothing to apply
    expect(await screen.findByText('The end date must not be before the start date')).toBeTruthy();
    expect(apply).toHaveProperty('disabled', true);

    await pickDay('End Date', 5);
    expect(apply).toHaveProperty('disabled', false);
    fireEvent.click(apply);
    expect(updates.at(-1)).toMatchObject({ period: 'custom', startDate: iso(3), endDate: iso(5) });
    // applied: nothing new to apply
    expect(screen.getByRole('button', { name: 'Apply' })).toHaveProperty('disabled', true);

    fireEvent.click(screen.getAllByRole('combobox', { name: 'Period' })[0] as HTMLElement);
    fireEvent.click(await screen.findByRole('option', { name: 'Last 90 Days', hidden: true }));
    expect(updates.at(-1)).toMatchObject({ period: '90days', startDate: '', endDate: '' });
    await waitFor(() => expect(screen.queryByLabelText('Start Date')).toBeNull());
  });

  it('offers the service filter all, sms, voice, numbers and no customer picker to customers', async () => {
    const updates: ReportState[] = [];
    renderWithProviders(<Harness onUpdate={(s) => updates.push(s)} />);
    const service = screen.getByRole('combobox', { name: 'Service' });
    fireEvent.click(service);
    const list = await screen.findByRole('listbox', { hidden: true, name: 'Service' });
    const options = within(list).getAllByRole('option', { hidden: true });
    expect(options.map((o) => o.textContent)).toEqual(['All Services', 'SMS', 'Voice', 'Numbers']);
    fireEvent.click(screen.getByRole('option', { name: 'Voice', hidden: true }));
    expect(updates.at(-1)).toMatchObject({ service: 'voice' });
    expect(screen.queryByRole('combobox', { name: 'Customer' })).toBeNull();
  });
});
