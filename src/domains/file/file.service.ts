// Files: the multipart upload flow, checksums verified against the stored bytes, signed downloads, deletion.
import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { PUBLIC_FILE_SERVICES } from '../../contracts/file-service';
import type { FileCreate, FileUploadCompleted } from '../../contracts/file-create';
import type { FileListQuery } from '../../contracts/file-list';
import type { FilePatch } from '../../contracts/file-patch';
import { OwnedRepository } from '../../platform/database/owned-repository';
import type { FileStorage, PresignedUrl } from '../../adapters/storage/file-storage';
import { StorageRejected } from '../../adapters/storage/file-storage';
import type { Clock } from '../../kernel/clock';
import { NotPermitted, RequestValidationError, ResourceNotFound, invalidField } from '../../kernel/errors';
import { newId } from '../../kernel/ids';
import { StoredFile } from './file.entity';
import { objectKey, partIssues, readableSize } from './file.logic';

export interface FileServiceOptions {
  /** Keeps each environment's objects apart in a shared store. */
  environment: string;
  maxSizeBytes: number;
  urlTtlSeconds: number;
  /** What may still use a file (benefits, products); a file in use cannot be deleted. */
  users: readonly FileUser[];
}

/** A domain whose records point at files. */
export interface FileUser {
  isFileUsed(em: EntityManager, organizationId: string, fileId: string): Promise<boolean>;
}

const files = new OwnedRepository(StoredFile, { label: 'File', softDeleted: true });

export class FileService {
  constructor(
    private readonly storage: FileStorage,
    private readonly clock: Clock,
    private readonly options: FileServiceOptions,
  ) {}

  async create(
    em: EntityManager,
    organizationId: string,
    input: FileCreate,
  ): Promise<{ file: StoredFile; urls: PresignedUrl[] }> {
    if (input.size > this.options.maxSizeBytes) {
      throw invalidField(
        ['body', 'size'],
        `Files may be at most ${this.options.maxSizeBytes} bytes (${readableSize(this.options.maxSizeBytes)}).`,
        'file_too_large',
      );
    }
    const issues = partIssues(input.upload.parts, input.size);
    if (issues.length) throw new RequestValidationError(issues);
    const id = newId();
    const path = objectKey(
      PUBLIC_FILE_SERVICES.includes(input.service),
      this.options.environment,
      organizationId,
      id,
      input.name,
    );
    const uploadId = await this.storage.startUpload(path, input.mime_type);
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
      createdAt: this.clock.now(),
      modifiedAt: null,
    });
    await em.flush();
    const urls = await Promise.all(
      file.parts.map((part) =>
        this.storage.presignPart(
          path,
          uploadId,
          { number: part.number, size: part.chunk_end - part.chunk_start, sha256Base64: part.checksum_sha256_base64 },
          this.options.urlTtlSeconds,
        ),
      ),
    );
    return { file, urls };
  }

  /** Joins the uploaded parts, then reads the object back and checks its size and SHA-256 before accepting it. */
  async complete(
    em: EntityManager,
    organizationId: string,
    id: string,
    input: FileUploadCompleted,
  ): Promise<StoredFile> {
    const file = await this.get(em, organizationId, id);
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
    const completed = await this.storage
      .completeUpload(
        file.path,
        file.uploadId,
        input.parts.map((p) => ({ number: p.number, etag: p.checksum_etag })),
      )
      .catch((error) => {
        if (error instanceof StorageRejected) throw invalidField(['body', 'parts'], error.message, 'upload_incomplete');
        throw error;
      });
    const { size, sha256 } = await digest(await this.storage.read(file.path));
    const sha256Base64 = sha256.toString('base64');
    const mismatch =
      size !== file.size
        ? `The upload has ${size} bytes, ${file.size} were declared.`
        : file.declaredSha256Base64 && file.declaredSha256Base64 !== sha256Base64
          ? 'The uploaded bytes do not match checksum_sha256_base64.'
          : null;
    if (mismatch) {
      await this.storage.delete(file.path);
      throw invalidField(['body'], `${mismatch} The file was discarded; upload it again.`, 'checksum_mismatch');
    }
    Object.assign(file, {
      isUploaded: true,
      checksumEtag: completed.etag,
      storageVersion: completed.version,
      checksumSha256Base64: sha256Base64,
      checksumSha256Hex: sha256.toString('hex'),
      lastModifiedAt: completed.lastModified,
      modifiedAt: this.clock.now(),
    });
    await em.flush();
    return file;
  }

  get(em: EntityManager, organizationId: string, id: string): Promise<StoredFile> {
    return files.get(em, organizationId, id);
  }

  async update(em: EntityManager, organizationId: string, id: string, patch: FilePatch): Promise<StoredFile> {
    const file = await this.get(em, organizationId, id);
    if (patch.name != null) file.name = patch.name;
    if (patch.version !== undefined) file.version = patch.version;
    file.modifiedAt = this.clock.now();
    await em.flush();
    return file;
  }

  async delete(em: EntityManager, organizationId: string, id: string): Promise<void> {
    const file = await this.get(em, organizationId, id);
    if (await this.isUsed(em, organizationId, id)) {
      throw new NotPermitted('This file is still used by a benefit or a product; remove it there first.');
    }
    await files.softDelete(em, file, this.clock.now());
    await this.storage.delete(file.path);
  }

  list(em: EntityManager, organizationId: string, query: FileListQuery) {
    return files.list(em, organizationId, query, {
      alias: 'f',
      where: (qb) => query.ids && qb.andWhere({ id: { $in: query.ids } }),
    });
  }

  /** Asks each user of files in turn, stopping at the first that still uses this one. */
  private async isUsed(em: EntityManager, organizationId: string, fileId: string): Promise<boolean> {
    for (const user of this.options.users) if (await user.isFileUsed(em, organizationId, fileId)) return true;
    return false;
  }

  /** A signed download URL, valid `ttlSeconds` (FILE_URL_TTL_SECONDS unless a caller needs it shorter). */
  async download(
    em: EntityManager,
    organizationId: string,
    id: string,
    ttlSeconds = this.options.urlTtlSeconds,
  ): Promise<{ file: StoredFile; url: PresignedUrl }> {
    const file = await this.get(em, organizationId, id);
    if (!file.isUploaded) throw new ResourceNotFound('This file has not been uploaded yet.');
    return { file, url: await this.storage.presignDownload(file.path, file.name, ttlSeconds) };
  }
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
