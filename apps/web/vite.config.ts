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
  },
});
