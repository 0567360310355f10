import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
// With its extension (.js for the .ts file), as Vite's native config loader will require.
import { passwordWordsPlugin } from './src/features/auth/password-words.plugin.js';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), passwordWordsPlugin()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  base: '/',
  // The prerendered pages' year, so that hydrating them later never mismatches (lib/current-year.ts).
  define: { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: false,
    // The SSR build is only the prerenderer (scripts/prerender.mjs): no public files to copy.
    copyPublicDir: !isSsrBuild,
    rolldownOptions: {
      output: {
        // The framework changes less often than the app: its own chunk stays cached across
        // deploys. Every other library goes with the route that uses it (no catch-all vendor
        // chunk), so the landing page never downloads password dictionaries or charts.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 3 },
            // zod and its `z.config({ jitless: true })` in one chunk, so the setting runs before any
            // chunk that builds a schema: otherwise zod probes `new Function` first and the CSP
            // (script-src 'self') files a violation report on every page load.
            { name: 'zod', test: /node_modules[\\/]zod[\\/]|src[\\/]lib[\\/]zod-setup\.ts$/, priority: 2 },
            // Everything else the entry imports statically is loaded on every page anyway: one chunk,
            // not ~25 small shared ones (a public page needed 28 requests before it could answer).
            // Its libraries (query client, i18next, sonner) are fetched again after a deploy: on a
            // first visit, which is what the public pages mostly get, requests cost more.
            { name: 'app', tags: ['$initial'], priority: 1 },
          ],
          // An icon shared by a few pages is a few hundred bytes: copied into each page's chunk
          // rather than a request of its own (the landing fetched six). Icons only: they hold no
          // state, so two copies behave as one. Not for the prerenderer's SSR build (rolldown
          // allows it only where entries export nothing).
          ...(isSsrBuild
            ? {}
            : { experimentalInlineCommonChunks: { maxSize: 4096, exclude: (id: string) => !/node_modules[\\/]lucide-react[\\/]/.test(id) } }),
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    // A RegExp key so that the SPA pages /api and /api-docs are not proxied, only /api/…; `ws`
    // passes the realtime channel's WebSocket upgrade (/api/realtime) through, Origin unchanged.
    proxy: { '^/api/': { target: 'http://127.0.0.1:3000', changeOrigin: false, ws: true } },
  },
  // The production server serves the build itself; preview is only the e2e fallback until then.
  preview: { port: 4173, proxy: {} },
}));
