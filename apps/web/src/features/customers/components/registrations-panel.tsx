import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { REGISTRATION_APPROVED, REGISTRATION_REJECTED, type TRegistration } from '@portal/contract/registration';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useCan } from '../../../lib/session.ts';
import { type Column, DataTable } from '../../../ui/data-table.tsx';
import { DateText } from '../../../ui/date-text.tsx';
import { PhoneText } from '../../../ui/phone-text.tsx';
import { RejectModal } from '../../../ui/reject-modal.tsx';
import { SectionTitle } from '../../../ui/titles.tsx';
import { toastError, toastSuccess } from '../../../ui/toast.ts';
import { registrationsQuery, useReviewRegistration } from '../api/registrations.ts';

/**
 * Companies that signed up through the customer portal's sign-up page and await review (shown
 * above the customer list only while there are any): Approve opens the account, Reject emails the
 * reason and frees the address.
 */
export function RegistrationsPanel() {
  const { data } = useQuery(registrationsQuery);
  const canReview = useCan('customers.write');
  const review = useReviewRegistration();
  const [rejecting, setRejecting] = useState<TRegistration | null>(null);
  const items = data?.items ?? [];
  if (!items.length) return null;

  const approve = (r: TRegistration) =>
    review.mutate(
      { id: r.id },
      { onSuccess: () => toastSuccess(`${REGISTRATION_APPROVED}: ${r.companyName}`), onError: (e) => toastError(e) },
    );

  // Long names and addresses wrap here (a handful of rows to read before deciding), never cut.
  const columns: Column<TRegistration>[] = [
    {
      key: 'company',
      header: 'Company',
      render: (r) => (
        <Stack gap={0} miw={180}>
          <Text size="sm" fw={500}>
            {r.companyName}
          </Text>
          <Text size="xs" c="dimmed">
            {r.address}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'contact',
      header: 'Contact',
      render: (r) => (
        <Stack gap={0} miw={160}>
          <Text size="sm">{r.contactName}</Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {r.email}
          </Text>
          <Text size="xs" c="dimmed">
            <PhoneText value={r.phone} />
          </Text>
        </Stack>
      ),
    },
    { key: 'registeredAt', header: 'Signed Up', kind: 'figure', render: (r) => <DateText value={r.registeredAt} format="stacked" /> },
    {
      key: 'emailVerified',
      header: 'Email',
      kind: 'badge',
      render: (r) => (
        <Badge color={r.emailVerified ? 'teal' : 'yellow'} variant="light">
          {r.emailVerified ? 'Verified' : 'Not verified'}
        </Badge>
      ),
    },
  ];

  const actions = (r: TRegistration) => (
    <Group gap="xs" wrap="nowrap">
      <Button size="xs" onClick={() => approve(r)} loading={review.isPending && review.variables?.id === r.id && !review.variables.reject}>
        Approve
      </Button>
      <Button size="xs" variant="light" color="red" onClick={() => setRejecting(r)}>
        Reject
      </Button>
    </Group>
  );

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <SectionTitle>Registrations awaiting approval ({items.length})</SectionTitle>
        <DataTable
          columns={columns}
          rows={items}
          label="Registrations awaiting approval"
          emptyText="No registrations awaiting approval"
          {...(canReview ? { rowActions: actions } : {})}
        />
      </Stack>
      {rejecting && (
        <RejectModal
          title={`Reject ${rejecting.companyName}`}
          pending={review.isPending}
          onClose={() => setRejecting(null)}
          onReject={(reason) =>
            review.mutate(
              { id: rejecting.id, reject: { reason } },
              {
                onSuccess: () => {
                  toastSuccess(`${REGISTRATION_REJECTED}: ${rejecting.companyName}`);
                  setRejecting(null);
                },
                onError: (e) => toastError(e),
              },
            )
          }
        />
      )}
    </Paper>
  );
}
