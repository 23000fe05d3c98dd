import { ScreenPlaceholder } from '../../../ui/screen-placeholder.tsx';

export function UserListPage() {
  return <ScreenPlaceholder />;
}
