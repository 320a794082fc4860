// A signed download link to one of the organization's uploaded files.
import { FileDownload } from '../../contracts/file-download';
import { IdParams } from '../../contracts/common';
import { defineRoute, type RouteDefinition } from '../../platform/http/route';
import type { FileService } from './file.service';
import { fileFields } from './file.output';
import { READ } from './file.scopes';

export function fileDownloadRoutes(files: FileService): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/files/:id/download',
      summary: 'A signed, expiring download link for an uploaded file (Bursar addition)',
      scopes: READ,
      params: IdParams,
      status: 200,
      response: FileDownload,
      async handler({ auth, tx, params }) {
        const { file, url } = await files.download(tx.em, auth.organizationId, params.id);
        return {
          ...fileFields(file),
          service: file.service,
          download: { url: url.url, expires_at: url.expiresAt.toISOString() },
        };
      },
    }),
  ];
}
