// The file list and its query: organizations and ids.
import { z } from 'zod';
import { Uuid } from './common';
import { FileRead } from './file';
import { ListResource } from './list-resource';
import { PageQuery, queryMany } from './query-params';

export const FileList = ListResource(FileRead).meta({ id: 'ListResource_FileRead_' });
export const FileListQuery = z.object({ ...PageQuery, organization_id: queryMany(Uuid), ids: queryMany(Uuid) });
export type FileListQuery = z.infer<typeof FileListQuery>;
