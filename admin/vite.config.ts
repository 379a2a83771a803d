import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const adminRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const apiTarget = 'http://127.0.0.1:8080';

export default defineConfig({
  root: adminRoot,
  base: '/',
  plugins: [react()],
  resolve: {
    // src/shared lives outside this root: make its imports use the same single copies as the app.
    dedupe: ['react', 'react-dom', '@casl/ability'],
  },
  server: {
    fs: { allow: [repoRoot] },
    proxy: {
      '/api': apiTarget,
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
  build: {
    outDir: '../dist/admin',
    emptyOutDir: true,
  },
});
