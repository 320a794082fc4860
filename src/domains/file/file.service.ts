// Files: the multipart upload flow (start-file-upload.ts; complete-file-upload.ts verifies the checksums against the
// stored bytes), signed downloads, deletion.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { FileCreate, FileUploadCompleted } from '../../contracts/file-create';
import type { FileListQuery } from '../../contracts/file-list';
import type { FilePatch } from '../../contracts/file-patch';
import { OwnedRepository } from '../../platform/database/owned-repository';
import type { FileStorage, PresignedUrl } from '../../adapters/storage/file-storage';
import type { Clock } from '../../kernel/clock';
import { NotPermitted, ResourceNotFound } from '../../kernel/errors';
import { StoredFile } from './file.entity';
import { completeFileUpload } from './complete-file-upload';
import { startFileUpload } from './start-file-upload';

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

  create(
    em: EntityManager,
    organizationId: string,
    input: FileCreate,
  ): Promise<{ file: StoredFile; urls: PresignedUrl[] }> {
    return startFileUpload({ storage: this.storage, clock: this.clock, ...this.options }, em, organizationId, input);
  }

  /** Joins the uploaded parts, then reads the object back and checks its size and SHA-256 before accepting it. */
  async complete(
    em: EntityManager,
    organizationId: string,
    id: string,
    input: FileUploadCompleted,
  ): Promise<StoredFile> {
    const file = await this.get(em, organizationId, id);
    return completeFileUpload({ storage: this.storage, clock: this.clock }, em, file, input);
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
