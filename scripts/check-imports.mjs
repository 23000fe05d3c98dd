#!/usr/bin/env node
// Import boundaries (ARCHITECTURE.md "Imports flow one way"), checked on every lint:
// - packages/contract imports nothing of ours;
// - apps/server and apps/web never import each other;
// - in the web, features/x never imports features/y (they meet in src/app);
// - in the server, domains/x reaches domains/y only through its service.ts.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const problems = [];

function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else if (/\.(ts|tsx|mts)$/.test(name)) out.push(full);
  }
  return out;
}

const IMPORT_RE = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
function importsOf(file) {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(IMPORT_RE)].map((m) => m[1] ?? m[2]);
}
const rel = (f) => path.relative(root, f);

for (const file of walk(path.join(root, 'packages/contract/src'))) {
  for (const spec of importsOf(file)) {
    if (
      spec.startsWith('@portal/') ||
      (spec.startsWith('.') && !path.resolve(path.dirname(file), spec).startsWith(path.join(root, 'packages/contract')))
    ) {
      problems.push(`${rel(file)}: the contract must not import ${spec}`);
    }
  }
}

for (const [app, other] of [
  ['apps/server', 'apps/web'],
  ['apps/web', 'apps/server'],
]) {
  const dir = path.join(root, app);
  for (const file of walk(dir)) {
    for (const spec of importsOf(file)) {
      const target = spec.startsWith('.') ? path.resolve(path.dirname(file), spec) : '';
      if (spec.startsWith(`@portal/${other.split('/')[1]}`) || target.startsWith(path.join(root, other))) {
        problems.push(`${rel(file)}: ${app} must not import ${other} (${spec})`);
      }
    }
  }
}

const features = path.join(root, 'apps/web/src/features');
try {
  for (const file of walk(features)) {
    const own = path.relative(features, file).split(path.sep)[0];
    for (const spec of importsOf(file)) {
      if (!spec.startsWith('.')) continue;
      const target = path.resolve(path.dirname(file), spec);
      if (target.startsWith(features + path.sep)) {
        const theirs = path.relative(features, target).split(path.sep)[0];
        if (theirs !== own) problems.push(`${rel(file)}: features/${own} must not import features/${theirs} (compose them in src/app)`);
      }
    }
  }
} catch {
  // no features yet
}

const domains = path.join(root, 'apps/server/src/domains');
for (const file of walk(domains)) {
  const own = path.relative(domains, file).split(path.sep)[0];
  for (const spec of importsOf(file)) {
    if (!spec.startsWith('.')) continue;
    const target = path.resolve(path.dirname(file), spec);
    if (!target.startsWith(domains + path.sep)) continue;
    const theirs = path.relative(domains, target).split(path.sep)[0];
    if (theirs !== own && !/service\.ts$/.test(target)) {
      problems.push(`${rel(file)}: domains/${own} may reach domains/${theirs} only through its service.ts (${spec})`);
    }
  }
}

if (problems.length) {
  console.error(`Import boundaries broken:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('Import boundaries: ok');
