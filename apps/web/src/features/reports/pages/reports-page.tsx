import { ScreenPlaceholder } from '../../../ui/screen-placeholder.tsx';

export function ReportsPage() {
  return <ScreenPlaceholder />;
}
