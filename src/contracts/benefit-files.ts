// The files of a downloadables benefit with their download figures (`GET /v1/benefits/{id}/files`), and its query.
import { z } from 'zod';
import { DownloadableFileRead } from './file';
import { ListResource } from './list-resource';
import { PageQuery } from './query-params';

export const BenefitDownloadableFile = DownloadableFileRead.extend({
  /** How many customers opened the file's link at least once. */
  downloaders: z.int(),
  /** How many times the file's links were opened. */
  downloads: z.int(),
}).meta({ id: 'BenefitDownloadableFile' });
export type BenefitDownloadableFile = z.infer<typeof BenefitDownloadableFile>;

export const BenefitDownloadableFileList = ListResource(BenefitDownloadableFile).meta({
  id: 'ListResource_BenefitDownloadableFile_',
});

export const BenefitFilesQuery = z.object(PageQuery);
export type BenefitFilesQuery = z.infer<typeof BenefitFilesQuery>;
