// HTTP surface of files: the reference's upload flow under /v1/files, plus a signed download link.
import { z } from 'zod';
import { FileCreate, FileUploadCompleted } from '../../contracts/file-create';
import { FileDownload } from '../../contracts/file-download';
import { FileList, FileListQuery } from '../../contracts/file-list';
import { FilePatch } from '../../contracts/file-patch';
import { FileRead } from '../../contracts/file';
import { FileUpload } from '../../contracts/file-upload';
import { IdParams } from '../../contracts/common';
import { defineRoute, type RouteDefinition } from '../../platform/http/route';
import type { FileService } from './file.service';
import type { FileQueries } from './file.queries';
import { fileFields } from './file.output';

const READ = ['files:read', 'files:write'] as const;
const WRITE = ['files:write'] as const;

export function fileRoutes({ files, queries }: { files: FileService; queries: FileQueries }): RouteDefinition[] {
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
    defineRoute({
      method: 'get',
      path: '/v1/files/',
      summary: 'List files',
      scopes: READ,
      query: FileListQuery,
      status: 200,
      response: FileList,
      async handler({ auth, tx, query }) {
        const page = await files.list(tx.em, auth.organizationId, query);
        return { items: page.items.map((f) => queries.output(f)), pagination: page.pagination };
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/v1/files/:id',
      summary: 'Rename a file or set its version',
      scopes: WRITE,
      params: IdParams,
      body: FilePatch,
      status: 200,
      response: FileRead,
      async handler({ auth, tx, params, body }) {
        return queries.output(await files.update(tx.em, auth.organizationId, params.id, body));
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/v1/files/:id',
      summary: 'Delete a file (204: an empty body, which every client expects)',
      scopes: WRITE,
      params: IdParams,
      status: 204,
      response: z.undefined(),
      async handler({ auth, tx, params }) {
        await files.delete(tx.em, auth.organizationId, params.id);
        return undefined;
      },
    }),
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
