// The file module: its table, uploads and their storage, and their routes. Domains whose records point at files add
// themselves to `fileUsers`, so a file still in use cannot be deleted.
import { migrations, provide, routes, type Module } from '../../platform/module';
import { StoredFileSchema } from './file.entity';
import { FileQueries } from './file.queries';
import { FileService, type FileUser } from './file.service';
import { fileRoutes } from './file.routes';

export const fileModule: Module = {
  name: 'file',
  entities: [StoredFileSchema],
  migrations: migrations(),
  provides: [
    provide('fileQueries', ['storage'], ({ storage }) => new FileQueries(storage)),
    provide('files', ['storage', 'clock', 'environment', 'config', 'fileUsers'], (s) => {
      const { FILE_MAX_SIZE_BYTES: maxSizeBytes, FILE_URL_TTL_SECONDS: urlTtlSeconds } = s.config;
      return new FileService(s.storage, s.clock, {
        environment: s.environment,
        maxSizeBytes,
        urlTtlSeconds,
        users: s.fileUsers,
      });
    }),
  ],
  routes: routes(['files', 'fileQueries'], ({ files, fileQueries }) => fileRoutes({ files, queries: fileQueries })),
};

declare module '../../platform/module' {
  interface Services {
    fileQueries: FileQueries;
    files: FileService;
  }
  interface Contributions {
    fileUsers: FileUser[];
  }
}
