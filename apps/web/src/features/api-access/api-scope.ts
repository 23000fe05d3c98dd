import type { AccountTabScope } from '../../ui/account-tabs-page.tsx';

/** Where an API access tab runs: the portal, the customer (staff in a customer's view; a customer's own) and the account. */
export type ApiScope = AccountTabScope;
