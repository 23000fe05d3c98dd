import { Button, Group, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { ZBudgetBody } from '@portal/contract/billing';
import { useEffect } from 'react';
import { showFormError, useSchemaForm } from '../../../ui/form.ts';
import { SchemaForm } from '../../../ui/schema-form.tsx';
import { toastSuccess } from '../../../ui/toast.ts';
import { useSetBudget } from '../api/billing.ts';

/**
 * An account's monthly budget (billing.write): the server alerts at 75, 90 and 100 % of it. An
 * empty amount removes it.
 */
export function BudgetCard({ accountId, current }: { accountId: string; current: number | null | undefined }) {
  const form = useSchemaForm(ZBudgetBody, { monthlyBudget: null as number | null });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the saved budget fills the field when it is known or changes, unless it is being edited
  useEffect(() => {
    if (current !== undefined && !form.isDirty()) {
      form.setInitialValues({ monthlyBudget: current });
      form.setValues({ monthlyBudget: current });
    }
  }, [current]);
  const save = useSetBudget();
  const budget = form.getValues().monthlyBudget;
  return (
    <Paper withBorder px="md" py="xs" radius="md">
      <SchemaForm
        form={form}
        onSubmit={({ monthlyBudget }) =>
          save.mutate(
            { accountId, monthlyBudget },
            {
              onSuccess: () => {
                toastSuccess(monthlyBudget === null ? 'Monthly budget removed' : 'Monthly budget saved');
                form.resetDirty();
              },
              onError: (e) => showFormError(form, e),
            },
          )
        }
      >
        <Group gap="sm" align="center" wrap="wrap">
          <Stack gap={0} style={{ flex: '1 1 240px' }}>
            <Title order={2} size="h5" id="budget-title">
              Monthly budget
            </Title>
            <Text size="xs" c="dimmed">
              Alerts at 75%, 90% and 100% of it; leave it empty to remove it.
            </Text>
          </Stack>
          <NumberInput
            aria-labelledby="budget-title"
            placeholder="No budget"
            leftSection="$"
            w={170}
            min={0}
            decimalScale={2}
            thousandSeparator=","
            {...form.getInputProps('monthlyBudget')}
            value={budget ?? ''}
            onChange={(v) => form.setFieldValue('monthlyBudget', v === '' ? null : Number(v))}
          />
          <Button type="submit" variant="light" loading={save.isPending}>
            Save Budget
          </Button>
        </Group>
      </SchemaForm>
    </Paper>
  );
}
