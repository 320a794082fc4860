// A file's upload completed: its parts joined, then the object read back and its size and SHA-256 checked before it is
// accepted (a mismatch discards it).
import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { FileUploadCompleted } from '../../contracts/file-create';
import { StorageRejected, type FileStorage } from '../../adapters/storage/file-storage';
import type { Clock } from '../../kernel/clock';
import { NotPermitted, invalidField } from '../../kernel/errors';
import type { StoredFile } from './file.entity';

/** Joins the uploaded parts, then reads the object back and checks its size and SHA-256 before accepting it. */
export async function completeFileUpload(
  deps: { storage: FileStorage; clock: Clock },
  em: EntityManager,
  file: StoredFile,
  input: FileUploadCompleted,
): Promise<StoredFile> {
  if (file.isUploaded) throw new NotPermitted('This file has already been uploaded.');
  if (input.id !== file.uploadId || input.path !== file.path)
    throw invalidField(['body', 'id'], 'This upload id and path do not belong to the file.');
  const declared = file.parts.map((p) => p.number).join(',');
  if (
    input.parts
      .map((p) => p.number)
      .sort((a, b) => a - b)
      .join(',') !== declared
  ) {
    throw invalidField(['body', 'parts'], `Every declared part (${declared}) must be listed exactly once.`);
  }
  const completed = await deps.storage
    .completeUpload(
      file.path,
      file.uploadId,
      input.parts.map((p) => ({ number: p.number, etag: p.checksum_etag })),
    )
    .catch((error) => {
      if (error instanceof StorageRejected) throw invalidField(['body', 'parts'], error.message, 'upload_incomplete');
      throw error;
    });
  const { size, sha256 } = await digest(await deps.storage.read(file.path));
  const sha256Base64 = sha256.toString('base64');
  const mismatch =
    size !== file.size
      ? `The upload has ${size} bytes, ${file.size} were declared.`
      : file.declaredSha256Base64 && file.declaredSha256Base64 !== sha256Base64
        ? 'The uploaded bytes do not match checksum_sha256_base64.'
        : null;
  if (mismatch) {
    await deps.storage.delete(file.path);
    throw invalidField(['body'], `${mismatch} The file was discarded; upload it again.`, 'checksum_mismatch');
  }
  Object.assign(file, {
    isUploaded: true,
    checksumEtag: completed.etag,
    storageVersion: completed.version,
    checksumSha256Base64: sha256Base64,
    checksumSha256Hex: sha256.toString('hex'),
    lastModifiedAt: completed.lastModified,
    modifiedAt: deps.clock.now(),
  });
  await em.flush();
  return file;
}

async function digest(stream: AsyncIterable<Buffer>): Promise<{ size: number; sha256: Buffer }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    hash.update(chunk);
  }
  return { size, sha256: hash.digest() };
}
