import { Button, Center, Group, Loader, Paper, Stack, Tabs } from '@mantine/core';
import { type TCompanyProfile, ZUpdateCompanyProfileBody } from '@portal/contract/company';
import { IconEdit } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useCan } from '../../../lib/session.ts';
import { showFormError, useSchemaForm } from '../../../ui/form.ts';
import { SchemaForm } from '../../../ui/schema-form.tsx';
import { PageTitle } from '../../../ui/titles.tsx';
import { toastSuccess } from '../../../ui/toast.ts';
import { useUnsavedChangesGuard } from '../../../ui/use-unsaved-changes-guard.tsx';
import { companyProfileQuery, useUpdateCompanyProfile } from '../api/company.ts';
import {
  AccountFields,
  BillingFields,
  CompanyFields,
  ContactFields,
  copyCompanyAddress,
  type ProfileValues,
} from '../components/profile-fields.tsx';

const TABS = [
  ['company', 'Company'],
  ['contact', 'Contact'],
  ['billing', 'Billing'],
  ['account', 'Account'],
] as const;

function editableOf(p: TCompanyProfile): ProfileValues {
  const { accountNumber: _a, accountType: _t, activationDate: _d, accountManager: _m, status: _s, ...rest } = p;
  return rest;
}

/** Which tab holds a field, so a failed save shows the tab with the error. */
function tabOf(field: string): string {
  if (field.startsWith('billing')) return 'billing';
  if (['contactName', 'contactTitle', 'phone', 'email'].includes(field)) return 'contact';
  return 'company';
}

function ProfileForm({ profile }: { profile: TCompanyProfile }) {
  const canEdit = useCan('company.write');
  const [editing, setEditing] = useState(false);
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') ?? 'company';
  const setTab = (v: string | null) => setParams(v && v !== 'company' ? { tab: v } : {}, { replace: true });
  const form = useSchemaForm(ZUpdateCompanyProfileBody, editableOf(profile));
  const save = useUpdateCompanyProfile();
  const { guard } = useUnsavedChangesGuard(editing && form.isDirty());
  const values = form.getValues();

  // While 'Same as company address' is on, the billing address follows the company address.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the company address changes, not on every render
  useEffect(() => {
    if (editing && values.billingSameAsCompany) copyCompanyAddress(form);
  }, [editing, values.billingSameAsCompany, values.address, values.city, values.state, values.zipCode, values.country]);

  function cancel() {
    form.setValues(editableOf(profile));
    form.resetDirty(editableOf(profile));
    form.clearErrors();
    setEditing(false);
  }

  return (
    <SchemaForm
      form={form}
      onSubmit={(v) =>
        save.mutate(v, {
          onSuccess: (saved) => {
            toastSuccess('Company profile updated successfully');
            form.setValues(editableOf(saved));
            form.resetDirty(editableOf(saved));
            setEditing(false);
          },
          onError: (e) => showFormError(form, e),
        })
      }
      onInvalid={(errors) => {
        const first = Object.keys(errors)[0];
        if (first) setTab(tabOf(first));
      }}
    >
      <Stack gap="md">
        <Group justify="space-between">
          <PageTitle>Company Profile</PageTitle>
          {canEdit &&
            (editing ? (
              <Group gap="sm">
                <Button variant="default" onClick={cancel}>
                  Cancel
                </Button>
                <Button type="submit" loading={save.isPending}>
                  Save Changes
                </Button>
              </Group>
            ) : (
              <Button leftSection={<IconEdit size={16} />} onClick={() => setEditing(true)}>
                Edit Profile
              </Button>
            ))}
        </Group>
        <Paper withBorder p="lg" radius="md">
          <Tabs value={tab} onChange={setTab}>
            <Tabs.List mb="md">
              {TABS.map(([value, label]) => (
                <Tabs.Tab key={value} value={value}>
                  {label}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            <Tabs.Panel value="company">
              <CompanyFields form={form} editing={editing} />
            </Tabs.Panel>
            <Tabs.Panel value="contact">
              <ContactFields form={form} editing={editing} />
            </Tabs.Panel>
            <Tabs.Panel value="billing">
              <BillingFields form={form} editing={editing} />
            </Tabs.Panel>
            <Tabs.Panel value="account">
              <AccountFields profile={profile} />
            </Tabs.Panel>
          </Tabs>
        </Paper>
      </Stack>
      {guard}
    </SchemaForm>
  );
}

/** Customer document, Company Profile: tabs company, contact, billing, account; view and edit modes. */
export function CompanyProfilePage() {
  const { data } = useQuery(companyProfileQuery);
  if (!data) {
    return (
      <Center py="xl">
        <Loader size="sm" />
      </Center>
    );
  }
  return <ProfileForm profile={data} />;
}
