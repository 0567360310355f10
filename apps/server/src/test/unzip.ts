import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { scratchDir } from './scratch';

/** An archive's files as text, read by an independent ZIP reader (Python's zipfile). */
export function unzipTexts(archive: Buffer): Record<string, string> {
  const dir = scratchDir('gs-archive-');
  const file = join(dir, 'archive.zip');
  writeFileSync(file, archive);
  const script = 'import zipfile,sys,json\nz=zipfile.ZipFile(sys.argv[1])\nassert z.testzip() is None\nprint(json.dumps({n: z.read(n).decode("utf-8") for n in z.namelist()}))';
  return JSON.parse(execFileSync('python3', ['-c', script, file], { encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 })) as Record<string, string>;
}
