import { Checkbox, Modal, SegmentedControl, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { ZBankBody, ZCardBody } from '@portal/contract/billing';
import { useState } from 'react';
import { showFormError, useSchemaForm } from '../../../ui/form.ts';
import { FormActions } from '../../../ui/form-actions.tsx';
import { isFreshCodeCancelled, useFreshTwoFactor } from '../../../ui/fresh-two-factor.tsx';
import { SchemaForm } from '../../../ui/schema-form.tsx';
import { toastSuccess } from '../../../ui/toast.ts';
import { useAddPaymentMethod } from '../api/billing.ts';

const CARD = { type: 'credit_card' as const, holderName: '', cardNumber: '', expiry: '', cvv: '', isDefault: false };
const BANK = { type: 'bank_account' as const, holderName: '', bankName: '', routingNumber: '', accountNumber: '', isDefault: false };

/** Spec 2.6 Add Method: a card or a bank account, validated like the server does (Luhn, expiry, CVV, ABA). */
export function AddPaymentMethodModal({ customerId, opened, onClose }: { customerId: string; opened: boolean; onClose: () => void }) {
  const [kind, setKind] = useState<'credit_card' | 'bank_account'>('credit_card');
  const card = useSchemaForm(ZCardBody, CARD);
  const bank = useSchemaForm(ZBankBody, BANK);
  const add = useAddPaymentMethod(customerId);

  function close() {
    card.reset();
    bank.reset();
    onClose();
  }
  const fresh = useFreshTwoFactor();
  /** Saves through the fresh-code check (a user with two-factor on confirms with a code when the server asks). */
  const save = <T extends object>(values: T, form: { setErrors: unknown }) =>
    fresh
      .run((twoFactorCode) => add.mutateAsync({ ...values, twoFactorCode } as unknown as Parameters<typeof add.mutateAsync>[0]))
      .then(
        () => {
          toastSuccess('Payment method saved successfully!');
          close();
        },
        (e: unknown) => {
          if (!isFreshCodeCancelled(e)) showFormError(form as Parameters<typeof showFormError>[0], e);
        },
      );

  return (
    <Modal opened={opened} onClose={close} title="Add Payment Method" size="md">
      {fresh.modal}
      <Stack gap="md">
        <SegmentedControl
          value={kind}
          onChange={(v) => setKind(v as typeof kind)}
          data={[
            { value: 'credit_card', label: 'Credit Card' },
            { value: 'bank_account', label: 'Bank Account' },
          ]}
        />
        {kind === 'credit_card' ? (
          <SchemaForm form={card} onSubmit={(v) => void save(v, card)}>
            <Stack gap="sm">
              <TextInput label="Cardholder Name" withAsterisk {...card.getInputProps('holderName')} />
              <TextInput
                label="Card Number"
                withAsterisk
                inputMode="numeric"
                autoComplete="cc-number"
                {...card.getInputProps('cardNumber')}
              />
              <SimpleGrid cols={2}>
                <TextInput
                  label="Expiration (MM/YY)"
                  placeholder="MM/YY"
                  withAsterisk
                  autoComplete="cc-exp"
                  {...card.getInputProps('expiry')}
                />
                <TextInput label="CVV" withAsterisk inputMode="numeric" autoComplete="cc-csc" {...card.getInputProps('cvv')} />
              </SimpleGrid>
              <Checkbox label="Set as default payment method" {...card.getInputProps('isDefault', { type: 'checkbox' })} />
              <FormActions onCancel={close} pending={add.isPending} />
            </Stack>
          </SchemaForm>
        ) : (
          <SchemaForm form={bank} onSubmit={(v) => void save(v, bank)}>
            <Stack gap="sm">
              <TextInput label="Account Holder Name" withAsterisk {...bank.getInputProps('holderName')} />
              <TextInput label="Bank Name" withAsterisk {...bank.getInputProps('bankName')} />
              <SimpleGrid cols={2}>
                <TextInput label="Routing Number" withAsterisk inputMode="numeric" {...bank.getInputProps('routingNumber')} />
                <TextInput label="Account Number" withAsterisk inputMode="numeric" {...bank.getInputProps('accountNumber')} />
              </SimpleGrid>
              <Checkbox label="Set as default payment method" {...bank.getInputProps('isDefault', { type: 'checkbox' })} />
              <FormActions onCancel={close} pending={add.isPending} />
            </Stack>
          </SchemaForm>
        )}
      </Stack>
    </Modal>
  );
}
