import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'packages/*/src/**/*.test.{ts,tsx}'],
    globalSetup: ['src/platform/db/testing/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    fileParallelism: true,
    // Worker threads start faster than forked processes: 288 -> 248 s for the suite here.
    pool: 'threads',
    // API test files mostly wait on their servers and databases: more files at once than cores.
    maxWorkers: 3,
  },
});
