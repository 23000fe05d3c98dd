import { ScreenPlaceholder } from '../../../ui/screen-placeholder.tsx';

export function BillingPage() {
  return <ScreenPlaceholder />;
}
