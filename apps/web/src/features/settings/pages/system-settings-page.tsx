import { Alert, Button, Group, Paper, Stack, Tabs, Text } from '@mantine/core';
import type { TSystemSettingsView } from '@portal/contract/settings';
import { IconAlertTriangle, IconUserCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ComponentType, useCallback, useState } from 'react';
import { Link } from 'react-router';
import { useCan, useSessionUser } from '../../../lib/session.ts';
import { useConfirm } from '../../../ui/confirm-dialog.tsx';
import { RecordLoading, RecordNotFound } from '../../../ui/record-states.tsx';
import { PageTitle, SectionTitle } from '../../../ui/titles.tsx';
import { useTabParam } from '../../../ui/use-tab-param.ts';
import { useUnsavedChangesGuard } from '../../../ui/use-unsaved-changes-guard.tsx';
import { systemSettingsQuery } from '../api/settings.ts';
import { AuditLog } from '../components/audit-log.tsx';
import { EmailOutbox } from '../components/email-outbox.tsx';
import { LockedSignIns } from '../components/locked-sign-ins.tsx';
import type { SettingsTab } from '../components/settings-fields.ts';
import { SettingsTabForm } from '../components/settings-form.tsx';
import { TestEmail } from '../components/test-email.tsx';

/** The tabs, in the spec's order; 'password' (the profile menu's Change Password) opens the profile tab. */
const TABS = ['general', 'security', 'api', 'billing', 'email', 'profile', 'maintenance', 'logs', 'password'] as const;
type Tab = (typeof TABS)[number];
const LABELS: Record<Exclude<Tab, 'password'>, string> = {
  general: 'General',
  security: 'Security',
  api: 'API',
  billing: 'Billing',
  email: 'Email',
  profile: 'Profile',
  maintenance: 'Maintenance',
  logs: 'Logs',
};

export const MAINTENANCE_WARNING =
  'While maintenance mode is on, customer users are signed out on their next request and see the maintenance message on the sign-in page, and the public API answers 503 (Service Unavailable). Staff keep working.';

function MaintenanceWarning() {
  return (
    <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} title="Customers are signed out">
      {MAINTENANCE_WARNING}
    </Alert>
  );
}

/** The profile tab: the staff user's own profile is their user record; password and two-factor are the auth feature's. */
function ProfileTab({ PasswordPanel, TwoFactorPanel }: { PasswordPanel?: ComponentType | undefined; TwoFactorPanel: ComponentType }) {
  const me = useSessionUser();
  return (
    <Stack gap="lg">
      <Paper withBorder p="md" radius="md">
        <Group justify="space-between" align="center" wrap="wrap" gap="sm">
          <Stack gap={2}>
            <SectionTitle>My Profile</SectionTitle>
            <Text size="sm">
              {me.name} · {me.email} · {me.role}
            </Text>
            <Text size="sm" c="dimmed">
              Your name, department and phone are kept on your user record.
            </Text>
          </Stack>
          <Button component={Link} to="/admin/my-profile" variant="light" leftSection={<IconUserCircle size={16} />}>
            Open My Profile
          </Button>
        </Group>
      </Paper>
      {PasswordPanel && (
        <Paper withBorder p="lg" radius="md" id="password">
          <PasswordPanel />
        </Paper>
      )}
      <Paper withBorder p="lg" radius="md" id="two-factor">
        <TwoFactorPanel />
      </Paper>
    </Stack>
  );
}

/**
 * /admin/settings (System Settings): tabs general, security, api, billing, email, profile,
 * maintenance and logs, the tab in the URL (?tab=). Each settings tab is one form over its settings
 * (Save: 'Settings saved successfully'); read-only for staff without settings.write. Locked sign-ins
 * sit in the security tab, the Email Outbox in the email tab. The profile tab's password and
 * two-factor panels are the auth feature's, passed in where features meet (src/app).
 */
