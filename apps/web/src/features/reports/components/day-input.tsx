import '@mantine/dates/styles.css';
import { DatePickerInput } from '@mantine/dates';

const ARIA_LABELS = {
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  previousYear: 'Previous year',
  nextYear: 'Next year',
  previousDecade: 'Previous decade',
  nextDecade: 'Next decade',
  monthLevelControl: 'Choose a month',
  yearLevelControl: 'Choose a year',
};

/** A calendar day ('YYYY-MM-DD' or '') for a report's range: picked from the calendar, clearable, shown MM/DD/YYYY. */
export function DayInput({
  label,
  value,
  onChange,
  error,
  w = 150,
}: {
  label: string;
  value: string;
  onChange: (day: string) => void;
  error?: string | undefined;
  w?: number;
}) {
  return (
    <DatePickerInput
      label={label}
      placeholder="MM/DD/YYYY"
      valueFormat="MM/DD/YYYY"
      value={value || null}
      onChange={(v) => onChange(v ?? '')}
      error={error}
      clearable
      clearButtonProps={{ 'aria-label': `Clear ${label}` }}
      ariaLabels={ARIA_LABELS}
      w={w}
    />
  );
}
