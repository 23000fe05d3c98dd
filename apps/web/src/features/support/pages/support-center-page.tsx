import { ScreenPlaceholder } from '../../../ui/screen-placeholder.tsx';

export function SupportCenterPage() {
  return <ScreenPlaceholder />;
}
