import { Readable } from 'node:stream';
import { ZipFile } from 'yazl';

/**
 * ZIP archives for "download my data", written by yazl (a maintained streaming writer): entries
 * are deflated and sent while they are produced, ZIP64 records are added by yazl when an entry
 * or the archive passes 4 GiB, and every entry carries the Info-ZIP universal timestamp (UTC
 * seconds) beside the DOS date, so an unzip tool shows the export's time whatever the server's
 * time zone.
 */
export interface ZipStreamEntry {
  name: string;
  /** A whole text or buffer, or chunks produced while the archive is being sent. */
  content: string | Buffer | AsyncIterable<string | Buffer> | Iterable<string | Buffer>;
}

const toBuffer = (chunk: string | Buffer): Buffer => (typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk);

async function* chunksOf(content: ZipStreamEntry['content']): AsyncGenerator<Buffer> {
  if (typeof content === 'string' || Buffer.isBuffer(content)) {
    yield toBuffer(content);
    return;
  }
  for await (const chunk of content) yield toBuffer(chunk);
}

/**
 * The archive as it is written: each entry's data leaves as soon as it is produced (its CRC and
 * size follow in a data descriptor), so an archive of a year of readings never sits in memory.
 * An entry whose content fails ends the archive with that error.
 */
export async function* zipStream(entries: AsyncIterable<ZipStreamEntry> | Iterable<ZipStreamEntry>, date: Date): AsyncGenerator<Buffer> {
  const archive = new ZipFile();
  const output = archive.outputStream as Readable;
  archive.on('error', (error: Error) => output.destroy(error));
  // Entries are added while the output is read: a slow producer of the next entry's list holds
  // nothing back, and yazl writes the entries one after the other in the order they were added.
  const adding = (async () => {
    for await (const entry of entries) {
      archive.addReadStreamLazy(entry.name, { mtime: date }, (callback) => {
        const stream = Readable.from(chunksOf(entry.content));
        stream.on('error', (error) => output.destroy(error));
        callback(null, stream);
      });
    }
    archive.end();
  })().catch((error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error))));
  for await (const part of output) yield part as Buffer;
  await adding;
}
