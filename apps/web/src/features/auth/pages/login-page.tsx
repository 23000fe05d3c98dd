import { Alert, Anchor, Divider, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { clearMaintenanceNotice, maintenanceNotice } from '../../../lib/maintenance-notice.ts';
import { AppLink, usePageLocation } from '../../../lib/navigation.tsx';
import { type Portal, portalOfPath } from '../../../lib/portal.ts';
import { useSession } from '../../../lib/session.ts';
import { PublicLayout } from '../../../ui/public-layout.tsx';
import { PageTitle } from '../../../ui/titles.tsx';
import { LoginForm } from '../components/login-form.tsx';
import { PromptLink } from '../components/prompt-link.tsx';

const COPY: Record<Portal, { title: string; intro: string }> = {
  admin: { title: 'Admin Login', intro: 'Sign in with your staff account.' },
  customer: { title: 'Customer Login', intro: "Sign in to manage your company's services." },
};

/** The page's heading, also its document title. */
export function loginTitle(portal: Portal): string {
  return COPY[portal].title;
}

function OtherPortalLink({ portal }: { portal: Portal }) {
  return portal === 'admin' ? (
    <PromptLink prompt="Are you a customer?" to="/customer/login">
      Customer Login
    </PromptLink>
  ) : (
    <PromptLink prompt="Provider staff?" to="/admin/login">
      Admin Login
    </PromptLink>
  );
}

/** The customer sign-in page's way to the sign-up page, while settings' allowUserSelfRegistration is on. */
function SignUpLink() {
  const open = useSession().data?.selfRegistration === true;
  return open ? (
    <PromptLink prompt="New customer?" to="/customer/sign-up">
      Create an account
    </PromptLink>
  ) : null;
}

/**
 * /admin/login and /customer/login: in the portal app (a guard sent the user here) and on its own
 * entry, sign-in.html, which the server sends for these addresses (sign-in-app.tsx).
 */
export function LoginPage() {
  const location = usePageLocation();
  const portal = portalOfPath(location.pathname);
  const ended = (location.state as { ended?: boolean } | null)?.ended === true;
  const copy = COPY[portal];
  // signed out by maintenance mode: its message, shown once (kept while this page is open)
  const [maintenance] = useState(maintenanceNotice);
  useEffect(() => clearMaintenanceNotice, []);
  const contact =
    portal === 'customer' ? (
      <Anchor component={AppLink} to="/contact" size="sm" c="dimmed">
        Contact Us
      </Anchor>
    ) : null;

  return (
    <PublicLayout footerLinks={contact}>
      <Stack gap="lg">
        <PageTitle description={copy.intro}>{copy.title}</PageTitle>
        {maintenance ? (
          <Alert color="orange" variant="light" title="Down for maintenance" role="status">
            {maintenance}
          </Alert>
        ) : (
          ended && (
            <Alert color="blue" variant="light">
              Your session has ended. Please sign in again.
            </Alert>
          )
        )}
        <LoginForm portal={portal} />
        {portal === 'customer' && <SignUpLink />}
        <Divider />
        <OtherPortalLink portal={portal} />
      </Stack>
    </PublicLayout>
  );
}
