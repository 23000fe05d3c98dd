import { useQuery } from '@tanstack/react-query';
import { formatUsd } from '../../../lib/format.ts';
import { SummaryCard, SummaryCards } from '../../../ui/summary-card.tsx';
import { numberSummaryQuery } from '../api/numbers.ts';

/** Spec 2.8: Total Numbers, Monthly Cost, DID/TFN counts, Voice/SMS/Fax counts, from the rows in scope. */
export function NumberSummaryCards({ scope }: { scope: { customerId?: string | undefined; accountId?: string | undefined } }) {
  const { data, isPending } = useQuery(numberSummaryQuery(scope));
  const n = (v: number | undefined) => (v ?? 0).toLocaleString('en-US');
  return (
    <SummaryCards testId="number-summary">
      <SummaryCard label="Total Numbers" value={n(data?.total)} loading={isPending} />
      <SummaryCard label="Monthly Cost" value={formatUsd(data?.monthlyCost ?? 0)} loading={isPending} />
      <SummaryCard label="DID / TFN" value={`${n(data?.did)} / ${n(data?.tfn)}`} loading={isPending} />
      <SummaryCard label="Voice / SMS / Fax" value={`${n(data?.voice)} / ${n(data?.sms)} / ${n(data?.fax)}`} loading={isPending} />
    </SummaryCards>
  );
}
