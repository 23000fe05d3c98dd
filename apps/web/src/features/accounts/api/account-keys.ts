import type { TAccountOptionsQuery } from '@portal/contract/accounts';

/**
 * The accounts feature's query keys. Other features never spell them: where their changes stale
 * accounts, app/query-client.ts says so.
 */
export const accountKeys = {
  all: ['accounts'] as const,
  lists: () => [...accountKeys.all, 'list'] as const,
  list: (query: Record<string, string | number | undefined>) => [...accountKeys.lists(), query] as const,
  detail: (accountId: string) => [...accountKeys.all, 'detail', accountId] as const,
  options: (query: Partial<TAccountOptionsQuery>) => [...accountKeys.all, 'options', query] as const,
};
