// The reference's upload flow: start an upload (a signed URL per part), then tell it the parts are uploaded.
import { FileCreate, FileUploadCompleted } from '../../contracts/file-create';
import { FileRead } from '../../contracts/file';
import { FileUpload } from '../../contracts/file-upload';
import { IdParams } from '../../contracts/common';
import { defineRoute, type RouteDefinition } from '../../platform/http/route';
import type { FileService } from './file.service';
import { fileFields } from './file.output';
import type { FileQueries } from './file.queries';
import { WRITE } from './file.scopes';

export function fileUploadRoutes({ files, queries }: { files: FileService; queries: FileQueries }): RouteDefinition[] {
  return [
    defineRoute({
      method: 'post',
      path: '/v1/files/',
      summary: 'Start a file upload: returns a presigned URL per part',
      scopes: WRITE,
      body: FileCreate,
      status: 201,
      response: FileUpload,
      idempotent: true,
      async handler({ auth, tx, body }) {
        const { file, urls } = await files.create(tx.em, auth.organizationId, body);
        return {
          ...fileFields(file),
          service: file.service,
          upload: {
            id: file.uploadId,
            path: file.path,
            parts: file.parts.map((part, i) => ({
              ...part,
              url: urls[i].url,
              expires_at: urls[i].expiresAt.toISOString(),
              ...(urls[i].headers ? { headers: urls[i].headers } : {}),
            })),
          },
        };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/v1/files/:id/uploaded',
      summary: 'Complete a file upload (checksums verified)',
      scopes: WRITE,
      params: IdParams,
      body: FileUploadCompleted,
      status: 200,
      response: FileRead,
      async handler({ auth, tx, params, body }) {
        return queries.output(await files.complete(tx.em, auth.organizationId, params.id, body));
      },
    }),
  ];
}
