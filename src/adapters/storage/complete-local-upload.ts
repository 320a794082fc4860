// An upload to local disk storage completed: each part checked against its ETag, the parts joined into the object in
// order, the upload's folder removed; the S3-style multipart ETag returned.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { UploadedPart } from './file-storage';
import { StorageRejected } from './file-storage';

/** `dir` is the upload's folder, `target` the object's path. */
export async function completeLocalUpload(
  dir: string,
  target: string,
  parts: UploadedPart[],
): Promise<{ etag: string; version: string | null; lastModified: Date }> {
  const present = new Set(await readdir(dir).catch(() => [] as string[]));
  const ordered = [...parts].sort((a, b) => a.number - b.number);
  const md5s: Buffer[] = [];
  for (const part of ordered) {
    if (!present.has(String(part.number))) throw new StorageRejected(`Part ${part.number} was never uploaded`);
    const md5 = await hashFile(join(dir, String(part.number)), 'md5');
    if (`"${md5}"` !== part.etag) throw new StorageRejected(`Part ${part.number} does not match its ETag`);
    md5s.push(Buffer.from(md5, 'hex'));
  }
  await mkdir(dirname(target), { recursive: true });
  // One pipeline for all parts: a pipeline per part into the same stream left its listeners behind on it.
  async function* partsInOrder() {
    for (const part of ordered) yield* createReadStream(join(dir, String(part.number)));
  }
  await pipeline(partsInOrder, createWriteStream(target));
  await rm(dir, { recursive: true, force: true });
  const etag = `"${createHash('md5').update(Buffer.concat(md5s)).digest('hex')}-${ordered.length}"`;
  return { etag, version: null, lastModified: new Date((await stat(target)).mtimeMs) };
}

async function hashFile(path: string, algorithm: 'md5' | 'sha256'): Promise<string> {
  const hash = createHash(algorithm);
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
