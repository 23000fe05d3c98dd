/** Where an API access tab runs: the portal, the customer (staff in a customer's view; a customer's own) and the account. */
export interface ApiScope {
  portal: 'admin' | 'customer';
  customerId?: string | undefined;
  accountId?: string | undefined;
  /** Show an Account column (not inside one account). */
  showAccount: boolean;
}
