import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { zip } from './zip';

describe('zip', () => {
  it('writes an archive that an independent reader (Python zipfile) extracts byte for byte', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gs-zip-'));
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
});
