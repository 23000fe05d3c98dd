import { ScreenPlaceholder } from '../../../ui/screen-placeholder.tsx';

export function CustomerDetailPage() {
  return <ScreenPlaceholder />;
}
