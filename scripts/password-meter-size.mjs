// What the sign-up form downloads at the password's first keystroke, from the built assets
// (`npm run build` first): the chunks of the dynamic import that brings zxcvbn, less those the
// page already has. Bytes raw, and as served: the .gz and .br files the build writes beside each
// asset (scripts/build.mjs; a file under 1 KB is served as is). Then the time the built checker
// takes to start and to score each keystroke (in Node, same engine as Chromium), beside zxcvbn
// with the full dictionaries as the browser had them before. bench/password-meter.md.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const assets = join(root, 'apps/web/dist/assets');
// Object keys of zxcvbn-ts that survive minification: the chunk that holds its scorer.
const ZXCVBN = 'offlineFastHashingXPerSecond';

const read = (file) => readFileSync(join(assets, file), 'utf8');
const staticImports = (file) => [...read(file).matchAll(/(?:import|export)\s*(?:[\w{},*\s$]+from\s*)?["'`]\.\/([\w.-]+\.js)["'`]/g)].map((m) => m[1]);
const dynamicImports = (file) => [...read(file).matchAll(/import\(\s*["'`]\.\/([\w.-]+\.js)["'`]\s*\)/g)].map((m) => m[1]);

function closure(files) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file) || !existsSync(join(assets, file))) return;
    seen.add(file);
    staticImports(file).forEach(visit);
  };
  files.forEach(visit);
  return seen;
}

const size = (path) => (existsSync(path) ? statSync(path).size : undefined);

export function meterDownload() {
  const entry = /src="\/assets\/([\w.-]+\.js)"|data-entry="\/assets\/([\w.-]+\.js)"/.exec(readFileSync(join(root, 'apps/web/dist/index.html'), 'utf8'));
  if (!entry) throw new Error('no entry script in apps/web/dist/index.html');
  const authPage = readdirSync(assets).filter((file) => /^AuthPage-[\w-]+\.js$/.test(file));
  const page = closure([entry[1] ?? entry[2], ...authPage]);
  const targets = [...page].flatMap(dynamicImports).filter((file) => [...closure([file])].some((chunk) => read(chunk).includes(ZXCVBN)));
  const files = [...closure(targets)].filter((file) => !page.has(file)).sort();
  const rows = files.map((file) => {
    const raw = statSync(join(assets, file)).size;
    return { file, raw, gzip: size(join(assets, `${file}.gz`)) ?? raw, brotli: size(join(assets, `${file}.br`)) ?? raw };
  });
  const total = rows.reduce((sum, row) => ({ raw: sum.raw + row.raw, gzip: sum.gzip + row.gzip, brotli: sum.brotli + row.brotli }), { raw: 0, gzip: 0, brotli: 0 });
  return { rows, total: { file: 'total', ...total } };
}

// Typed one character at a time: every prefix is a keystroke the meter scores.
const TYPED = ['Soleil1987!', 'camille2024', 'motdepasse', 'jetaimemonamour', 'azertyuiop123', 'tk8#Vq2!mLp9', 'Quartz-Violon-Marée-7319', 'correct horse battery staple'];
const WORDS = ['Camille', 'Martin', 'camille.martin@example.test', 'camille.martin', 'glucosuivi', 'diabete'];

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Start-up (median of 5) and per-keystroke times (3 rounds of every prefix) of a checker factory. */
function timeChecker(loadMs, create) {
  const starts = [];
  let check;
  for (let run = 0; run < 5; run += 1) {
    const start = performance.now();
    check = create();
    starts.push(performance.now() - start);
  }
  const keystrokes = [];
  for (let round = 0; round < 3; round += 1) {
    for (const password of TYPED) {
      for (let length = 1; length <= password.length; length += 1) {
        const start = performance.now();
        check(password.slice(0, length), WORDS);
        keystrokes.push(performance.now() - start);
      }
    }
  }
  const ms = (value) => Number(value.toFixed(1));
  return { 'module load (ms)': ms(loadMs), 'start (ms)': ms(percentile(starts, 50)), 'keystroke median (ms)': ms(percentile(keystrokes, 50)), 'keystroke p95 (ms)': ms(percentile(keystrokes, 95)), 'keystroke max (ms)': ms(Math.max(...keystrokes)), keystrokes: keystrokes.length };
}

/** Imports (parse, run: the language packages unpack their lists) timed, then the factory. */
async function timedImport(specifiers) {
  const start = performance.now();
  const modules = await Promise.all(specifiers.map((specifier) => import(specifier)));
  return { loadMs: performance.now() - start, modules };
}

async function fullChecker() {
  const { loadMs, modules } = await timedImport(['@zxcvbn-ts/core', '@zxcvbn-ts/language-common', '@zxcvbn-ts/language-en', '@zxcvbn-ts/language-fr']);
  const [{ ZxcvbnFactory }, common, en, fr] = modules;
  return timeChecker(loadMs, () => {
    const factory = new ZxcvbnFactory({ graphs: common.adjacencyGraphs, dictionary: { ...common.dictionary, ...en.dictionary, ...fr.dictionary } });
    return (password, words) => factory.check(password, words).score;
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { rows, total } = meterDownload();
  console.table([...rows, total]);
  const built = rows.find((row) => read(row.file).includes('as createPasswordChecker}'));
  const timings = {};
  if (built) {
    const { loadMs, modules } = await timedImport([pathToFileURL(join(assets, built.file)).href]);
    timings[`built ${built.file}`] = timeChecker(loadMs, () => modules[0].createPasswordChecker());
  }
  timings['full dictionaries (before)'] = await fullChecker();
  console.table(timings);
}
