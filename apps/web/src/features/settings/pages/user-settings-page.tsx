import { ScreenPlaceholder } from '../../../ui/screen-placeholder.tsx';

export function UserSettingsPage() {
  return <ScreenPlaceholder />;
}
