/** Where a billing tab runs: the portal, the customer (staff in an account's view; a customer's own) and the account. */
export interface BillingScope {
  portal: 'admin' | 'customer';
  customerId?: string | undefined;
  accountId?: string | undefined;
  /** Show an Account column (not inside one account). */
  showAccount: boolean;
  /** Show a Customer column and filter (staff, not inside one account). */
  showCustomer: boolean;
}

/** Reminders (and Void) are for finalized, unpaid invoices. */
export const canRemind = (i: { status: string }) => i.status === 'Due' || i.status === 'Overdue';
/** Pay Now: a finalized invoice with a balance to pay. */
export const canPay = (i: { status: string; balance: number }) => canRemind(i) && i.balance > 0;

/** An invoice's number, or 'Draft' before it is finalized. */
export const invoiceLabel = (invoice: { number: string | null }) => invoice.number ?? 'Draft';

/** The first and last day of the month before `now`, as YYYY-MM-DD. */
export function lastMonth(now = new Date()): { start: string; end: string } {
  const day = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  return { start: day(new Date(now.getFullYear(), now.getMonth() - 1, 1)), end: day(new Date(now.getFullYear(), now.getMonth(), 0)) };
}
