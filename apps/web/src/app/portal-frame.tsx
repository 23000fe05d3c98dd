import { ImpersonationBanner } from '../features/auth/components/impersonation-banner.tsx';
import { ProfileMenu } from '../features/auth/components/profile-menu.tsx';
import { NotificationBell } from '../features/notifications/components/notification-bell.tsx';
import { PortalLayout } from '../shell/portal-layout.tsx';

/** The shell's frame with the features that live in it (features meet only in src/app). */
export function PortalFrame() {
  return (
    <PortalLayout
      headerActions={(portal) => (
        <>
          <NotificationBell portal={portal} />
          <ProfileMenu portal={portal} />
        </>
      )}
      impersonationBanner={(customerName) => <ImpersonationBanner customerName={customerName} />}
    />
  );
}
