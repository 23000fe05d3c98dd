import { permissionsOf, type TRoleKey } from '@portal/contract/roles';
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFetch, renderWithProviders } from '../../test/render.tsx';
import { RequirePermission } from './require-permission.tsx';

/** The session the server would give a staff user of this role (permissions from the one table). */
function signInAs(roleKey: TRoleKey) {
  const user = {
    id: '00000000-0000-4000-8000-000000000001',
    name: 'Sam Staff',
    email: 'sam@example.com',
    kind: 'staff',
    role: roleKey,
    roleKey,
    portal: 'admin',
    customerId: null,
    customerName: null,
    permissions: permissionsOf(roleKey),
    impersonatedBy: null,
    lastLoginAt: null,
  };
  vi.stubGlobal('fetch', vi.fn(answerFetch(200, { user, brand: 'Portal', idleTimeoutMinutes: 30, selfRegistration: false })));
}

function renderNewCustomer() {
  return renderWithProviders(
    <Routes>
      <Route path="/admin/customers" element={<RequirePermission permission="customers.write" />}>
        <Route path="new" element={<form aria-label="New Customer" />} />
      </Route>
    </Routes>,
    { path: '/admin/customers/new' },
  );
}

describe('RequirePermission', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows Support, who may not create customers, the access-denied state instead of the form', async () => {
    signInAs('staff:support');
    renderNewCustomer();
    expect(await screen.findByRole('heading', { name: 'Access denied', level: 1 })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'New Customer' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/admin');
  });

  it('lets an Account Manager, who may, reach the form', async () => {
    signInAs('staff:account_manager');
    renderNewCustomer();
    expect(await screen.findByRole('form', { name: 'New Customer' })).toBeTruthy();
    expect(screen.queryByText('Access denied')).toBeNull();
  });
});
