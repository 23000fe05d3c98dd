import { Alert, Anchor, Button, Checkbox, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { type TRegisterBody, ZRegisterBody } from '@portal/contract/registration';
import { Link } from 'react-router';
import { showFormError, useSchemaForm } from '../../../ui/form.ts';
import { SchemaForm } from '../../../ui/schema-form.tsx';
import { useRegister } from '../api/registration.ts';

const EMPTY: TRegisterBody = {
  companyName: '',
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  address: '',
  city: '',
  state: '',
  zipCode: '',
  country: 'United States',
  password: '',
  confirmPassword: '',
  acceptTerms: false,
};

/**
 * The sign-up form (settings' allowUserSelfRegistration): the company, its first Admin and their
 * password, checked by the contract's schema; the answer says whether an email link comes first.
 */
export function SignUpForm() {
  const form = useSchemaForm(ZRegisterBody, EMPTY);
  const register = useRegister();

  if (register.isSuccess) {
    return (
      <Alert color="teal" variant="light" title={register.data.emailVerificationRequired ? 'Check your email' : 'Registration received'}>
        {register.data.message}
      </Alert>
    );
  }

  return (
    <SchemaForm form={form} onSubmit={(values) => register.mutate(values, { onError: (e) => showFormError(form, e) })}>
      <Stack gap="md">
        <TextInput label="Company Name" withAsterisk autoComplete="organization" data-autofocus {...form.getInputProps('companyName')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput label="First Name" withAsterisk autoComplete="given-name" {...form.getInputProps('firstName')} />
          <TextInput label="Last Name" withAsterisk autoComplete="family-name" {...form.getInputProps('lastName')} />
        </SimpleGrid>
        <TextInput
          label="Work Email"
          withAsterisk
          type="email"
          autoComplete="email"
          placeholder="you@company.com"
          {...form.getInputProps('email')}
        />
        <TextInput
          label="Phone"
          withAsterisk
          type="tel"
          autoComplete="tel"
          placeholder="+1 (555) 123-4567"
          {...form.getInputProps('phone')}
        />
        <TextInput label="Address" withAsterisk autoComplete="street-address" {...form.getInputProps('address')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput label="City" withAsterisk autoComplete="address-level2" {...form.getInputProps('city')} />
          <TextInput label="State" autoComplete="address-level1" {...form.getInputProps('state')} />
          <TextInput label="ZIP Code" autoComplete="postal-code" {...form.getInputProps('zipCode')} />
          <TextInput label="Country" autoComplete="country-name" {...form.getInputProps('country')} />
        </SimpleGrid>
        <PasswordInput label="Password" withAsterisk autoComplete="new-password" {...form.getInputProps('password')} />
        <PasswordInput label="Confirm Password" withAsterisk autoComplete="new-password" {...form.getInputProps('confirmPassword')} />
        <Checkbox
          label={
            <Text size="sm" component="span">
              I accept the{' '}
              <Anchor component={Link} to="/terms" target="_blank" size="sm">
                Terms of Service
              </Anchor>{' '}
              and the{' '}
              <Anchor component={Link} to="/privacy" target="_blank" size="sm">
                Privacy Policy
              </Anchor>
            </Text>
          }
          {...form.getInputProps('acceptTerms', { type: 'checkbox' })}
        />
        <Group justify="flex-end">
          <Button type="submit" fullWidth loading={register.isPending}>
            Create Account
          </Button>
        </Group>
      </Stack>
    </SchemaForm>
  );
}
