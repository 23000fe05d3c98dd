import { Anchor, Stack, Text } from '@mantine/core';
import { PublicLayout } from '../../../ui/public-layout.tsx';
import { PageTitle } from '../../../ui/titles.tsx';
import { useLogout } from '../api/logout.ts';
import { TwoFactorSettings } from '../components/two-factor-settings.tsx';

/**
 * Shown instead of the portal when settings enforce two-factor authentication and the user has none
 * yet (the server serves nothing else meanwhile): the setup opens at once; once the recovery codes
 * are saved the portal follows. Log Out leaves instead.
 */
export function TwoFactorRequiredPage() {
  const logout = useLogout();
  return (
    <PublicLayout width={640}>
      <Stack gap="lg">
        <PageTitle description="Your administrator requires a code from an authenticator app at sign-in. Set it up to continue.">
          Set Up Two-Factor Authentication
        </PageTitle>
        <TwoFactorSettings openSetup />
        <Text size="sm" c="dimmed" ta="center">
          Not now?{' '}
          <Anchor component="button" type="button" size="sm" onClick={() => logout.mutate()}>
            Log Out
          </Anchor>
        </Text>
      </Stack>
    </PublicLayout>
  );
}
