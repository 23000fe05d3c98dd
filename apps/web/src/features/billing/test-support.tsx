import type { TInvoiceListItem, TPaymentMethod } from '@portal/contract/billing';
import { TEST_CUSTOMER_ID } from '../../test/fake-server.ts';

export { fakeServer, signedIn } from '../../test/fake-server.ts';

/** Billing component tests: a signed-in role and a fake server answering by method and path. */

export const CUSTOMER_ID = TEST_CUSTOMER_ID;
export const ACCOUNT_ID = '00000000-0000-4000-8000-0000000000a1';

let n = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;

export function invoice(over: Partial<TInvoiceListItem> = {}): TInvoiceListItem {
  return {
    id: uuid(),
    number: 'INV-2026-000001',
    customerId: CUSTOMER_ID,
    customerName: 'Acme Communications Inc.',
    accountId: ACCOUNT_ID,
    accountName: 'Acme Main Office',
    issueDate: '2026-11-01',
    dueDate: '2026-12-01',
    periodStart: '2026-10-01',
    periodEnd: '2026-10-31',
    amount: 100,
    amountPaid: 0,
    balance: 100,
    status: 'Due',
    lastReminderAt: null,
    ...over,
  };
}

export function method(over: Partial<TPaymentMethod> = {}): TPaymentMethod {
  return {
    id: uuid(),
    type: 'credit_card',
    holderName: 'Linda Park',
    brand: 'Visa',
    last4: '4242',
    expMonth: 12,
    expYear: 2030,
    bankName: null,
    accountType: null,
    isDefault: false,
    status: 'Active',
    createdAt: '2026-01-01T00:00:00.000Z',
    ...over,
  };
}

export const page = <T,>(items: T[]) => ({ items, total: items.length, page: 1, pageSize: 20 });
