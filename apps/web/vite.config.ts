import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
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

export default defineConfig({
  plugins: [react(), precompress()],
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
    // Without groups, every Mantine component the screens share with the sign-in page becomes its
    // own small chunk, and many small gzip streams cost the sign-in page about 5 kB over budget.
    // Two groups keep its first load to a few files: the framework, and the basic components.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler|@tanstack|@mantine[\\/]core[\\/]esm[\\/]core|clsx)[\\/]/,
            },
            {
              name: 'base-components',
              test: /@mantine[\\/]core[\\/]esm[\\/]components[\\/](Input|InputBase|Checkbox|PasswordInput|TextInput|ActionIcon|Alert|Anchor|Paper|Text|UnstyledButton|Loader|Group|Stack|Button|Title|Center|Transition|Code)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
