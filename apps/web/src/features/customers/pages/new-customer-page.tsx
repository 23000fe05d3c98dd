import { ScreenPlaceholder } from '../../../ui/screen-placeholder.tsx';

export function NewCustomerPage() {
  return <ScreenPlaceholder />;
}