export function SystemSettingsPage({ TwoFactorPanel, PasswordPanel }: { TwoFactorPanel: ComponentType; PasswordPanel?: ComponentType }) {
  const [asked, setTab] = useTabParam(TABS);
  const tab = asked === 'password' ? 'profile' : asked;
  const canWrite = useCan('settings.write');
  const canReadOutbox = useCan('outbox.read');
  const canUnlock = useCan('users.unlock');
  const me = useSessionUser();
  const settings = useQuery(systemSettingsQuery());
  const { confirm, dialog } = useConfirm();

  // Every tab's form stays mounted: edits survive a tab change, and leaving the page asks once.
  const [dirtyTabs, setDirtyTabs] = useState<Partial<Record<SettingsTab, boolean>>>({});
  const onDirtyChange = useCallback(
    (t: SettingsTab, dirty: boolean) => setDirtyTabs((prev) => (Boolean(prev[t]) === dirty ? prev : { ...prev, [t]: dirty })),
    [],
  );
  const { guard } = useUnsavedChangesGuard(Object.values(dirtyTabs).some(Boolean));

  const confirmMaintenance = async (values: Record<string, unknown>, saved: TSystemSettingsView) =>
    values.maintenanceMode !== true ||
    saved.maintenanceMode ||
    confirm({
      title: 'Turn on maintenance mode',
      message: `${MAINTENANCE_WARNING} Turn it on now?`,
      confirmLabel: 'Turn on',
    });

  const view = settings.data;
  const formProps = view ? { view, canWrite, onDirtyChange } : null;
  const tabLabel = (t: keyof typeof LABELS) => (dirtyTabs[t as SettingsTab] ? `${LABELS[t]} *` : LABELS[t]);
  const shownTabs = (Object.keys(LABELS) as (keyof typeof LABELS)[]).filter((t) => t !== 'logs' || canWrite);

  return (
    <Stack gap="md">
      <PageTitle>System Settings</PageTitle>
      {view?.maintenanceMode && (
        <Alert color="orange" variant="filled" icon={<IconAlertTriangle size={18} />} title="Maintenance mode is on">
          Customers cannot use the portal or the public API until it is turned off (Maintenance tab).
        </Alert>
      )}
      {!canWrite && (
        <Alert color="blue" variant="light">
          You can read the system settings; only staff Admins can change them.
        </Alert>
      )}
      <Paper withBorder p="lg" radius="md">
        <Tabs value={tab} onChange={setTab} keepMounted keepMountedMode="display-none">
          <Tabs.List mb="lg">
            {shownTabs.map((t) => (
              <Tabs.Tab key={t} value={t}>
                {tabLabel(t)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {!formProps ? (
            settings.isPending ? (
              <RecordLoading label="Loading settings..." />
            ) : (
              <RecordNotFound title="System Settings" error={settings.error} notFound="The settings could not be loaded." />
            )
          ) : (
            <>
              <Tabs.Panel value="general">
                <SettingsTabForm tab="general" {...formProps} />
              </Tabs.Panel>
              <Tabs.Panel value="security">
                <Stack gap="xl">
                  <SettingsTabForm tab="security" {...formProps} />
                  {canUnlock && tab === 'security' && <LockedSignIns />}
                </Stack>
              </Tabs.Panel>
              <Tabs.Panel value="api">
                <SettingsTabForm tab="api" {...formProps} />
              </Tabs.Panel>
              <Tabs.Panel value="billing">
                <SettingsTabForm tab="billing" {...formProps} />
              </Tabs.Panel>
              <Tabs.Panel value="email">
                <Stack gap="xl">
                  <SettingsTabForm
                    tab="email"
                    {...formProps}
                    extraHelp={formProps.view.smtpPasswordSet ? { smtpPassword: 'A password is saved.' } : {}}
                  />
                  {canWrite && <TestEmail defaultTo={me.email} />}
                  {canReadOutbox && tab === 'email' && <EmailOutbox />}
                </Stack>
              </Tabs.Panel>
              <Tabs.Panel value="profile">
                {tab === 'profile' && <ProfileTab PasswordPanel={PasswordPanel} TwoFactorPanel={TwoFactorPanel} />}
              </Tabs.Panel>
              <Tabs.Panel value="maintenance">
                <SettingsTabForm tab="maintenance" {...formProps} beforeSave={confirmMaintenance}>
                  {() => <MaintenanceWarning />}
                </SettingsTabForm>
              </Tabs.Panel>
              {canWrite && <Tabs.Panel value="logs">{tab === 'logs' && <AuditLog />}</Tabs.Panel>}
            </>
          )}
        </Tabs>
      </Paper>
      {guard}
      {dialog}
    </Stack>
  );
}
