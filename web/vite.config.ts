// Build of the browser table: `npm run build` writes ../src/tuolaji/server/static, which
// `tuolaji serve` serves and the Python wheel ships (so `pip install` needs no Node).
import { defineConfig } from 'vitest/config';
import preact from '@preact/preset-vite';

const server = 'http://127.0.0.1:8000';

export default defineConfig({
  plugins: [preact()],
  base: '/',
  build: {
    outDir: '../src/tuolaji/server/static',
    emptyOutDir: true,
    target: 'es2020',
    sourcemap: false,
  },
  server: {
    // `npm run dev` talks to a `tuolaji serve` on the default port.
    proxy: {
      '/api': server,
      '/ws': { target: server.replace('http', 'ws'), ws: true },
    },
  },
  test: {
    environment: 'happy-dom',
    setupFiles: ['test/setup.ts'],
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx', 'src/**/*.test.ts', 'src/**/*.test.tsx'],
  },
});
