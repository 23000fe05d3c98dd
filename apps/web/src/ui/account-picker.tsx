import { type ComponentType, createContext, type ReactNode, useContext } from 'react';

/** What a screen asks of an account picker; the accounts feature provides the picker (composed in app/). */
export interface AccountPickerProps {
  /** The chosen account's id; empty for none. */
  value?: string;
  onChange: (accountId: string) => void;
  /** Staff: only this customer's accounts. */
  customerId?: string | undefined;
  label?: string;
  /** Shown while nothing is chosen (e.g. "All accounts" for a filter). */
  placeholder?: string;
  /** Accounts not offered (e.g. the one the numbers are already in). */
  exclude?: string[];
  /** "Customer — Account" labels, for staff looking across customers. */
  withCustomer?: boolean;
  error?: ReactNode;
  withAsterisk?: boolean;
  onBlur?: () => void;
  w?: number;
}

const Slot = createContext<ComponentType<AccountPickerProps> | null>(null);

/**
 * Features never import each other: a screen of numbers or voice gets the accounts feature's
 * picker through this slot, filled where the features meet (src/app).
 */
export const AccountPickerProvider = Slot.Provider;

/** The provided account picker. */
export function AccountPicker(props: AccountPickerProps) {
  const Picker = useContext(Slot);
  if (!Picker) throw new Error('No account picker: wrap the screen in <AccountPickerProvider> (src/app)');
  return <Picker {...props} />;
}
