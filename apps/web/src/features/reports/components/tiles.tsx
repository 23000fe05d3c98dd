import { Group, SimpleGrid, Text, Tooltip } from '@mantine/core';
import type { TReport, TTrend } from '@portal/contract/reports';
import {
  IconActivity,
  IconArrowDownRight,
  IconArrowRight,
  IconArrowUpRight,
  IconClockHour4,
  IconInfoCircle,
  IconPhoneCall,
  type Icon as TablerIcon,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { SummaryCard, SummaryCards } from '../../../ui/summary-card.tsx';
import { percent, seconds } from './format.ts';
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

/**
 * One tile of a report's row: a figure with its change against the previous period (`trend`, shown
 * through `format`), or a plain figure (`value`, with an optional line under it).
 */
export type ReportTile = { label: string; icon?: TablerIcon; color?: string } & (
  | { trend: TTrend | undefined; format: (n: number) => ReactNode; kind?: TrendKind }
  | { value: ReactNode; detail?: ReactNode }
);

/** Five figures make one row of five on a wide screen; otherwise four across (SummaryCards). */
const FIVE_ACROSS = { base: 1, xs: 2, md: 3, lg: 5 };

function Tile({ tile: { icon: TileIcon, ...t } }: { tile: ReportTile }) {
  const icon = TileIcon ? <TileIcon size={20} /> : undefined;
  return 'trend' in t ? <TrendTile {...t} icon={icon} /> : <SummaryCard {...t} icon={icon} />;
}

/** A tab's row of tiles, from their definitions: four across (five when there are five), two on a tablet, one on a phone. */
export function ReportTiles({ tiles }: { tiles: ReportTile[] }) {
  const cards = tiles.map((t) => <Tile key={t.label} tile={t} />);
  if (tiles.length === 5)
    return (
      <SimpleGrid cols={FIVE_ACROSS} spacing="md" data-testid="report-tiles">
        {cards}
      </SimpleGrid>
    );
  return <SummaryCards testId="report-tiles">{cards}</SummaryCards>;
}

/** The service-quality figures the Overview and Performance tabs both lead with: SMS Delivery Rate, Voice ASR, Average Latency. */
export const qualityTiles = (o: TReport['overview']): ReportTile[] => [
  { label: 'SMS Delivery Rate', trend: o.smsDeliveryRate, format: percent, icon: IconActivity, color: 'teal' },
  { label: 'Voice ASR', trend: o.voiceAsr, format: percent, icon: IconPhoneCall, color: 'grape' },
  { label: 'Average Latency', trend: o.averageLatency, format: seconds, kind: 'lowerIsBetter', icon: IconClockHour4, color: 'orange' },
];
