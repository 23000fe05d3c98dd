import { ColorSwatch, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import type { TCustomerDashboard } from '@portal/contract/dashboard';
import { useId } from 'react';
import { formatDate } from '../../../lib/format.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { MoneyText } from '../../../ui/money-text.tsx';

const COLOURS: Record<string, string> = { SMS: 'blue', Voice: 'teal', Numbers: 'grape', Other: 'gray' };

/** A share as the Reports page writes it: at most one decimal (35%, 12.5%). */
const percent = (n: number) => `${n.toLocaleString('en-US', { maximumFractionDigits: 1 })}%`;

/**
 * Customer dashboard: each service's share of this month's spend (SMS, Voice, Numbers and Other,
 * the Reports Overview's Service Breakdown of This Month) as one stacked bar and a list with the
 * amounts; the period and the zone its days are counted in under the title.
 */
export function ServiceShares({ shares, month }: { shares: TCustomerDashboard['serviceShares']; month: TCustomerDashboard['month'] }) {
  const total = shares.reduce((sum, s) => sum + s.amount, 0);
  const spent = shares.some((s) => s.amount > 0);
  const titleId = useId();
  return (
    <Paper component="section" aria-labelledby={titleId} withBorder p="md" radius="md" h="100%">
      <Stack gap="sm">
        <div>
          <Title id={titleId} order={3} size="h5">
            Service Shares
          </Title>
          <Text size="xs" c="dimmed">
            This month, {formatDate(month.startDate)} – {formatDate(month.endDate)} ({month.timeZone})
          </Text>
        </div>
        {spent ? (
          <>
            <Progress.Root size="lg" aria-hidden>
              {shares
                .filter((s) => s.percent > 0)
                .map((s) => (
                  <Progress.Section key={s.service} value={s.percent} color={COLOURS[s.service] ?? 'blue'} />
                ))}
            </Progress.Root>
            <Stack gap={6} role="list" aria-label="Service Shares">
              {shares.map((s) => (
                <Group key={s.service} role="listitem" gap="xs" wrap="nowrap" justify="space-between">
                  <Group gap="xs" wrap="nowrap" miw={0}>
                    <ColorSwatch color={`var(--mantine-color-${COLOURS[s.service] ?? 'blue'}-filled)`} size={12} withShadow={false} />
                    <Text size="sm" fw={500}>
                      {s.service}
                    </Text>
                  </Group>
                  <Text size="sm" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                    <MoneyText value={s.amount} c="dimmed" />{' '}
                    <Text span inherit fw={600} data-share={s.service} display="inline-block" miw="3.5em" ta="right">
                      {percent(s.percent)}
                    </Text>
                  </Text>
                </Group>
              ))}
            </Stack>
            <Group
              justify="space-between"
              gap="xs"
              wrap="nowrap"
              pt={6}
              style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
            >
              <Text size="sm" c="dimmed">
                Total
              </Text>
              <Text size="sm" fw={600}>
                <MoneyText value={total} />
              </Text>
            </Group>
            <Text size="xs" c="dimmed">
              Other: invoiced services and charges besides usage and number fees.
            </Text>
          </>
        ) : (
          <EmptyState text="No usage this month" />
        )}
      </Stack>
    </Paper>
  );
}
