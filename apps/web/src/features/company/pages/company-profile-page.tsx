import { ScreenPlaceholder } from '../../../ui/screen-placeholder.tsx';

export function CompanyProfilePage() {
  return <ScreenPlaceholder />;
}
