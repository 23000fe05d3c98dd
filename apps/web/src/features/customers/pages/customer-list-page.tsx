import { ScreenPlaceholder } from '../../../ui/screen-placeholder.tsx';

export function CustomerListPage() {
  return <ScreenPlaceholder />;
}
