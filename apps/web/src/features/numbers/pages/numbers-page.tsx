import { ScreenPlaceholder } from '../../../ui/screen-placeholder.tsx';

export function NumbersPage() {
  return <ScreenPlaceholder />;
}
