import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin } from 'vite';
// the sign-in addresses and the prerendered pages' brand slot, as the app and the server know them
import { BRAND_SLOT, SIGN_IN_PATH } from '../../packages/contract/src/pages.ts';

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
/** The sign-in page's live page, which its entry (src/sign-in-main.ts) imports once the page is drawn. */
const SIGN_IN_APP = path.resolve(import.meta.dirname, 'src/sign-in-app.tsx');
/** The HTML pages and their scripts stay the entry chunks each page names. */
const ENTRY_MODULES = [
  PORTAL_HTML,
  SIGN_IN_HTML,
  path.resolve(import.meta.dirname, 'src/main.tsx'),
  path.resolve(import.meta.dirname, 'src/sign-in-main.ts'),
];
const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](query-core|react-query)|@mantine[\\/]core[\\/]esm[\\/]core|clsx)[\\/]/;
const ROUTER = /node_modules[\\/]react-router[\\/]/;

/** What a codeSplitting group's `name` function is given of the module graph (rolldown's ChunkingContext). */
type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

/**
 * The modules sign-in.html imports, directly or not, statically, with its live page's: the sign-in
 * page's first load.
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
  visit(SIGN_IN_APP);
  signInModules = found;
  return found;
}

/**
 * The sign-in page's own HTML entry (issue 17), sign-in.html with src/sign-in-main.ts: the dev
 * server sends it for the sign-in addresses, as the server does. In the build, sign-in.html asks
 * at once for the files of the live page its entry imports once the page is drawn
 * (src/sign-in-app.tsx: modulepreload links and its stylesheets, which the prerendered form needs
 * too), and names in its `portal-files` meta what the portal app loads after signing in beyond the
 * sign-in page's own files (index.html's entry, the portal frame's chunk, their static imports and
 * stylesheets), which sign-in-app.tsx prefetches once the form is drawn: after signing in, the
 * portal then starts about as soon as it did when the sign-in page was one of its routes.
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
        if (SIGN_IN_PATH.test(pathname)) req.url = `/sign-in.html${query === undefined ? '' : `?${query}`}`;
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
        const app = chunks.find((c) => c.moduleIds.includes(SIGN_IN_APP));
        if (!portal || !frame || !app)
          throw new Error('sign-in.html: no chunk for index.html, the portal frame or the sign-in app in the bundle');
        const entry = graph(chunk);
        // the stylesheets first: the prerendered form waits for them
        const live = [...graph(app)]
          .filter((file) => !entry.has(file))
          .sort((a, b) => Number(b.endsWith('.css')) - Number(a.endsWith('.css')));
        const own = new Set([...entry, ...live]);
        const files = [...graph(frame, graph(portal))].filter((file) => !own.has(file)).map((file) => `/${file}`);
        return [
          ...live.map((file) => ({
            tag: 'link',
            attrs: file.endsWith('.css')
              ? { rel: 'stylesheet', crossorigin: '', href: `/${file}` }
              : { rel: 'modulepreload', crossorigin: '', href: `/${file}` },
            injectTo: 'head' as const,
          })),
          { tag: 'meta', attrs: { name: 'portal-files', content: files.join(' ') }, injectTo: 'head' },
        ];
      },
    },
  };
}

const PRERENDER_MODULE = path.resolve(import.meta.dirname, 'src/sign-in-prerender.tsx');

/**
 * The sign-in pages drawn at build time (issue 17, decision 0052): once the client build is written,
 * src/sign-in-prerender.tsx is built for Node (the same React plugin and stylesheet pipeline, so the
 * same class names) and renders each portal's sign-in page into a copy of the built sign-in.html:
 * sign-in-admin.html and sign-in-customer.html, with the page's title, the light colour scheme
 * Mantine's stylesheet selects on, and a `portal-brand` meta the server fills in with the brand.
 * The server sends them to a browser that holds no session cookie (apps/server/src/plugins/web.ts).
 */
