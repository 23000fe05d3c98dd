import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // A worker keeps its modules (React, Mantine) from one file to the next instead of importing
    // them again for each: the 43 files in 21 s instead of 70. Each test renders its own tree and
    // src/test/setup.ts empties what is global between tests (the DOM, storage, stubs, toasts).
    isolate: false,
  },
});
