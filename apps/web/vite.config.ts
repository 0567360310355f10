import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
// With its extension (.js for the .ts file), as Vite's native config loader will require.
import { passwordWordsPlugin } from './src/features/auth/password-words.plugin.js';

/**
 * Writes the build's id into the copied service worker (public/sw.js): a hash of the built files'
 * names (hashed by content) and of the files of the shell that keep their name, so any change
 * of the app changes the worker's bytes, which is how browsers learn of a new version.
 */
function serviceWorkerBuildId(): Plugin {
  const placeholder = '__GLUCOSUIVI_BUILD_ID__';
  return {
    name: 'glucosuivi-sw-build-id',
    apply: 'build',
    closeBundle() {
      const dist = fileURLToPath(new URL('./dist', import.meta.url));
      const worker = join(dist, 'sw.js');
      let source: string;
      try {
        source = readFileSync(worker, 'utf8');
      } catch {
        return; // the SSR build copies no public files
      }
      const hash = createHash('sha256');
      for (const name of readdirSync(join(dist, 'assets')).sort()) hash.update(`${name}\n`);
      for (const name of ['index.html', 'theme-init.js', 'boot.js', 'manifest.webmanifest']) hash.update(readFileSync(join(dist, name)));
      hash.update(source);
      writeFileSync(worker, source.replace(placeholder, hash.digest('hex').slice(0, 16)));
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), passwordWordsPlugin(), serviceWorkerBuildId()],
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
