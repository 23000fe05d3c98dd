import { Anchor, Button, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PublicLayout } from '../../../ui/public-layout.tsx';

/** /contact: how to reach support, for people who are not signed in. */
export function ContactPage() {
  return (
    <PublicLayout width={560}>
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} size="h2">
            Contact Us
          </Title>
          <Text c="dimmed" size="sm">
            Customers can open and follow support tickets in the Support Center after signing in.
          </Text>
        </Stack>
        <Stack gap={6}>
          <Title order={2} size="h4">
            Support hours (ET)
          </Title>
          <List size="sm" spacing={4}>
            <List.Item>Monday to Friday: 9:00 AM to 8:00 PM</List.Item>
            <List.Item>Saturday: 10:00 AM to 6:00 PM</List.Item>
            <List.Item>Sunday: closed</List.Item>
            <List.Item>Live chat: Monday to Friday, 9:00 AM to 5:00 PM</List.Item>
            <List.Item>Email: we reply within 24 hours</List.Item>
          </List>
          <Text size="sm" c="dimmed">
            Phone support is available to premium customers.
          </Text>
        </Stack>
        <Button component={Link} to="/customer/login">
          Sign in to the Support Center
        </Button>
        <Anchor component={Link} to="/" size="sm">
          Back to the portal
        </Anchor>
      </Stack>
    </PublicLayout>
  );
}
