import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { zip, zipStream } from './zip';
import { scratchDir } from '../test/scratch';

describe('zip', () => {
  it('writes an archive that an independent reader (Python zipfile) extracts byte for byte', () => {
    const dir = scratchDir('gs-zip-');
    const file = join(dir, 'out.zip');
    writeFileSync(file, zip([
      { name: 'données.json', content: '{"prénom":"Camille"}' },
      { name: 'mesures.csv', content: '\uFEFFdate;valeur\n2026-11-01;112\n' },
    ]));
    const script = 'import zipfile,sys,json\nz=zipfile.ZipFile(sys.argv[1])\nassert z.testzip() is None\nprint(json.dumps({n: z.read(n).decode("utf-8") for n in z.namelist()}))';
    const out = JSON.parse(execFileSync('python3', ['-c', script, file], { encoding: 'utf8' })) as Record<string, string>;
    expect(out['données.json']).toBe('{"prénom":"Camille"}');
    expect(out['mesures.csv']).toBe('\uFEFFdate;valeur\n2026-11-01;112\n');
    expect(readFileSync(file).subarray(0, 4).toString('hex')).toBe('504b0304');
  });

  it('streams an archive whose entries are produced chunk by chunk, readable by Python zipfile', async () => {
    async function* rows() {
      for (let page = 0; page < 3; page++) yield Array.from({ length: 1000 }, (_, i) => `${page * 1000 + i};${100 + (i % 50)}\n`).join('');
    }
    const parts: Buffer[] = [];
    for await (const part of zipStream([{ name: 'compte.json', content: '{"é":1}' }, { name: 'glycémies.csv', content: rows() }, { name: 'vide.json', content: [] }])) parts.push(part);
    const dir = scratchDir('gs-zip-');
    const file = join(dir, 'stream.zip');
    writeFileSync(file, Buffer.concat(parts));
    const script = 'import zipfile,sys,json\nz=zipfile.ZipFile(sys.argv[1])\nassert z.testzip() is None\nprint(json.dumps({n: z.read(n).decode("utf-8") for n in z.namelist()}))';
    const out = JSON.parse(execFileSync('python3', ['-c', script, file], { encoding: 'utf8' })) as Record<string, string>;
    expect(Object.keys(out)).toEqual(['compte.json', 'glycémies.csv', 'vide.json']);
    expect(out['compte.json']).toBe('{"é":1}');
    expect(out['glycémies.csv']?.split('\n').filter(Boolean)).toHaveLength(3000);
    expect(out['vide.json']).toBe('');
    // More than one part: the data left before the archive was complete.
    expect(parts.length).toBeGreaterThan(5);
  });
});
