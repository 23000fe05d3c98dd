import { Group, Text, Tooltip } from '@mantine/core';
import type { TTrend } from '@portal/contract/reports';
import { IconArrowDownRight, IconArrowRight, IconArrowUpRight, IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { SummaryCard } from '../../../ui/summary-card.tsx';
import { type TrendKind, trendDisplay } from './trend.ts';

/** A figure's change against the previous period: arrow, signed percent and colour (the cost sign rule included). */
export function TrendText({ change, kind }: { change: number | null; kind?: TrendKind }) {
  const t = trendDisplay(change, kind);
  const Arrow = t.direction === 'up' ? IconArrowUpRight : t.direction === 'down' ? IconArrowDownRight : IconArrowRight;
  return (
    <Tooltip label={t.description} openDelay={300}>
      <Text
        span
        size="xs"
        c={t.color}
        fw={t.color === 'dimmed' ? 400 : 600}
        data-trend={t.color}
        aria-label={`${t.text}: ${t.description}`}
      >
        {t.direction !== 'none' && <Arrow size={12} aria-hidden style={{ verticalAlign: -1, marginRight: 2 }} />}
        {t.text}
        {t.direction !== 'none' && (
          <Text span size="xs" c="dimmed" fw={400}>
            {' '}
            vs previous
          </Text>
        )}
      </Text>
    </Tooltip>
  );
}

/** A tile with its trend: the figure now, and its change against the previous period of the same length. */
export function TrendTile({
  label,
  trend,
  format,
  kind,
  icon,
  color,
  loading,
}: {
  label: string;
  trend: TTrend | undefined;
  format: (n: number) => ReactNode;
  kind?: TrendKind;
  icon?: ReactNode;
  color?: string;
  loading?: boolean;
}) {
  return (
    <SummaryCard
      label={label}
      value={trend ? format(trend.value) : ''}
      detail={trend ? <TrendText change={trend.change} {...(kind ? { kind } : {})} /> : undefined}
      icon={icon}
      {...(color ? { color } : {})}
      loading={loading || !trend}
    />
  );
}

/** A tile's line with an explanation behind an info mark (Conversion Rate's definition). */
export function Explained({ children, explanation, name }: { children: ReactNode; explanation: string; name: string }) {
  return (
    <Group gap={4} wrap="nowrap" component="span">
      {children}
      <Tooltip label={explanation} multiline w={260} withArrow>
        <Text
          span
          c="blue"
          tabIndex={0}
          role="img"
          aria-label={`How ${name} is computed: ${explanation}`}
          style={{ cursor: 'help', lineHeight: 0 }}
        >
          <IconInfoCircle size={14} aria-hidden />
        </Text>
      </Tooltip>
    </Group>
  );
}
