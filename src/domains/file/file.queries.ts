// What other domains read of files: the uploaded ones they may point at, shown as the API shows them.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { FileRead } from '../../contracts/file';
import type { FileService as FileServiceName } from '../../contracts/file-service';
import type { FileStorage } from '../../adapters/storage/file-storage';
import { StoredFile } from './file.entity';
import { fileOutput } from './file.output';

export class FileQueries {
  constructor(private readonly storage: Pick<FileStorage, 'publicUrl'>) {}

  /** The organization's uploaded, undeleted files of `service` among `ids`. */
  async uploaded(
    em: EntityManager,
    organizationId: string,
    ids: readonly string[],
    service: FileServiceName,
  ): Promise<StoredFile[]> {
    return ids.length
      ? em.find(StoredFile, { organizationId, id: { $in: [...ids] }, service, isUploaded: true, deletedAt: null })
      : [];
  }

  /** A list condition keeping the rows whose `column` points at a file `uploaded` would read: one SQL clause and its parameters. */
  isUploaded(column: string, organizationId: string, service: FileServiceName): [string, unknown[]] {
    const files =
      'select f.id from file f where f.organization_id = ? and f.service = ? and f.is_uploaded and f.deleted_at is null';
    return [`${column} in (${files})`, [organizationId, service]];
  }

  output(file: StoredFile): FileRead {
    return fileOutput(file, (path) => this.storage.publicUrl(path));
  }
}
