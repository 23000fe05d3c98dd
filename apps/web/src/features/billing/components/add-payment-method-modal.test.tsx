import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { AddPaymentMethodModal } from './add-payment-method-modal.tsx';

describe('AddPaymentMethodModal', () => {
  it('shows inline errors from the contract instead of the browser bubble', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<AddPaymentMethodModal customerId="00000000-0000-4000-8000-000000000001" opened onClose={() => {}} />);
    const expiry = await screen.findByRole('textbox', { name: /Expiration/ });
    expect(expiry.hasAttribute('required')).toBe(false);
    expect(expiry.closest('form')?.noValidate).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Cardholder name is required')).toBeTruthy();
    expect(screen.getByText('Use MM/YY')).toBeTruthy();
    expect(expiry.getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  }, 20_000);
});
