import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [reactRouter()],
  ssr: { external: ['better-sqlite3', 'pg', 'sharp', 'pino', 'stripe'] },
});
