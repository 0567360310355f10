// Draws the app's PNG icons from the design's SVG (apps/web/public/favicon.svg) with the Chromium
// already on the machine (the journeys' browser), so anyone can redo them after a design change:
//   node scripts/make-app-icons.mjs      (CHROMIUM=/path/to/chromium to use another one)
// The PNGs are committed: the build copies them, it never runs this.
//
// - icon-192.png, icon-512.png ("any"): the favicon as drawn, transparent outside its rounded square.
// - icon-maskable-192.png, icon-maskable-512.png: the background fills the square and the drop stays
//   within the central circle of 80 % of the size that every launcher mask keeps (the maskable
//   icon rule), whatever shape the launcher cuts.
// - apple-touch-icon.png (180): opaque, full square (iOS rounds the corners itself and shows
//   black where an icon is transparent).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';

const root = fileURLToPath(new URL('..', import.meta.url));
const publicDir = join(root, 'apps/web/public');
const favicon = readFileSync(join(publicDir, 'favicon.svg'), 'utf8');

const background = /<rect[^>]*fill="(#[0-9a-fA-F]{3,6})"/.exec(favicon)?.[1];
const drop = /<path[^>]*\/>/.exec(favicon)?.[0];
if (!background || !drop) throw new Error('favicon.svg: expected one <rect> background and one <path> drop');

// The drop spans x 8–24 and y 5–28 of the favicon's 32 units: centred on (16, 16.5), its farthest
// point is ~14 units away, so a 36-unit square around that centre keeps it within 40 % of the size.
const fullBleed = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-2 -1.5 36 36"><rect x="-2" y="-1.5" width="36" height="36" fill="${background}"/>${drop}</svg>`;

const icons = [
  { file: 'icons/icon-192.png', size: 192, svg: favicon },
  { file: 'icons/icon-512.png', size: 512, svg: favicon },
  { file: 'icons/icon-maskable-192.png', size: 192, svg: fullBleed },
  { file: 'icons/icon-maskable-512.png', size: 512, svg: fullBleed },
  { file: 'apple-touch-icon.png', size: 180, svg: fullBleed },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox', '--headless'] });
try {
  for (const icon of icons) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size }, deviceScaleFactor: 1 });
    const source = `data:image/svg+xml;base64,${Buffer.from(icon.svg).toString('base64')}`;
    await page.setContent(`<html><body style="margin:0;background:transparent"><img src="${source}" width="${icon.size}" height="${icon.size}" style="display:block"></body></html>`);
    await page.locator('img').evaluate((img) => img.decode());
    await page.screenshot({ path: join(publicDir, icon.file), omitBackground: true, clip: { x: 0, y: 0, width: icon.size, height: icon.size } });
    await page.close();
    console.log(`${icon.file} (${icon.size}×${icon.size})`);
  }
} finally {
  await browser.close();
}
