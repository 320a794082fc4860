// The organization's files: list them, rename one, delete one (not while a benefit or product uses it).
import { z } from 'zod';
import { FileList, FileListQuery } from '../../contracts/file-list';
import { FilePatch } from '../../contracts/file-patch';
import { FileRead } from '../../contracts/file';
import { IdParams } from '../../contracts/common';
import { defineRoute, type RouteDefinition } from '../../platform/http/route';
import type { FileService } from './file.service';
import type { FileQueries } from './file.queries';
import { READ, WRITE } from './file.scopes';

export function fileManageRoutes({ files, queries }: { files: FileService; queries: FileQueries }): RouteDefinition[] {
  return [
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
  ];
}
