import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
// the sign-in addresses, as the app knows them (the server has its own copy: it imports nothing of the web app)
import { isSignInPath } from './src/lib/portal.ts';

const COMPRESSIBLE = /\.(js|css|html|svg|json|map)$/;

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the build, at the
 * strongest settings (build time, not request time, pays for them); the server sends the copy the
 * browser accepts (@fastify/static preCompressed, issue 17).
 */
function precompress(): Plugin {
  return {
    name: 'portal-precompress',
    apply: 'build',
    writeBundle(options) {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const file = path.join(dir, name);
          return statSync(file).isDirectory() ? walk(file) : [file];
        });
      for (const file of walk(options.dir ?? 'dist').filter((f) => COMPRESSIBLE.test(f))) {
        const body = readFileSync(file);
        if (body.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

/**
 * react-router's package exports point every condition at its development build (dev warnings and
 * their strings); the build takes the production build that ships beside it (the same code with
 * ENABLE_DEV_WARNINGS off).
 */
const REACT_ROUTER_PRODUCTION = [
  { find: /^react-router$/, replacement: fileURLToPath(import.meta.resolve('react-router').replace('/development/', '/production/')) },
  {
    find: /^react-router\/dom$/,
    replacement: fileURLToPath(import.meta.resolve('react-router/dom').replace('/development/', '/production/')),
  },
];

const PORTAL_HTML = path.resolve(import.meta.dirname, 'index.html');
/** The shell every signed-in screen loads first (a lazy route of the portal app). */
const PORTAL_FRAME = path.resolve(import.meta.dirname, 'src/app/portal-frame.tsx');
const SIGN_IN_HTML = path.resolve(import.meta.dirname, 'sign-in.html');
/** The HTML pages and their scripts stay the entry chunks each page names. */
const ENTRY_MODULES = [
  PORTAL_HTML,
  SIGN_IN_HTML,
  path.resolve(import.meta.dirname, 'src/main.tsx'),
  path.resolve(import.meta.dirname, 'src/sign-in-main.tsx'),
];
const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](query-core|react-query)|@mantine[\\/]core[\\/]esm[\\/]core|clsx)[\\/]/;
const ROUTER = /node_modules[\\/]react-router[\\/]/;

/** What a codeSplitting group's `name` function is given of the module graph (rolldown's ChunkingContext). */
type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

/**
 * The modules sign-in.html imports, directly or not, statically: the sign-in page's first load.
 * (A barrel such as @mantine/core's index imports every component: all of them count, but only what
 * the portal's first load uses of them is in the bundle's first-load chunks at all.)
 */
let signInModules: Set<string> | undefined;
function signInGraph(ctx: ModuleGraph): Set<string> {
  if (signInModules) return signInModules;
  const found = new Set<string>();
  const visit = (id: string) => {
    if (found.has(id)) return;
    found.add(id);
    for (const imported of ctx.getModuleInfo(id)?.importedIds ?? []) visit(imported);
  };
  visit(SIGN_IN_HTML);
  signInModules = found;
  return found;
}

/**
 * The sign-in page's own HTML entry (issue 17), sign-in.html with src/sign-in-main.tsx: the dev
 * server sends it for the sign-in addresses, as the server does; and the build names in its
 * `portal-files` meta what the portal app loads after signing in beyond the sign-in page's own
 * files (index.html's entry, the portal frame's chunk, their static imports and stylesheets), which
 * sign-in-main.tsx prefetches once the form is drawn: after signing in, the portal then starts about
 * as soon as it did when the sign-in page was one of its routes.
 */
function signInPage(): Plugin {
  return {
    name: 'portal-sign-in-page',
    buildStart() {
      signInModules = undefined;
    },
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const [pathname = '', query] = (req.url ?? '').split('?', 2);
        if (isSignInPath(pathname)) req.url = `/sign-in.html${query === undefined ? '' : `?${query}`}`;
        next();
      });
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const { bundle, chunk } = ctx;
        if (!bundle || !chunk || path.basename(ctx.filename) !== 'sign-in.html') return;
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        const graph = (entry: (typeof chunks)[number], into = new Set<string>()): Set<string> => {
          if (into.has(entry.fileName)) return into;
          into.add(entry.fileName);
          for (const css of entry.viteMetadata?.importedCss ?? []) into.add(css);
          for (const file of entry.imports) {
            const imported = chunks.find((c) => c.fileName === file);
            if (imported) graph(imported, into);
          }
          return into;
        };
        const portal = chunks.find((c) => c.isEntry && c.facadeModuleId === PORTAL_HTML);
        const frame = chunks.find((c) => c.facadeModuleId === PORTAL_FRAME);
        if (!portal || !frame) throw new Error('sign-in.html: no chunk for index.html or the portal frame in the bundle');
        const own = graph(chunk);
        const files = [...graph(frame, graph(portal))].filter((file) => !own.has(file)).map((file) => `/${file}`);
        return [{ tag: 'meta', attrs: { name: 'portal-files', content: files.join(' ') }, injectTo: 'head' }];
      },
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [react(), precompress(), signInPage()],
  resolve: { alias: command === 'build' ? REACT_ROUTER_PRODUCTION : [] },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    // PORTAL_WEB_DIST: a separate output folder when several builds share one checkout.
    outDir: process.env.PORTAL_WEB_DIST ? path.resolve(import.meta.dirname, '../..', process.env.PORTAL_WEB_DIST) : 'dist',
    emptyOutDir: true,
    // bench/first-load.ts reads the manifest to find what the sign-in page loads.
    manifest: true,
    target: 'es2022',
    // Every browser the portal supports preloads modules natively.
    modulePreload: { polyfill: false },
    // The sign-in page's first load (issue 17): the server sends sign-in.html for the sign-in
    // addresses, and these groups make its entry's static graph ('$initial') five small files and
    // a stylesheet, all named in sign-in.html (one round trip, within HTTP/1.1's six connections,
    // no lazy chunk after it): the framework (React, Mantine's core, TanStack Query; changes only
    // with the dependencies), the other libraries the sign-in page uses (Mantine's basic components,
    // @mantine/form), the app's own code for it, its entry and rolldown's runtime. react-router is
    // one module (its data router and all): the sign-in page does not import it (lib/navigation.tsx).
    // The portal app (index.html) loads the same files, its entry, the router and what its first
    // screen needs beyond the sign-in page ('portal': routes, guards), which sign-in.html names for
    // prefetching (signInPage above). Without the last group, the modules later screens share with the first load
    // (lib/api.ts, lib/session.ts) become more small files. What only later screens use of these
    // libraries stays in their own chunks.
    rolldownOptions: {
      input: { index: PORTAL_HTML, 'sign-in': SIGN_IN_HTML },
      output: {
        codeSplitting: {
          groups: [
            { name: 'framework', test: FRAMEWORK, tags: ['$initial'], priority: 3 },
            { name: 'router', test: ROUTER, tags: ['$initial'], priority: 2 },
            {
              debugName: 'base-components',
              name: (id, ctx) => (signInGraph(ctx).has(id) ? 'base-components' : null),
              test: /node_modules[\\/].*\.m?js$/,
              tags: ['$initial'],
              priority: 1,
            },
            {
              debugName: 'app',
              name: (id, ctx) => (signInGraph(ctx).has(id) ? 'app' : 'portal'),
              test: (id) => !ENTRY_MODULES.includes(id),
              tags: ['$initial'],
              priority: 0,
            },
          ],
        },
      },
    },
  },
}));
