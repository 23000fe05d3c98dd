#!/usr/bin/env node
// Import boundaries (ARCHITECTURE.md "Imports flow one way"), checked on every lint:
// - packages/contract imports nothing of ours;
// - apps/server and apps/web never import each other;
// - in the web, features/x never imports features/y: features meet only in src/app;
// - in the web, ui/ and lib/ import no feature, ui/ imports nothing of shell/, shell/ imports no feature;
// - in the server, domains/x reaches domains/y only through its service.ts;
// - in the server, lib/ and plugins/ import no domain.
// checkImports() works on a list of { file, imports } (paths relative to the repository root) so
// the rules are tested on fixtures (scripts/check-imports.test.mjs); run directly, it reads the tree.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const WEB = 'apps/web/src';
const SERVER = 'apps/server/src';

/** The first folder under `base` that `file` lies in, or null when it is not under `base`. */
function area(base, file) {
  return file.startsWith(`${base}/`) ? file.slice(base.length + 1).split('/')[0] : null;
}

/** Where a relative import points, as a repository path; package imports (`@portal/x`, `react`) stay as they are. */
function resolveSpec(file, spec) {
  return spec.startsWith('.') ? path.posix.join(path.posix.dirname(file), spec) : null;
}

/** @param {{ file: string; imports: string[] }[]} files  @returns {string[]} the broken rules, one line each */
export function checkImports(files) {
  const problems = [];
  for (const { file, imports } of files) {
    for (const spec of imports) {
      const target = resolveSpec(file, spec);
      const broken = (why) => problems.push(`${file}: ${why} (${spec})`);

      if (file.startsWith('packages/contract/')) {
        if (spec.startsWith('@portal/') || (target && !target.startsWith('packages/contract/'))) {
          broken('the contract must not import anything of ours');
        }
      }
      for (const [app, other, pkg] of [
        ['apps/server/', 'apps/web/', '@portal/web'],
        ['apps/web/', 'apps/server/', '@portal/server'],
      ]) {
        if (file.startsWith(app) && (spec.startsWith(pkg) || target?.startsWith(other))) {
          broken(`${app.slice(0, -1)} must not import ${other.slice(0, -1)}`);
        }
      }
      if (!target) continue;

      // The web: features meet only in src/app.
      const webFrom = area(WEB, file);
      const webFeature = area(`${WEB}/features`, target);
      if (webFeature !== null) {
        const own = area(`${WEB}/features`, file);
        if (own !== null && own !== webFeature) {
          broken(`features/${own} must not import features/${webFeature} (compose them in src/app)`);
        }
        if (webFrom === 'ui' || webFrom === 'lib' || webFrom === 'shell') {
          broken(`${webFrom}/ must not import a feature (features meet in src/app)`);
        }
      }
      if (webFrom === 'ui' && area(WEB, target) === 'shell') broken('ui/ must not import shell/');

      // The server: domains meet through their service.ts; lib/ and plugins/ sit below every domain.
      const domain = area(`${SERVER}/domains`, target);
      if (domain !== null) {
        const own = area(`${SERVER}/domains`, file);
        if (own !== null && own !== domain && !target.endsWith('/service.ts')) {
          broken(`domains/${own} may reach domains/${domain} only through its service.ts`);
        }
        const serverFrom = area(SERVER, file);
        if (serverFrom === 'lib' || serverFrom === 'plugins') broken(`${serverFrom}/ must not import a domain`);
      }
    }
  }
  return problems;
}

const IMPORT_RE = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
export function importsOf(text) {
  return [...text.matchAll(IMPORT_RE)].map((m) => m[1] ?? m[2]);
}

function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else if (/\.(ts|tsx|mts)$/.test(name)) out.push(full);
  }
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(import.meta.dirname, '..');
  const files = ['packages/contract', 'apps/server', 'apps/web'].flatMap((dir) =>
    walk(path.join(root, dir)).map((full) => ({
      file: path.relative(root, full).split(path.sep).join('/'),
      imports: importsOf(readFileSync(full, 'utf8')),
    })),
  );
  const problems = checkImports(files);
  if (problems.length) {
    console.error(`Import boundaries broken:\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  console.log(`Import boundaries: ok (${files.length} files)`);
}
