import { describe, expect, it } from 'vitest';
import { checkImports, importsOf } from './check-imports.mjs';

const check = (file, ...imports) => checkImports([{ file, imports }]);

describe('checkImports', () => {
  it('lets features meet only in src/app', () => {
    expect(check('apps/web/src/app/portal-frame.tsx', '../features/auth/components/profile-menu.tsx')).toEqual([]);
    expect(check('apps/web/src/features/auth/pages/login.tsx', '../api/login.ts', '../../../ui/data-table.tsx')).toEqual([]);
    expect(check('apps/web/src/features/auth/pages/login.tsx', '../../customers/api/customers.ts')).toEqual([
      'apps/web/src/features/auth/pages/login.tsx: features/auth must not import features/customers (compose them in src/app) (../../customers/api/customers.ts)',
    ]);
  });

  it('keeps features out of ui/, lib/ and shell/, and shell/ out of ui/', () => {
    expect(check('apps/web/src/ui/table.tsx', '../features/customers/api/customers.ts')).toHaveLength(1);
    expect(check('apps/web/src/lib/session.ts', '../features/auth/api/login.ts')).toHaveLength(1);
    expect(check('apps/web/src/shell/app-header.tsx', '../features/notifications/components/bell.tsx')).toHaveLength(1);
    expect(check('apps/web/src/ui/table.tsx', '../shell/use-sidebar.ts')).toEqual([
      'apps/web/src/ui/table.tsx: ui/ must not import shell/ (../shell/use-sidebar.ts)',
    ]);
    expect(check('apps/web/src/shell/sidebar.tsx', '../ui/table.tsx', '../lib/session.ts', './nav-items.ts')).toEqual([]);
  });

  it('lets server domains meet through service.ts, and keeps lib/ and plugins/ below the domains', () => {
    expect(check('apps/server/src/domains/auth/service.ts', '../settings/service.ts')).toEqual([]);
    expect(check('apps/server/src/domains/auth/service.ts', '../settings/repo.ts')).toHaveLength(1);
    expect(check('apps/server/src/plugins/auth.ts', '../domains/settings/service.ts')).toEqual([
      'apps/server/src/plugins/auth.ts: plugins/ must not import a domain (../domains/settings/service.ts)',
    ]);
    expect(check('apps/server/src/lib/export.ts', '../domains/cdrs/repo.ts')).toHaveLength(1);
    expect(check('apps/server/src/plugins/auth.ts', '../lib/settings.ts', '../db/client.ts')).toEqual([]);
  });

  it('keeps the contract and the two apps apart', () => {
    expect(check('packages/contract/src/customers.ts', './common.ts', 'zod')).toEqual([]);
    expect(check('packages/contract/src/customers.ts', '@portal/server/app')).toHaveLength(1);
    expect(check('apps/web/src/lib/api.ts', '../../../server/src/app.ts')).toHaveLength(1);
    expect(check('apps/server/src/app.ts', '@portal/web')).toHaveLength(1);
  });

  it('reads static, re-export and dynamic imports', () => {
    const text = "import a from './a.ts';\nexport { b } from '../b.ts';\nconst c = () => import('./c.tsx');\nimport type { D } from 'd';";
    expect(importsOf(text)).toEqual(['./a.ts', '../b.ts', './c.tsx', 'd']);
  });
});
