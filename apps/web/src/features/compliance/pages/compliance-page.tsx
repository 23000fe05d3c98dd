import { ScreenPlaceholder } from '../../../ui/screen-placeholder.tsx';

export function CompliancePage() {
  return <ScreenPlaceholder />;
}
