/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// `npm run dev` proxies to a running `biddesk serve`; BIDDESK_BACKEND names another one.
const env = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env ?? {};
const backend = env.BIDDESK_BACKEND || 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    // One chunk per route page (React.lazy); vendor code shared by the pages goes into common chunks.
    chunkSizeWarningLimit: 1200,
  },
  server: {
    proxy: {
      '/api': { target: backend, changeOrigin: false },
      '/healthz': { target: backend, changeOrigin: false },
    },
  },
  test: {
    // Most tests are plain logic: node. A file that renders says so with `// @vitest-environment jsdom`.
    environment: 'node',
    setupFiles: ['src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
  },
});
