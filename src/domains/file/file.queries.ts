// What other domains read of files: the uploaded ones they may point at, shown as the API shows them.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { FileRead, FileService as FileServiceName } from '../../contracts/file';
import type { FileStorage } from '../../adapters/storage/file-storage';
import { StoredFile } from './file.entity';
import { fileOutput } from './file.output';

export class FileQueries {
  constructor(private readonly storage: Pick<FileStorage, 'publicUrl'>) {}

  /** The organization's uploaded, undeleted files of `service` among `ids`. */
  async uploaded(em: EntityManager, organizationId: string, ids: readonly string[], service: FileServiceName): Promise<StoredFile[]> {
    return ids.length ? em.find(StoredFile, { organizationId, id: { $in: [...ids] }, service, isUploaded: true, deletedAt: null }) : [];
  }

  output(file: StoredFile): FileRead {
    return fileOutput(file, (path) => this.storage.publicUrl(path));
  }
}
