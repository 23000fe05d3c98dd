import { ScreenPlaceholder } from '../../../ui/screen-placeholder.tsx';

export function AdminMessagingPage() {
  return <ScreenPlaceholder />;
}
