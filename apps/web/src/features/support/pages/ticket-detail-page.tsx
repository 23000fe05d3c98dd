import { ScreenPlaceholder } from '../../../ui/screen-placeholder.tsx';

export function TicketDetailPage() {
  return <ScreenPlaceholder />;
}
