import { useQuery } from '@tanstack/react-query';
import { RecordLoading, RecordNotFound } from '../../../ui/record-states.tsx';
import { myProfileQuery } from '../api/profile.ts';
import { ProfileForm } from './profile-form.tsx';

/** User Settings, Basic Information: My Profile's form, its fields open for editing (one form, two places). */
export function BasicInformationTab() {
  const profile = useQuery(myProfileQuery);
  if (!profile.data) {
    return profile.isPending ? (
      <RecordLoading label="Loading your profile..." />
    ) : (
      <RecordNotFound title="Basic Information" error={profile.error} notFound="Your profile could not be loaded." />
    );
  }
  return <ProfileForm profile={profile.data} mode="always" />;
}
