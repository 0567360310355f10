// `npm start`: install what is missing, build what is stale, then run the server in this
// process (it migrates the database, seeds the demo on a new one and serves on PORT).
import { ensureDependencies } from './ensure-deps.mjs';

ensureDependencies();
const { build } = await import('./build.mjs');
await build();
process.env.NODE_ENV ??= 'production';
await import('../apps/server/dist/main.js');
