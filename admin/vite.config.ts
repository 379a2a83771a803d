import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './compress-plugin';

const adminRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const apiTarget = 'http://127.0.0.1:8080';
const outDir = fileURLToPath(new URL('../dist/admin', import.meta.url));
const APP_CODE = /[\\/]admin[\\/]src[\\/]|[\\/]src[\\/]shared[\\/]/;

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
            // Libraries of single, lazily loaded pages get their own chunks, fetched with the page.
            {
              name: 'charts',
              includeDependenciesRecursively: false,
              test: /node_modules[\\/](@mui[\\/]x-[a-z-]+|d3-[a-z-]+|internmap|delaunator|robust-predicates|flatqueue)[\\/]/,
              priority: 5,
            },
            { name: 'calendar', includeDependenciesRecursively: false, test: /node_modules[\\/]react-big-calendar[\\/]/, priority: 5 },
            { name: 'dnd', includeDependenciesRecursively: false, test: /node_modules[\\/]@dnd-kit[\\/]/, priority: 5 },
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom)[\\/]/, priority: 3 },
            // The libraries the login shell needs (the first screen of a new visitor). The rest is split by rolldown
            // along the lazy imports: the product behind the login (AdminScreens) and each screen fetch what they use.
            { name: 'mui', test: /node_modules[\\/](@mui|@emotion)[\\/]/, tags: ['$initial'], priority: 2 },
            { name: 'vendor', test: /node_modules/, tags: ['$initial'], priority: 1 },
            { name: 'shell', test: APP_CODE, tags: ['$initial'], priority: 1 },
            { name: 'common', test: /node_modules/, minShareCount: 2, priority: 0 },
            { name: 'common-app', test: APP_CODE, minShareCount: 2, priority: 0 },
          ],
        },
      },
    },
  },
});
