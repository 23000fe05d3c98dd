import { ScreenPlaceholder } from '../../../ui/screen-placeholder.tsx';

export function CustomerDashboardPage() {
  return <ScreenPlaceholder />;
}
