import { schemaResolver, type UseFormReturnType, useForm } from '@mantine/form';
import type { z } from 'zod';
import { isApiError } from '../lib/api.ts';
import { toastError } from './toast.ts';

/**
 * The one form pattern: Mantine's useForm validated by the contract's Zod schema (the same schema
 * the server checks the request with). Submit with `form.onSubmit(values => mutation.mutate(values))`
 * and pass failures to `showFormError(form, error)`.
 */
export function useSchemaForm<V extends Record<string, unknown>>(schema: z.ZodType, initialValues: V) {
  return useForm<V>({
    mode: 'controlled',
    initialValues,
    validate: schemaResolver(schema, { sync: true }),
    validateInputOnBlur: true,
  });
}

/**
 * Puts the server's 400 field errors next to their fields (keys are dotted paths, as the form
 * uses) and toasts the message; any other failure is only toasted.
 */
export function showFormError<V>(form: UseFormReturnType<V>, error: unknown): void {
  if (isApiError(error) && Object.keys(error.fields).length > 0) form.setErrors(error.fields);
  toastError(error);
}
