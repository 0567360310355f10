// `npm start`: install what is missing, build what is stale, then run the server in this
// process (it migrates the database, seeds the demo on a new one and serves on PORT). With
// nothing to install or build, both checks take milliseconds (file dates only); their times go
// to the server's "ready" log line with its own phases.
// `npm start -- --no-build` runs what is already built, stale or not (benchmarks, or sources
// being edited while a server runs).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ensureDependencies } from './ensure-deps.mjs';

// performance.now() counts from the process start: the first lap is Node's own start.
let mark = 0;
const phases = {};
const lap = (name) => {
  const now = performance.now();
  phases[name] = Math.round(now - mark);
  mark = now;
};
lap('node');
ensureDependencies();
lap('deps');
if (process.argv.includes('--no-build')) {
  if (!existsSync(fileURLToPath(new URL('../apps/server/dist/main.js', import.meta.url)))) {
    console.error('[glucosuivi] --no-build : rien n’est construit, lancez `npm run build` d’abord.');
    process.exit(1);
  }
} else {
  const { build } = await import('./build.mjs');
  await build();
}
lap('build');
process.env.NODE_ENV ??= 'production';
process.env.GLUCOSUIVI_START_PHASES = JSON.stringify(phases);
await import('../apps/server/dist/main.js');
