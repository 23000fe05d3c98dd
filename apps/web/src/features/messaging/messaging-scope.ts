import type { AccountTabScope } from '../../ui/account-tabs-page.tsx';

/** Where a messaging tab runs: the portal, the customer (staff in a customer's view; a customer's own) and the account. */
export type MessagingScope = AccountTabScope;

/** A campaign's page in a portal. */
export const campaignPath = (portal: 'admin' | 'customer', id: string) => `/${portal}/messaging/campaigns/${id}`;
