/**
 * First-load budget: the JavaScript the sign-in page loads, gzipped, must stay within 130 kB (issue 17;
 * QUALITY.md's budget is 150 kB). Reads the built app (run `npm run build -w apps/web` first); builds
 * nothing itself. The server sends the sign-in addresses sign-in.html, the sign-in page's own entry
 * (apps/web/src/sign-in-main.ts): it loads that entry chunk with its static imports, and the live
 * page the entry imports once the page is drawn (sign-in.html preloads it) with its static imports;
 * the build puts the sign-in page among them, else it is a chunk of its own loaded after the entry,
 * with its own imports. Also prints the stylesheets those chunks bring (no budget).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 130;
const QUALITY_BUDGET_KB = 150;
const SIGN_IN_HTML = 'sign-in.html';
// PORTAL_WEB_DIST: the same folder the build wrote to (see apps/web/vite.config.ts).
const DIST = path.resolve(import.meta.dirname, '..', process.env.PORTAL_WEB_DIST ?? 'apps/web/dist');
const LOGIN_MODULE = 'src/features/auth/pages/login-page.tsx';

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[]; css?: string[] };
type Manifest = Record<string, ManifestChunk>;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const manifestPath = path.join(DIST, '.vite/manifest.json');
if (!existsSync(manifestPath)) fail(`No build found at ${DIST}: run \`npm run build -w apps/web\` first.`);
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
if (!existsSync(path.join(DIST, SIGN_IN_HTML))) fail(`No ${SIGN_IN_HTML} in ${DIST}: the build has no sign-in entry.`);
const html = readFileSync(path.join(DIST, SIGN_IN_HTML), 'utf8');

/** The chunk and everything it imports statically: what the browser must fetch before running it. */
function withStaticImports(key: string, into: Set<string>): Set<string> {
  const chunk = manifest[key] ?? fail(`${key} is not in the Vite manifest`);
  if (into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) withStaticImports(imported, into);
  return into;
}

const entryKey =
  SIGN_IN_HTML in manifest && manifest[SIGN_IN_HTML]?.isEntry ? SIGN_IN_HTML : fail(`${SIGN_IN_HTML} is no entry of the manifest`);
const entryFile = manifest[entryKey]?.file ?? '';
if (!html.includes(entryFile)) fail(`${SIGN_IN_HTML} does not load the manifest's entry ${entryFile}`);

const files = withStaticImports(entryKey, new Set());
// the live page, which the entry imports at its first frame (and sign-in.html preloads)
for (const live of manifest[entryKey]?.dynamicImports ?? []) withStaticImports(live, files);
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

console.log(
  `Sign-in page JavaScript, ${SIGN_IN_HTML} (gzipped; the sign-in page ${ownChunk ? 'in a chunk of its own' : 'with the entry'}):`,
);
for (const row of rows.sort((a, b) => b.gzipped - a.gzipped)) console.log(`  ${kb(row.gzipped).toFixed(1).padStart(7)} kB  ${row.file}`);
const within = kb(total) <= BUDGET_KB;
console.log(
  `first-load: sign-in page JS ${kb(total).toFixed(1)} kB gzipped; budget ${BUDGET_KB} kB (${within ? 'within' : 'OVER'} budget; QUALITY.md's ${QUALITY_BUDGET_KB} kB)`,
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

// The portal app (index.html) after signing in: what its entry loads beyond the sign-in page's
// files, which the sign-in page prefetches once its form shows, with the portal frame's (no budget).
if (manifest['index.html']?.isEntry) {
  const portal = withStaticImports('index.html', new Set());
  let more = 0;
  for (const file of portal) if (!files.has(file)) more += gzipSync(readFileSync(path.join(DIST, file)), { level: 9 }).length;
  console.log(
    `first-load: the portal app's entry (index.html) loads ${kb(more).toFixed(1)} kB gzipped of JavaScript more (prefetched by the sign-in page)`,
  );
}
