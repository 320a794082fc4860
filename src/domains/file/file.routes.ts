// HTTP surface of files: the reference's upload flow under /v1/files, plus a signed download link.
import { z } from 'zod';
import { FileCreate, FileDownload, FileList, FileListQuery, FilePatch, FileRead, FileUpload, FileUploadCompleted } from '../../contracts/file';
import { IdParams } from '../../contracts/common';
import { defineRoute } from '../../app/http/route';

const READ = ['files:read', 'files:write'] as const;
const WRITE = ['files:write'] as const;

export const fileRoutes = [
  defineRoute({
    method: 'post',
    path: '/v1/files/',
    summary: 'Start a file upload: returns a presigned URL per part',
    scopes: WRITE,
    body: FileCreate,
    status: 201,
    response: FileUpload,
    idempotent: true,
    async handler({ env, auth, tx, body }) {
      const { file, urls } = await env.files.create(tx.em, auth.organizationId, body);
      return {
        ...env.files.fields(file),
        service: file.service,
        upload: {
          id: file.uploadId,
          path: file.path,
          parts: file.parts.map((part, i) => ({ ...part, url: urls[i].url, expires_at: urls[i].expiresAt.toISOString(), ...(urls[i].headers ? { headers: urls[i].headers } : {}) })),
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
    async handler({ env, auth, tx, params, body }) {
      return env.files.output(await env.files.complete(tx.em, auth.organizationId, params.id, body));
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
    async handler({ env, auth, tx, query }) {
      const page = await env.files.list(tx.em, auth.organizationId, query);
      return { items: page.items.map((f) => env.files.output(f)), pagination: page.pagination };
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
    async handler({ env, auth, tx, params, body }) {
      return env.files.output(await env.files.update(tx.em, auth.organizationId, params.id, body));
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/v1/files/:id',
    summary: 'Delete a file (200 with an empty body, as the spec states)',
    scopes: WRITE,
    params: IdParams,
    status: 200,
    response: z.undefined(),
    async handler({ env, auth, tx, params }) {
      await env.files.delete(tx.em, auth.organizationId, params.id);
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
    async handler({ env, auth, tx, params }) {
      const { file, url } = await env.files.download(tx.em, auth.organizationId, params.id);
      return { ...env.files.fields(file), service: file.service, download: { url: url.url, expires_at: url.expiresAt.toISOString() } };
    },
  }),
];
