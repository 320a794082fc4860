// The files a customer may download through their benefits (the reference's DownloadableRead), their list and query.
import { z } from 'zod';
import { Uuid } from './common';
import { FileDownload } from './file-download';
import { ListResource } from './list-resource';
import { PageQuery, queryMany } from './query-params';

export const DownloadableRead = z
  .object({ id: Uuid, benefit_id: Uuid, file: FileDownload })
  .meta({ id: 'DownloadableRead' });
export type DownloadableRead = z.infer<typeof DownloadableRead>;
export const DownloadableList = ListResource(DownloadableRead).meta({ id: 'ListResource_DownloadableRead_' });
export const DownloadableListQuery = z.object({ ...PageQuery, benefit_id: queryMany(Uuid) });
export type DownloadableListQuery = z.infer<typeof DownloadableListQuery>;
