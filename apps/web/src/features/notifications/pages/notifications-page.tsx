import { ScreenPlaceholder } from '../../../ui/screen-placeholder.tsx';

export function NotificationsPage() {
  return <ScreenPlaceholder />;
}
