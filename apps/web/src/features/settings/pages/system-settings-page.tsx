import { ScreenPlaceholder } from '../../../ui/screen-placeholder.tsx';

export function SystemSettingsPage() {
  return <ScreenPlaceholder />;
}
