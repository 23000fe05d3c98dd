import { ScreenPlaceholder } from '../../../ui/screen-placeholder.tsx';

export function ApiAccessPage() {
  return <ScreenPlaceholder />;
}
