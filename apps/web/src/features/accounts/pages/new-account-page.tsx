import { ScreenPlaceholder } from '../../../ui/screen-placeholder.tsx';

export function NewAccountPage() {
  return <ScreenPlaceholder />;
}
