import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

const ENTRY = path.resolve(import.meta.dirname, 'src/main.tsx');
const FRAMEWORK =
  /node_modules[\\/](react|react-dom|react-router|scheduler|@tanstack[\\/](query-core|react-query)|@mantine[\\/]core[\\/]esm[\\/]core|clsx)[\\/]/;

export default defineConfig(({ command }) => ({
  plugins: [react(), precompress()],
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
    // The sign-in page's first load (issue 17): main.tsx imports the sign-in page, so it is part of
    // the entry's static graph ('$initial'), and these groups make that graph four files, all named
    // in index.html (one round trip, within HTTP/1.1's six connections, no lazy chunk after it):
    // the framework (changes only with the dependencies), the other libraries the first screens use
    // (Mantine's basic components, @mantine/form), and the app's own code with the entry (without the
    // last group, the modules the screens share with it, lib/api.ts and lib/session.ts, become two
    // more small files), plus rolldown's runtime. What only later screens use of these libraries
    // stays in their own chunks.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'framework', test: FRAMEWORK, tags: ['$initial'], priority: 2 },
            { name: 'base-components', test: /node_modules[\\/].*\.m?js$/, tags: ['$initial'], priority: 1 },
            { name: 'app', test: (id: string) => id !== ENTRY, tags: ['$initial'], priority: 0 },
          ],
        },
      },
    },
  },
}));
