import { ScreenPlaceholder } from '../../../ui/screen-placeholder.tsx';

export function VoicePage() {
  return <ScreenPlaceholder />;
}
