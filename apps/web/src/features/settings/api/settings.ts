import type { TAuditEntry } from '@portal/contract/audit';
import type { TSystemSettingsBody, TSystemSettingsView, TTestEmailResult } from '@portal/contract/settings';
import { api } from '../../../lib/api.ts';
import { type ListQuery, listQuery, readQuery, useSavingMutation } from '../../../lib/query.ts';

type AuditPage = { items: TAuditEntry[]; nextCursor: string | null };

const SETTINGS_KEY = ['settings', 'system'] as const;

/** The system settings as staff read them (the SMTP password never comes back, only whether one is set). */
export const systemSettingsQuery = () => readQuery<TSystemSettingsView>(SETTINGS_KEY, '/api/settings');

/** Saves any subset of the settings; the answer is the saved whole, which replaces the cached one. */
export const useSaveSettings = () =>
  useSavingMutation((body: TSystemSettingsBody) => api.put<TSystemSettingsView>('/api/settings', body), {
    cache: () => SETTINGS_KEY,
    stale: [['audit']],
    mutationKey: ['settings', 'save'],
  });

/** Send test email: through the SMTP server (422 SMTP_FAILED with its error), or into the outbox. */
export const useSendTestEmail = () =>
  useSavingMutation((to: string) => api.post<TTestEmailResult>('/api/settings/test-email', { to }), {
    stale: [['outbox']],
    mutationKey: ['settings', 'test-email'],
  });

/** One keyset page of the audit trail (System Settings, Logs). */
export const auditListQuery = (query: ListQuery) => listQuery<AuditPage>(['audit', query], '/api/audit', query);
