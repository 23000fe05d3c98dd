/** System settings: the defaults, last changed by the demo admin. */
import { DEFAULT_SETTINGS } from '@portal/contract/settings';
import type { SeedContext } from './context.ts';

export function seedSettings(sc: SeedContext): void {
  const admin = sc.staff.find((u) => u.email === 'admin@example.com');
  sc.rows.systemSettings.push({
    key: 'system',
    value: { ...DEFAULT_SETTINGS },
    updatedById: admin?.id ?? null,
    updatedAt: sc.settingsChangedAt,
  });
}
