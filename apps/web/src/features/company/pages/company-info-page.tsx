import { ScreenPlaceholder } from '../../../ui/screen-placeholder.tsx';

export function CompanyInfoPage() {
  return <ScreenPlaceholder />;
}
