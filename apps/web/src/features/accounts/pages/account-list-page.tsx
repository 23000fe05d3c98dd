import { ScreenPlaceholder } from '../../../ui/screen-placeholder.tsx';

export function AccountListPage() {
  return <ScreenPlaceholder />;
}
