import { ScreenPlaceholder } from '../../../ui/screen-placeholder.tsx';

export function AccountDetailPage() {
  return <ScreenPlaceholder />;
}
