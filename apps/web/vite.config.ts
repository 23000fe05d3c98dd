import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
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
