import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fromBuffer, type Entry } from 'yauzl';
import { zipStream, type ZipStreamEntry } from './zip';
import { scratchDir } from '../test/scratch';

const EXPORTED_AT = new Date('2026-03-29T00:30:00Z');

async function archiveOf(entries: ZipStreamEntry[] | AsyncIterable<ZipStreamEntry>): Promise<{ bytes: Buffer; parts: number }> {
  const parts: Buffer[] = [];
  for await (const part of zipStream(entries, EXPORTED_AT)) parts.push(part);
  return { bytes: Buffer.concat(parts), parts: parts.length };
}

/** Every entry read back by yauzl (yazl's own reader): name, text and the date it reports. */
function readBack(bytes: Buffer): Promise<{ name: string; text: string; date: Date; utcSeconds: number | null }[]> {
  return new Promise((resolve, reject) => {
    fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true }, (error, zipfile) => {
      if (error) return reject(error);
      const found: { name: string; text: string; date: Date; utcSeconds: number | null }[] = [];
      zipfile.on('entry', (entry: Entry) => {
        zipfile.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            // Info-ZIP's universal timestamp (0x5455): flags, then the modification time in UTC seconds.
            const universal = entry.extraFields.find((field) => field.id === 0x5455);
            const utcSeconds = universal ? universal.data.readUInt32LE(1) : null;
            found.push({ name: entry.fileName, text: Buffer.concat(chunks).toString('utf8'), date: entry.getLastModDate(), utcSeconds });
            zipfile.readEntry();
          });
          stream.on('error', reject);
        });
      });
      zipfile.on('end', () => resolve(found));
      zipfile.on('error', reject);
      zipfile.readEntry();
    });
  });
}

async function* rows() {
  for (let page = 0; page < 3; page++) yield Array.from({ length: 1000 }, (_, i) => `${page * 1000 + i};${100 + (i % 50)}\n`).join('');
}

describe('zipStream', () => {
  it('streams entries produced chunk by chunk into an archive an independent reader (Python zipfile) extracts', async () => {
    const { bytes, parts } = await archiveOf([
      { name: 'compte.json', content: '{"é":1}' },
      { name: 'glycémies.csv', content: rows() },
      { name: 'vide.json', content: [] },
    ]);
    const file = join(scratchDir('gs-zip-'), 'stream.zip');
    writeFileSync(file, bytes);
    const script = 'import zipfile,sys,json\nz=zipfile.ZipFile(sys.argv[1])\nassert z.testzip() is None\nprint(json.dumps({n: z.read(n).decode("utf-8") for n in z.namelist()}))';
    const out = JSON.parse(execFileSync('python3', ['-c', script, file], { encoding: 'utf8' })) as Record<string, string>;
    expect(Object.keys(out)).toEqual(['compte.json', 'glycémies.csv', 'vide.json']);
    expect(out['compte.json']).toBe('{"é":1}');
    expect(out['glycémies.csv']?.split('\n').filter(Boolean)).toHaveLength(3000);
    expect(out['vide.json']).toBe('');
    expect(bytes.subarray(0, 4).toString('hex')).toBe('504b0304');
    // More than one part: the data left before the archive was complete.
    expect(parts).toBeGreaterThan(2);
  });

  it('reads back with the library: UTF-8 names, contents, and the export time as a UTC instant', async () => {
    async function* entries(): AsyncGenerator<ZipStreamEntry> {
      yield { name: 'données.json', content: '{"prénom":"Camille"}' };
      yield { name: 'mesures/glycemies.csv', content: rows() };
    }
    const read = await readBack((await archiveOf(entries())).bytes);
    expect(read.map((entry) => entry.name)).toEqual(['données.json', 'mesures/glycemies.csv']);
    expect(read[0]?.text).toBe('{"prénom":"Camille"}');
    expect(read[1]?.text.split('\n').filter(Boolean)).toHaveLength(3000);
    // The universal timestamp holds the instant itself, whatever the server's zone (the night of a clock change here).
    expect(read.map((entry) => entry.utcSeconds)).toEqual([EXPORTED_AT.getTime() / 1000, EXPORTED_AT.getTime() / 1000]);
    expect(read.map((entry) => entry.date.toISOString())).toEqual([EXPORTED_AT.toISOString(), EXPORTED_AT.toISOString()]);
  });

  it('compresses: a year of repetitive CSV rows takes far less room than its text', async () => {
    const { bytes } = await archiveOf([{ name: 'glycemies.csv', content: rows() }]);
    let text = '';
    for await (const page of rows()) text += page;
    expect(bytes.length).toBeLessThan(text.length / 3);
  });

  it('ends the archive with the error of an entry whose content fails', async () => {
    async function* failing() {
      yield 'début;';
      throw new Error('page read failed');
    }
    await expect(archiveOf([{ name: 'a.csv', content: 'ok' }, { name: 'b.csv', content: failing() }])).rejects.toThrow('page read failed');
  });
});
