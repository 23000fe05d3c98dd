import { ScreenPlaceholder } from '../../../ui/screen-placeholder.tsx';

export function UserDetailPage() {
  return <ScreenPlaceholder />;
}
