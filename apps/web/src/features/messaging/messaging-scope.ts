/** Where a messaging tab runs: the portal, the customer (staff in a customer's view; a customer's own) and the account. */
export interface MessagingScope {
  portal: 'admin' | 'customer';
  customerId?: string | undefined;
  accountId?: string | undefined;
  /** Show an Account column (not inside one account). */
  showAccount: boolean;
}

/** A campaign's page in a portal. */
export const campaignPath = (portal: 'admin' | 'customer', id: string) => `/${portal}/messaging/campaigns/${id}`;
