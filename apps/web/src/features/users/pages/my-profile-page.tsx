import { ScreenPlaceholder } from '../../../ui/screen-placeholder.tsx';

export function MyProfilePage() {
  return <ScreenPlaceholder />;
}
