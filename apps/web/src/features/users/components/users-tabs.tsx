import type { ReactNode } from 'react';
import { PageTabs } from '../../../ui/page-frame.tsx';

/** The users screen's two tabs (admin spec 2.11): List, and Add/Edit holding the user form. */
export function UsersTabs({
  active,
  onChange,
  list,
  form,
}: {
  active: 'list' | 'form';
  onChange: (tab: 'list' | 'form') => void;
  list: ReactNode;
  form: ReactNode;
}) {
  return (
    <PageTabs
      value={active}
      onChange={(v) => onChange(v === 'form' ? 'form' : 'list')}
      tabs={[
        ['list', 'List'],
        ['form', 'Add/Edit'],
      ]}
      panels={{ list, form }}
    />
  );
}
