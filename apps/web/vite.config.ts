import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // bench/first-load.ts reads the manifest to find what the sign-in page loads.
    manifest: true,
    target: 'es2022',
    // Every browser the portal supports preloads modules natively.
    modulePreload: { polyfill: false },
  },
});
