import { Badge, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatPhone } from '@portal/contract/phone';
import type { TMyProfile } from '@portal/contract/users';
import { IconKey, IconShieldLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Portal } from '../../../lib/route-handle.ts';
import { useSessionUser } from '../../../lib/session.ts';
import { RecordLoading, RecordNotFound } from '../../../ui/record-states.tsx';
import { PageTitle } from '../../../ui/titles.tsx';
import { myProfileQuery } from '../api/profile.ts';
import { ProfileForm, ProfileSection, ReadField } from '../components/profile-form.tsx';

/**
 * Where Security's buttons lead: User Settings' Password and Two-Factor tabs in the customer
 * portal; the System Settings profile tab (password and two-factor panels) in the admin portal.
 */
const SECURITY_LINKS: Record<Portal, { password: string; twoFactor: string }> = {
  customer: { password: '/customer/settings?tab=password', twoFactor: '/customer/settings?tab=two-factor' },
  admin: { password: '/admin/settings?tab=password', twoFactor: '/admin/settings?tab=profile' },
};

/** Company Information (read-only): the user's company, or the provider for staff. */
function CompanyInformation({ company }: { company: TMyProfile['company'] }) {
  return (
    <ProfileSection
      title="Company Information"
      description={company.kind === 'provider' ? 'The provider you work for.' : 'Your company, as its administrators keep it.'}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <ReadField label="Company Name" value={company.name} />
        {company.accountNumber !== null && <ReadField label="Account Number" value={company.accountNumber} />}
        {company.kind === 'customer' && <ReadField label="Address" value={company.address} />}
        <ReadField label={company.kind === 'provider' ? 'Support Phone' : 'Phone'} value={formatPhone(company.phone)} />
        <ReadField label={company.kind === 'provider' ? 'Support Email' : 'Email'} value={company.email} />
      </SimpleGrid>
    </ProfileSection>
  );
}

function Security({ profile, portal }: { profile: TMyProfile; portal: Portal }) {
  const links = SECURITY_LINKS[portal];
  return (
    <ProfileSection title="Security">
      <Group gap="xs">
        <Text size="sm">Two-factor authentication</Text>
        <Badge color={profile.twoFactorEnabled ? 'green' : 'gray'} variant="light">
          {profile.twoFactorEnabled ? 'Enabled' : 'Disabled'}
        </Badge>
      </Group>
      <Group gap="sm">
        <Button component={Link} to={links.password} variant="default" leftSection={<IconKey size={16} />}>
          Change Password
        </Button>
        <Button component={Link} to={links.twoFactor} variant="default" leftSection={<IconShieldLock size={16} />}>
          {profile.twoFactorEnabled ? 'Manage Two-Factor Authentication' : 'Enable Two-Factor Authentication'}
        </Button>
      </Group>
    </ProfileSection>
  );
}

/**
 * /customer/my-profile and /admin/my-profile (customer spec: My Profile): the read view with Edit
 * Profile, then Save Changes or Cancel; Personal Information, Company Information (read-only),
 * Preferences, and Security, whose buttons open the password and two-factor settings.
 */
export function MyProfilePage() {
  const me = useSessionUser();
  const profile = useQuery(myProfileQuery);
  const title = <PageTitle>My Profile</PageTitle>;
  if (!profile.data) {
    return profile.isPending ? (
      <RecordLoading label="Loading your profile..." />
    ) : (
      <RecordNotFound title="My Profile" error={profile.error} notFound="Your profile could not be loaded." />
    );
  }
  return (
    <Stack gap="md">
      <ProfileForm profile={profile.data} mode="toggle" title={title} between={<CompanyInformation company={profile.data.company} />} />
      <Security profile={profile.data} portal={me.portal} />
    </Stack>
  );
}
