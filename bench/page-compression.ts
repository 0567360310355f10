// What compressing a server-rendered page costs the server, per request: brotli at the qualities
// worth considering for dynamic HTML, and gzip, on one page saved from a running server (the
// rendered dashboard is ~60 KB). The compress plugin runs zlib as a stream on the event loop's
// thread pool; here each encoding is timed synchronously (the CPU it takes), median of RUNS
// (default 200) after 20 dropped, and the bytes it leaves.
//
//   curl -s -b <cookie jar of a signed-in patient> http://127.0.0.1:<port>/patient-dashboard > /tmp/page.html
//   npx tsx bench/page-compression.ts /tmp/page.html
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';

const file = process.argv[2];
if (!file) {
  console.error('usage: npx tsx bench/page-compression.ts <page.html>');
  process.exit(1);
}
const page = readFileSync(file);
const RUNS = Number(process.env.RUNS ?? 200);

const encoders: [string, (body: Buffer) => Buffer][] = [
  ...[1, 3, 4, 5, 6, 11].map((quality): [string, (body: Buffer) => Buffer] => [
    `br q${quality}`,
    (body) => brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: quality, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  ]),
  ['gzip 6 (default)', (body) => gzipSync(body)],
  ['gzip 9', (body) => gzipSync(body, { level: 9 })],
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
console.log(`${page.length} bytes of HTML, ${RUNS} runs each, load average ${loadavg()[0]?.toFixed(2)}`);
for (const [name, encode] of encoders) {
  const times: number[] = [];
  let size = 0;
  for (let i = 0; i < RUNS + 20; i++) {
    const started = performance.now();
    size = encode(page).length;
    if (i >= 20) times.push(performance.now() - started);
  }
  console.log(`${name.padEnd(18)} ${String(size).padStart(6)} bytes  median ${median(times).toFixed(2)} ms  [${Math.min(...times).toFixed(2)}–${Math.max(...times).toFixed(2)}]`);
}
