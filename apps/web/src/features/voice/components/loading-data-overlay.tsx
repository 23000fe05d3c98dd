import { LoadingOverlay, Text } from '@mantine/core';

/** Spec 2.9: reloading the voice data for another account shows 'Loading data...' over the list. */
export function LoadingDataOverlay({ visible }: { visible: boolean }) {
  return <LoadingOverlay visible={visible} loaderProps={{ children: <Text fw={500}>Loading data...</Text> }} />;
}
