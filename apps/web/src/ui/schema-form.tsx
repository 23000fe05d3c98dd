import type { FormErrors, UseFormReturnType } from '@mantine/form';
import type { ComponentPropsWithoutRef, ReactNode } from 'react';

/**
 * The form element of the one form pattern (see useSchemaForm in form.ts): the contract's schema
 * checks it on submit and errors show inline; noValidate keeps the browser's own bubbles away.
 */
export function SchemaForm<V>({
  form,
  onSubmit,
  onInvalid,
  children,
  ...rest
}: {
  form: UseFormReturnType<V>;
  onSubmit: (values: V) => void;
  /** Told the fields in error when the schema refuses the values (e.g. to show the tab they are on). */
  onInvalid?: (errors: FormErrors) => void;
  children: ReactNode;
} & Omit<ComponentPropsWithoutRef<'form'>, 'onSubmit' | 'onInvalid' | 'children' | 'noValidate'>) {
  return (
    <form noValidate onSubmit={form.onSubmit(onSubmit, onInvalid)} {...rest}>
      {children}
    </form>
  );
}
