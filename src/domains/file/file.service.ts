// Files: the multipart upload flow, checksums verified against the stored bytes, signed downloads, deletion.
import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { PUBLIC_FILE_SERVICES, type FileCreate, type FileListQuery, type FilePatch, type FileRead, type FileService as FileServiceName, type FileUploadCompleted } from '../../contracts/file';
import { listPage } from '../../app/list-query';
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
  /** Whether anything (a benefit, a product) still uses the file; such a file cannot be deleted. */
  isInUse: (em: EntityManager, organizationId: string, fileId: string) => Promise<boolean>;
}

export class FileService {
  constructor(
    private readonly storage: FileStorage,
    private readonly clock: Clock,
    private readonly options: FileServiceOptions,
  ) {}

  async create(em: EntityManager, organizationId: string, input: FileCreate): Promise<{ file: StoredFile; urls: PresignedUrl[] }> {
    if (input.size > this.options.maxSizeBytes) {
      throw invalidField(['body', 'size'], `Files may be at most ${this.options.maxSizeBytes} bytes (${readableSize(this.options.maxSizeBytes)}).`, 'file_too_large');
    }
    const issues = partIssues(input.upload.parts, input.size);
    if (issues.length) throw new RequestValidationError(issues);
    const id = newId();
    const path = objectKey(PUBLIC_FILE_SERVICES.includes(input.service), this.options.environment, organizationId, id, input.name);
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
        this.storage.presignPart(path, uploadId, { number: part.number, size: part.chunk_end - part.chunk_start, sha256Base64: part.checksum_sha256_base64 }, this.options.urlTtlSeconds),
      ),
    );
    return { file, urls };
  }

  /** Joins the uploaded parts, then reads the object back and checks its size and SHA-256 before accepting it. */
  async complete(em: EntityManager, organizationId: string, id: string, input: FileUploadCompleted): Promise<StoredFile> {
    const file = await this.get(em, organizationId, id);
    if (file.isUploaded) throw new NotPermitted('This file has already been uploaded.');
    if (input.id !== file.uploadId || input.path !== file.path) throw invalidField(['body', 'id'], 'This upload id and path do not belong to the file.');
    const declared = file.parts.map((p) => p.number).join(',');
    if (input.parts.map((p) => p.number).sort((a, b) => a - b).join(',') !== declared) {
      throw invalidField(['body', 'parts'], `Every declared part (${declared}) must be listed exactly once.`);
    }
    const completed = await this.storage.completeUpload(file.path, file.uploadId, input.parts.map((p) => ({ number: p.number, etag: p.checksum_etag }))).catch((error) => {
      if (error instanceof StorageRejected) throw invalidField(['body', 'parts'], error.message, 'upload_incomplete');
      throw error;
    });
    const { size, sha256 } = await digest(await this.storage.read(file.path));
    const sha256Base64 = sha256.toString('base64');
    const mismatch = size !== file.size ? `The upload has ${size} bytes, ${file.size} were declared.` : file.declaredSha256Base64 && file.declaredSha256Base64 !== sha256Base64 ? 'The uploaded bytes do not match checksum_sha256_base64.' : null;
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

  async get(em: EntityManager, organizationId: string, id: string): Promise<StoredFile> {
    const file = await em.findOne(StoredFile, { id, organizationId, deletedAt: null });
    if (!file) throw new ResourceNotFound('File not found.');
    return file;
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
    if (await this.options.isInUse(em, organizationId, id)) {
      throw new NotPermitted('This file is still used by a benefit or a product; remove it there first.');
    }
    file.deletedAt = this.clock.now();
    await em.flush();
    await this.storage.delete(file.path);
  }

  async list(em: EntityManager, organizationId: string, query: FileListQuery) {
    const qb = em.createQueryBuilder(StoredFile, 'f').where({ organizationId, deletedAt: null });
    if (query.organization_id) qb.andWhere({ organizationId: { $in: query.organization_id } });
    if (query.ids) qb.andWhere({ id: { $in: query.ids } });
    qb.orderBy([{ createdAt: 'desc' }, { id: 'asc' }]);
    return listPage(qb, query);
  }

  async download(em: EntityManager, organizationId: string, id: string): Promise<{ file: StoredFile; url: PresignedUrl }> {
    const file = await this.get(em, organizationId, id);
    if (!file.isUploaded) throw new ResourceNotFound('This file has not been uploaded yet.');
    return { file, url: await this.storage.presignDownload(file.path, file.name, this.options.urlTtlSeconds) };
  }

  /** The organization's uploaded, undeleted files of `service` among `ids`. */
  async findUploaded(em: EntityManager, organizationId: string, ids: readonly string[], service: FileServiceName): Promise<StoredFile[]> {
    return ids.length ? em.find(StoredFile, { organizationId, id: { $in: [...ids] }, service, isUploaded: true, deletedAt: null }) : [];
  }

  /** The fields every file shape shares (FileUpload, FileRead, FileDownload). */
  fields(file: StoredFile) {
    return {
      id: file.id,
      organization_id: file.organizationId,
      name: file.name,
      path: file.path,
      mime_type: file.mimeType,
      size: file.size,
      storage_version: file.storageVersion,
      checksum_etag: file.checksumEtag,
      checksum_sha256_base64: file.checksumSha256Base64,
      checksum_sha256_hex: file.checksumSha256Hex,
      last_modified_at: file.lastModifiedAt?.toISOString() ?? null,
      version: file.version,
      is_uploaded: file.isUploaded,
      size_readable: readableSize(file.size),
    };
  }

  output(file: StoredFile): FileRead {
    const read = { ...this.fields(file), created_at: file.createdAt.toISOString() };
    return file.service === 'downloadable' ? { ...read, service: 'downloadable' } : { ...read, service: file.service, public_url: this.storage.publicUrl(file.path) };
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
