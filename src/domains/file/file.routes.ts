// HTTP surface of files: the reference's upload flow under /v1/files, plus a signed download link.
import type { RouteDefinition } from '../../platform/http/route';
import type { FileService } from './file.service';
import type { FileQueries } from './file.queries';
import { fileDownloadRoutes } from './file-download.routes';
import { fileManageRoutes } from './file-manage.routes';
import { fileUploadRoutes } from './file-upload.routes';

export function fileRoutes({ files, queries }: { files: FileService; queries: FileQueries }): RouteDefinition[] {
  return [
    ...fileUploadRoutes({ files, queries }),
    ...fileManageRoutes({ files, queries }),
    ...fileDownloadRoutes(files),
  ];
}