function prerenderSignIn(): Plugin {
  let outDir = '';
  let ssr = false;
  return {
    name: 'portal-prerender-sign-in',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      ssr = Boolean(config.build.ssr);
    },
    async closeBundle() {
      if (ssr) return;
      // inside the project, where Node finds the packages it leaves outside the bundle
      const cache = path.join(import.meta.dirname, 'node_modules', '.cache');
      mkdirSync(cache, { recursive: true });
      const tmp = mkdtempSync(path.join(cache, 'portal-prerender-'));
      try {
        await build({
          configFile: false,
          root: import.meta.dirname,
          logLevel: 'warn',
          plugins: [react()],
          build: { ssr: PRERENDER_MODULE, outDir: tmp, emptyOutDir: true, minify: false, target: 'node20' },
        });
        type Prerender = typeof import('./src/sign-in-prerender.tsx');
        const { renderSignIn }: Prerender = await import(pathToFileURL(path.join(tmp, 'sign-in-prerender.js')).href);
        const page = readFileSync(path.join(outDir, 'sign-in.html'), 'utf8');
        const slots = ['<html lang="en">', '<title>Portal</title>', '<div id="root"></div>'] as const;
        for (const slot of slots) if (!page.includes(slot)) throw new Error(`sign-in.html: no ${slot} to prerender into`);
        // The stylesheets come inside the page (one round trip for the form); the live page loads
        // them again once it starts (the same rules, from then on in the cache).
        const links = [...page.matchAll(/ *<link rel="stylesheet"[^>]* href="\/(assets\/[^"]+\.css)">\n?/g)];
        if (links.length === 0) throw new Error('sign-in.html: no stylesheet to put inside the prerendered pages');
        let styled = page;
        for (const [link, file = ''] of links) {
          const css = readFileSync(path.join(outDir, file), 'utf8');
          if (css.includes('</')) throw new Error(`${file}: cannot go inside a <style> element`);
          styled = styled.replace(link, () => `    <style>${css}</style>\n`);
        }
        // Nor do they preload the live page's scripts: fetched and compiled while the page is parsed,
        // they held the first paint back on a 2-core machine; sign-in-main.ts imports them once the
        // form is on screen.
        type Manifest = Record<string, { file: string; imports?: string[] }>;
        const manifest: Manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8'));
        const entryFiles = new Set((manifest['sign-in.html']?.imports ?? []).map((key) => manifest[key]?.file));
        for (const [link, file] of styled.matchAll(/ *<link rel="modulepreload"[^>]* href="\/([^"]+)">\n?/g)) {
          if (!entryFiles.has(file)) styled = styled.replace(link, '');
        }
        for (const portal of ['admin', 'customer'] as const) {
          const { html, title } = renderSignIn(portal);
          const prerendered = styled
            .replace(slots[0], '<html lang="en" data-mantine-color-scheme="light">')
            .replace(slots[1], `<title>${title}</title>\n    <meta name="portal-brand" content="${BRAND_SLOT}" />`)
            .replace(slots[2], () => `<div id="root">${html}</div>`);
          writeFileSync(path.join(outDir, `sign-in-${portal}.html`), prerendered);
        }
      } finally {
        rmSync(tmp, { recursive: true, force: true });
      }
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [react(), precompress(), signInPage(), prerenderSignIn()],
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
            // What sign-in-main.ts imports, a chunk of its own (Vite's dynamic-import preloader and the
            // prerendered form's marks): the entry must run before the framework is evaluated, and
            // else rolldown puts them with the app's code, which imports the framework
            { name: 'sign-in-entry', test: /^\0vite\/preload-helper|[\\/]src[\\/]sign-in-marks\.ts$/, priority: 4 },
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
              // not Vite's own helpers (its dynamic-import preloader): they stay with the entries that
              // use them, so that sign-in-main.ts runs before the framework is evaluated
              test: (id) => !ENTRY_MODULES.includes(id) && !id.startsWith('\0'),
              tags: ['$initial'],
              priority: 0,
            },
          ],
        },
      },
    },
  },
}));
