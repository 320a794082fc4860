// A file's upload started: its size and parts checked, its object key chosen, the multipart upload begun and each
// part's signed URL returned.
import type { EntityManager } from '@mikro-orm/postgresql';
import { PUBLIC_FILE_SERVICES } from '../../contracts/file-service';
import { type FileCreate } from '../../contracts/file-create';
import type { FileStorage, PresignedUrl } from '../../adapters/storage/file-storage';
import type { Clock } from '../../kernel/clock';
import { RequestValidationError, invalidField } from '../../kernel/errors';
import { newId } from '../../kernel/ids';
import { StoredFile } from './file.entity';
import { objectKey, partIssues, readableSize } from './file.logic';

/** What starting an upload needs: the store, the clock, the environment's key prefix and the limits. */
export interface UploadDeps {
  storage: FileStorage;
  clock: Clock;
  environment: string;
  maxSizeBytes: number;
  urlTtlSeconds: number;
}

export async function startFileUpload(
  deps: UploadDeps,
  em: EntityManager,
  organizationId: string,
  input: FileCreate,
): Promise<{ file: StoredFile; urls: PresignedUrl[] }> {
  if (input.size > deps.maxSizeBytes) {
    throw invalidField(
      ['body', 'size'],
      `Files may be at most ${deps.maxSizeBytes} bytes (${readableSize(deps.maxSizeBytes)}).`,
      'file_too_large',
    );
  }
  const issues = partIssues(input.upload.parts, input.size);
  if (issues.length) throw new RequestValidationError(issues);
  const id = newId();
  const path = objectKey(
    PUBLIC_FILE_SERVICES.includes(input.service),
    deps.environment,
    organizationId,
    id,
    input.name,
  );
  const uploadId = await deps.storage.startUpload(path, input.mime_type);
  const file = em.create(StoredFile, {
    id,
    organizationId,
    service: input.service,
    name: input.name,
    path,
    mimeType: input.mime_type,
    size: input.size,
    version: input.version ?? null,
    uploadId,
    parts: input.upload.parts.map((p) => ({ ...p, checksum_sha256_base64: p.checksum_sha256_base64 ?? null })),
    declaredSha256Base64: input.checksum_sha256_base64 ?? null,
    isUploaded: false,
    createdAt: deps.clock.now(),
    modifiedAt: null,
  });
  await em.flush();
  const urls = await Promise.all(
    file.parts.map((part) =>
      deps.storage.presignPart(
        path,
        uploadId,
        { number: part.number, size: part.chunk_end - part.chunk_start, sha256Base64: part.checksum_sha256_base64 },
        deps.urlTtlSeconds,
      ),
    ),
  );
  return { file, urls };
}
