import { ScreenPlaceholder } from '../../../ui/screen-placeholder.tsx';

export function SupportToolsPage() {
  return <ScreenPlaceholder />;
}
