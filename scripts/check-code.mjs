// ESLint and the TypeScript checks of every project, side by side (one per core): `npm test`'s
// static checks. They are the `lint` and `typecheck` scripts of package.json, split where the
// typecheck chains one `tsc -p` per project; run alone they took 65 s and 128 s in a row on 2
// cores, each process mostly on one core. Each check's output is printed whole when it ends, so
// two checks never interleave their lines; the exit code is 1 if any failed.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const { scripts } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

/** The longest first, so the last to start is a short one: web and server take the most. */
const checks = [
  ...scripts.typecheck.split(' && ').map((command) => ({ name: `typecheck ${command.match(/-p (\S+)/)?.[1] ?? command}`, command })),
  { name: 'lint', command: scripts.lint },
].sort((a, b) => weight(b.name) - weight(a.name));

function weight(name) {
  if (name.endsWith('apps/web')) return 3;
  if (name.endsWith('apps/server') || name === 'lint') return 2;
  return 1;
}

function run({ name, command }) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, { cwd: root, shell: true, env: { ...process.env, PATH: `${root}node_modules/.bin:${process.env.PATH}` } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`${code === 0 ? '✓' : '✗'} ${name} (${seconds} s)\n${output}`);
      resolve(code === 0);
    });
  });
}

const queue = [...checks];
let failed = false;
async function worker() {
  for (let check = queue.shift(); check; check = queue.shift()) if (!(await run(check))) failed = true;
}
await Promise.all(Array.from({ length: Math.min(availableParallelism(), queue.length) }, worker));
process.exit(failed ? 1 : 0);
