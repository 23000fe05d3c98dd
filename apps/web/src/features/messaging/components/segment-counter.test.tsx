import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { SegmentCounter } from './segment-counter.tsx';

const PRICES = { smsSegmentPrice: 0.0075, mmsMessagePrice: 0.02 };

// Mantine renders slowly in jsdom on a busy machine.
describe('SegmentCounter', { timeout: 20_000 }, () => {
  it('counts GSM-7 segments of 153 characters past 160, and their cost', () => {
    renderWithProviders(<SegmentCounter body={'a'.repeat(161)} type="SMS" prices={PRICES} />);
    expect(screen.getByText('2 segments')).toBeTruthy();
    expect(screen.getByText('GSM-7')).toBeTruthy();
    expect(screen.getByText('161 characters')).toBeTruthy();
    expect(screen.getByText('(153 characters a segment)')).toBeTruthy();
    expect(screen.getByText(/Cost: \$0\.015/)).toBeTruthy();
    expect(screen.getByTestId('segment-counter').getAttribute('aria-live')).toBe('polite');
  });

  it('names the characters that force UCS-2, and the variables', () => {
    renderWithProviders(<SegmentCounter body="Hola {{first_name}}, adiós ó 😀" type="SMS" prices={PRICES} />);
    expect(screen.getByText('UCS-2')).toBeTruthy();
    expect(screen.getByText('1 segment')).toBeTruthy();
    expect(screen.getByText('(70 characters a segment)')).toBeTruthy();
    expect(screen.getByText('UCS-2 because of: ó, 😀')).toBeTruthy();
    expect(screen.getByText('Variables: first_name')).toBeTruthy();
  });

  it('bills MMS per message', () => {
    renderWithProviders(<SegmentCounter body={'a'.repeat(400)} type="MMS" prices={PRICES} />);
    expect(screen.getByText('MMS: billed per message')).toBeTruthy();
    expect(screen.getByText(/Cost: \$0\.02/)).toBeTruthy();
    expect(screen.queryByText(/segments/)).toBeNull();
  });
});
