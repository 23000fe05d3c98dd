import { Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { formatUsd } from '../../../lib/format.ts';
import { numberSummaryQuery } from '../api/numbers.ts';

function Card({ label, value, loading }: { label: string; value: ReactNode; loading: boolean }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {loading ? (
        <Skeleton h={28} mt={6} />
      ) : (
        <Text fw={700} size="xl" mt={4} style={{ fontVariantNumeric: 'tabular-nums' }}>
          {value}
        </Text>
      )}
    </Paper>
  );
}

/** Spec 2.8: Total Numbers, Monthly Cost, DID/TFN counts, Voice/SMS/Fax counts, from the rows in scope. */
export function NumberSummaryCards({ scope }: { scope: { customerId?: string | undefined; accountId?: string | undefined } }) {
  const { data, isPending } = useQuery(numberSummaryQuery(scope));
  const n = (v: number | undefined) => (v ?? 0).toLocaleString('en-US');
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md" data-testid="number-summary">
      <Card label="Total Numbers" value={n(data?.total)} loading={isPending} />
      <Card label="Monthly Cost" value={formatUsd(data?.monthlyCost ?? 0)} loading={isPending} />
      <Card label="DID / TFN" value={`${n(data?.did)} / ${n(data?.tfn)}`} loading={isPending} />
      <Card label="Voice / SMS / Fax" value={`${n(data?.voice)} / ${n(data?.sms)} / ${n(data?.fax)}`} loading={isPending} />
    </SimpleGrid>
  );
}
