import type { ComponentType } from 'react';
import { type AccountPickerProps, AccountPickerProvider } from '../../ui/account-picker.tsx';

/** A screen with an account picker (the accounts feature's) in its slot. */
export function withAccountPicker(Screen: ComponentType, Picker: ComponentType<AccountPickerProps>): ComponentType {
  return function WithAccountPicker() {
    return (
      <AccountPickerProvider value={Picker}>
        <Screen />
      </AccountPickerProvider>
    );
  };
}

/** A page with one of its tabs given by another feature. */
export function withTab<P extends object>(Page: ComponentType<P>, props: P): ComponentType {
  return function WithTab() {
    return <Page {...props} />;
  };
}
