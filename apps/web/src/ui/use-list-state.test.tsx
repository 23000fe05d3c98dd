import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { type ListState, useListState } from './use-list-state.ts';

type Filters = { startDate: string; endDate: string; status: string };
const DEFAULTS: Filters = { startDate: '', endDate: '', status: '' };

function setup(initial = '/list') {
  const seen: { state?: ListState<Filters> } = {};
  function Probe() {
    seen.state = useListState({ filters: DEFAULTS, prefix: 'cdr' });
    return null;
  }
  const router = createMemoryRouter([{ path: '/list', element: <Probe /> }], { initialEntries: [initial] });
  render(<RouterProvider router={router} />);
  return { router, seen };
}

describe('useListState', () => {
  it('keeps both of two quick filter changes (start date, then end date) in the URL', async () => {
    const { router, seen } = setup();
    await act(async () => {
      seen.state?.setFilter('startDate', '2026-01-01');
      seen.state?.setFilter('endDate', '2026-01-31');
    });
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('cdrStartDate')).toBe('2026-01-01');
    expect(params.get('cdrEndDate')).toBe('2026-01-31');
    expect(seen.state?.filters).toMatchObject({ startDate: '2026-01-01', endDate: '2026-01-31' });
  });

  it('goes back to page 1 and clears the selection when a filter changes', async () => {
    const { router, seen } = setup('/list?cdrPage=3');
    expect(seen.state?.page).toBe(3);
    await act(async () => seen.state?.setSelection(['a', 'b']));
    await act(async () => seen.state?.setFilter('status', 'Active'));
    expect(seen.state?.page).toBe(1);
    expect(seen.state?.selection).toEqual([]);
    expect(new URLSearchParams(router.state.location.search).get('cdrStatus')).toBe('Active');
  });

  it('keeps the keyset cursors in the URL, steps back through history, and drops them when a filter changes', async () => {
    const { router, seen } = setup('/list');
    expect(seen.state?.cursors).toEqual([]);
    await act(async () => seen.state?.setCursors(['QQ', 'Qg']));
    expect(new URLSearchParams(router.state.location.search).get('cdrCursors')).toBe('QQ.Qg');
    expect(seen.state?.cursors).toEqual(['QQ', 'Qg']);
    // a reload reads them back
    const reloaded = setup(`/list${router.state.location.search}`);
    expect(reloaded.seen.state?.cursors).toEqual(['QQ', 'Qg']);
    // each page is a history entry: Back returns to the one before
    await act(async () => seen.state?.setCursors(['QQ', 'Qg', 'Qw']));
    await act(async () => router.navigate(-1));
    expect(seen.state?.cursors).toEqual(['QQ', 'Qg']);
    await act(async () => seen.state?.setFilter('status', 'Active'));
    expect(seen.state?.cursors).toEqual([]);
    expect(new URLSearchParams(router.state.location.search).has('cdrCursors')).toBe(false);
  });
});
