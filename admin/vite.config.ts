import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './compress-plugin';

const adminRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const apiTarget = 'http://127.0.0.1:8080';
const outDir = fileURLToPath(new URL('../dist/admin', import.meta.url));
const APP_CODE = /[\\/]admin[\\/]src[\\/]|[\\/]src[\\/]shared[\\/]/;
const SCREEN_LIBRARIES = /node_modules[\\/](@mui[\\/]x-[a-z-]+|d3-[a-z-]+|internmap|delaunator|robust-predicates|flatqueue|react-big-calendar|@dnd-kit)[\\/]/;

export default defineConfig({
  root: adminRoot,
  base: '/',
  plugins: [react(), precompress(outDir)],
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
    outDir,
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Long-lived vendor chunks, so an app release does not invalidate the libraries in browser caches.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/, priority: 3 },
            // What the login shell needs (the first screen of a new visitor).
            { name: 'mui', test: /node_modules[\\/](@mui|@emotion)[\\/]/, tags: ['$initial'], priority: 2 },
            { name: 'vendor', test: /node_modules/, tags: ['$initial'], priority: 1 },
            { name: 'shell', test: APP_CODE, tags: ['$initial'], priority: 1 },
            // The rest follows the lazy imports: the product behind the login (AdminScreens) and each screen fetch
            // what they use. What several of them share is one chunk rather than dozens of small ones; the big
            // libraries of single screens (charts, calendar, drag and drop) stay out of it, with their screens.
            { name: 'common', test: (id: string) => id.includes('node_modules') && !SCREEN_LIBRARIES.test(id), minShareCount: 2, priority: 0 },
            { name: 'common-app', test: APP_CODE, minShareCount: 2, priority: 0 },
          ],
        },
      },
    },
  },
});
