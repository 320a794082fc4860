// One part PUT to a presigned URL of local disk storage: written to a temporary file while its size is counted and
// its SHA-256 and MD5 computed, checked against what was declared, then moved into place; its ETag returned.
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { StorageRejected } from './file-storage';
import { isMissing, noSuchUpload } from './local-disk-layout';

/** `dir` is the upload's folder; `query` the URL's (its declared size and checksum). */
export async function receiveLocalPart(
  dir: string,
  number: string,
  query: URLSearchParams,
  body: Readable,
): Promise<string> {
  // Completing (or abandoning) an upload removes its folder; a part for it is refused like S3's NoSuchUpload, and
  // nothing is created again.
  if (!(await stat(dir).catch(() => null))?.isDirectory()) throw noSuchUpload();
  const expectedSize = Number(query.get('size'));
  const target = join(dir, number);
  const temporary = `${target}.${randomUUID()}.tmp`;
  const sha256 = createHash('sha256');
  const md5 = createHash('md5');
  let size = 0;
  await pipeline(
    body,
    async function* (source: AsyncIterable<Buffer>) {
      for await (const chunk of source) {
        size += chunk.length;
        if (size > expectedSize)
          throw new StorageRejected(`Part is larger than its declared ${expectedSize} bytes`, 'too-large');
        sha256.update(chunk);
        md5.update(chunk);
        yield chunk;
      }
    },
    createWriteStream(temporary),
  ).catch(async (error) => {
    await rm(temporary, { force: true });
    throw isMissing(error) ? noSuchUpload() : error;
  });
  const declared = query.get('sha256');
  const problem =
    size !== expectedSize
      ? `Part has ${size} bytes, ${expectedSize} were declared`
      : declared && sha256.digest('base64') !== declared
        ? 'Part SHA-256 does not match its declared checksum'
        : null;
  if (problem) {
    await rm(temporary, { force: true });
    throw new StorageRejected(problem);
  }
  await rename(temporary, target).catch(async (error) => {
    await rm(temporary, { force: true });
    throw isMissing(error) ? noSuchUpload() : error;
  });
  return `"${md5.digest('hex')}"`;
}
