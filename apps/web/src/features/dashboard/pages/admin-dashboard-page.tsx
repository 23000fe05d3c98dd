import { ScreenPlaceholder } from '../../../ui/screen-placeholder.tsx';

export function AdminDashboardPage() {
  return <ScreenPlaceholder />;
}
