import { Anchor, Button, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { PublicLayout } from '../../../ui/public-layout.tsx';
import { PageTitle } from '../../../ui/titles.tsx';
import { SupportHours } from '../components/support-hours.tsx';

/** /contact: how to reach support, for people who are not signed in. */
export function ContactPage() {
  return (
    <PublicLayout width={560}>
      <Stack gap="lg">
        <PageTitle description="Customers can open and follow support tickets in the Support Center after signing in.">
          Contact Us
        </PageTitle>
        <SupportHours />
        <Button component={Link} to="/customer/login">
          Sign in to the Support Center
        </Button>
        <Anchor component={Link} to="/" size="sm">
          Back to the portal
        </Anchor>
      </Stack>
    </PublicLayout>
  );
}
