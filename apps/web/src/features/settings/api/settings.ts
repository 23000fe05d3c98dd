import type { TAuditEntry } from '@portal/contract/audit';
import type { TSystemSettingsBody, TSystemSettingsView, TTestEmailResult } from '@portal/contract/settings';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

type AuditPage = { items: TAuditEntry[]; nextCursor: string | null };

const SETTINGS_KEY = ['settings', 'system'] as const;

/** The system settings as staff read them (the SMTP password never comes back, only whether one is set). */
export function systemSettingsQuery() {
  return queryOptions({
    queryKey: SETTINGS_KEY,
    queryFn: ({ signal }) => api.get<TSystemSettingsView>('/api/settings', { signal }),
  });
}

/** Saves any subset of the settings; the answer is the saved whole, which replaces the cached one. */
export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['settings', 'save'],
    mutationFn: (body: TSystemSettingsBody) => api.put<TSystemSettingsView>('/api/settings', body),
    onSuccess: (saved) => {
      client.setQueryData(SETTINGS_KEY, saved);
      void client.invalidateQueries({ queryKey: ['audit'] });
    },
  });
}

/** Send test email: through the SMTP server (422 SMTP_FAILED with its error), or into the outbox. */
export function useSendTestEmail() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['settings', 'test-email'],
    mutationFn: (to: string) => api.post<TTestEmailResult>('/api/settings/test-email', { to }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['outbox'] }),
  });
}

/** One keyset page of the audit trail (System Settings, Logs). */
export function auditListQuery(query: Record<string, string | number | undefined>) {
  return queryOptions({
    queryKey: ['audit', query],
    queryFn: ({ signal }) => api.get<AuditPage>('/api/audit', { query, signal }),
    placeholderData: keepPreviousData,
  });
}
