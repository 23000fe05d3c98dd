import { List, Stack, Text } from '@mantine/core';
import type { TSupportContact } from '@portal/contract/support';
import { SectionTitle } from '../../../ui/titles.tsx';

/**
 * The support hours and reply times (customer spec, Support Center). Signed-in customers pass what
 * the server says of them: the phone line shows for premium customers only.
 */
export function SupportHours({ contact }: { contact?: TSupportContact | undefined }) {
  return (
    <Stack gap={6}>
      <SectionTitle>Support hours (ET)</SectionTitle>
      <List size="sm" spacing={4}>
        <List.Item>Monday to Friday: 9:00 AM to 8:00 PM</List.Item>
        <List.Item>Saturday: 10:00 AM to 6:00 PM</List.Item>
        <List.Item>Sunday: closed</List.Item>
        <List.Item>Live chat: Monday to Friday, 9:00 AM to 5:00 PM</List.Item>
        <List.Item>Email: we reply within 24 hours</List.Item>
      </List>
      {contact && <Text size="sm">Email: {contact.supportEmail}</Text>}
      {contact?.supportPhone ? (
        <Text size="sm">Phone (premium support): {contact.supportPhone}</Text>
      ) : (
        <Text size="sm" c="dimmed">
          Phone support is available to premium customers.
        </Text>
      )}
    </Stack>
  );
}
