import { NOTIFICATION_FLAG_KEYS, NOTIFICATION_PREFERENCE_KEYS } from '@portal/contract/settings';
import { describe, expect, it } from 'vitest';
import { FLAG_GROUPS, PREFERENCE_COLUMNS, typeLabel } from './notification-labels.ts';

describe('notification labels', () => {
  it('label each of the 20 flags once, in five groups', () => {
    const keys = FLAG_GROUPS.flatMap((g) => g.flags.map((f) => f.key));
    expect([...keys].sort()).toEqual([...NOTIFICATION_FLAG_KEYS].sort());
    expect(FLAG_GROUPS.map((g) => g.id)).toEqual(['billing', 'usage', 'service', 'security', 'communication']);
    // each flag sits in the group its key names
    for (const g of FLAG_GROUPS.slice(0, 4)) for (const f of g.flags) expect(f.key.startsWith(g.id)).toBe(true);
  });

  it('label each of the 9 preferences once, in words', () => {
    const labels = PREFERENCE_COLUMNS.flatMap((c) => c.preferences);
    expect(labels.map((p) => p.key).sort()).toEqual([...NOTIFICATION_PREFERENCE_KEYS].sort());
    expect(labels.find((p) => p.key === 'emailBilling')?.label).toBe('Email: Billing');
    expect(labels.find((p) => p.key === 'inAppBadge')?.label).toBe('In-app: Show badge');
  });

  it('capitalize the lower-case types', () => {
    expect(typeLabel('ticket')).toBe('Ticket');
    expect(typeLabel('Billing')).toBe('Billing');
  });
});
