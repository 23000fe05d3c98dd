/**
 * First-load budget (QUALITY.md): the JavaScript the sign-in page loads, gzipped, must stay within 150 kB.
 * Reads the built app (run `npm run build -w apps/web` first); builds nothing itself.
 * The sign-in page loads the entry chunk with its static imports; the build puts the sign-in page
 * among them (apps/web/src/main.tsx imports it), else it is a chunk of its own loaded after the
 * entry, with its own imports. Also prints the stylesheets those chunks bring (no budget).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 150;
// PORTAL_WEB_DIST: the same folder the build wrote to (see apps/web/vite.config.ts).
const DIST = path.resolve(import.meta.dirname, '..', process.env.PORTAL_WEB_DIST ?? 'apps/web/dist');
const LOGIN_MODULE = 'src/features/auth/pages/login-page.tsx';

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[]; css?: string[] };
type Manifest = Record<string, ManifestChunk>;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const manifestPath = path.join(DIST, '.vite/manifest.json');
if (!existsSync(manifestPath)) fail(`No build found at ${DIST}: run \`npm run build -w apps/web\` first.`);
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
const html = readFileSync(path.join(DIST, 'index.html'), 'utf8');

/** The chunk and everything it imports statically: what the browser must fetch before running it. */
function withStaticImports(key: string, into: Set<string>): Set<string> {
  const chunk = manifest[key] ?? fail(`${key} is not in the Vite manifest`);
  if (into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) withStaticImports(imported, into);
  return into;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry) ?? fail('No entry chunk in the manifest');
const entryFile = manifest[entryKey]?.file ?? '';
if (!html.includes(entryFile)) fail(`index.html does not load the manifest's entry ${entryFile}`);

const files = withStaticImports(entryKey, new Set());
// Its own chunk when the build did not put it with the entry (a second round trip before the form).
const ownChunk = LOGIN_MODULE in manifest;
if (ownChunk) withStaticImports(LOGIN_MODULE, files);
const kb = (bytes: number) => bytes / 1000;
let total = 0;
const rows = [...files].map((file) => {
  const gzipped = gzipSync(readFileSync(path.join(DIST, file)), { level: 9 }).length;
  total += gzipped;
  return { file, gzipped };
});

console.log(`Sign-in page JavaScript (gzipped; the sign-in page ${ownChunk ? 'in a chunk of its own' : 'with the entry'}):`);
for (const row of rows.sort((a, b) => b.gzipped - a.gzipped)) console.log(`  ${kb(row.gzipped).toFixed(1).padStart(7)} kB  ${row.file}`);
const within = kb(total) <= BUDGET_KB;
console.log(
  `first-load: sign-in page JS ${kb(total).toFixed(1)} kB gzipped; budget ${BUDGET_KB} kB (${within ? 'within' : 'OVER'} budget)`,
);
if (!within) process.exitCode = 1;

const stylesheets = new Set(
  Object.values(manifest)
    .filter((chunk) => files.has(chunk.file))
    .flatMap((chunk) => chunk.css ?? []),
);
let css = 0;
for (const file of stylesheets) css += gzipSync(readFileSync(path.join(DIST, file)), { level: 9 }).length;
console.log(`first-load: sign-in page CSS ${kb(css).toFixed(1)} kB gzipped (${[...stylesheets].join(', ')})`);
