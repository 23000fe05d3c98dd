import { ScreenPlaceholder } from '../../../ui/screen-placeholder.tsx';

export function CustomerMessagingPage() {
  return <ScreenPlaceholder />;
}
