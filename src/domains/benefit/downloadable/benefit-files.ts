// A downloadables benefit's files as `GET /v1/benefits/{id}/files` lists them: in the benefit's order (archived ones
// too: customers granted before keep them), uploaded and not deleted, each with its downloads and downloaders.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { BenefitDownloadableFile, BenefitFilesQuery } from '../../../contracts/benefit-files';
import { pageOffset, paginationOf } from '../../../kernel/pagination';
import { byId } from '../../../kernel/ids';
import type { Page } from '../../../platform/database/owned-repository';
import { sqlArray } from '../../../platform/database/sql-array';
import type { FileQueries } from '../../file';
import type { Benefit } from '../benefit.entity';

/** Any other type of benefit has no files: an empty page. */
export async function benefitFiles(
  fileQueries: FileQueries,
  em: EntityManager,
  benefit: Benefit,
  query: BenefitFilesQuery,
): Promise<Page<BenefitDownloadableFile>> {
  const listed = benefit.type === 'downloadables' ? ((benefit.properties.files as string[] | undefined) ?? []) : [];
  const found = byId(await fileQueries.uploaded(em, benefit.organizationId, listed, 'downloadable'));
  const files = listed.flatMap((id) => found.get(id) ?? []);
  const page = files.slice(pageOffset(query), pageOffset(query) + query.limit);
  const counts = page.length
    ? await em.execute<{ file_id: string; downloads: number; downloaders: number }[]>(
        `select file_id, sum(download_count)::int as downloads,
                count(distinct customer_id) filter (where download_count > 0)::int as downloaders
         from downloadable where benefit_id = ? and file_id = any(?::uuid[]) group by file_id`,
        [benefit.id, sqlArray(page.map((file) => file.id))],
      )
    : [];
  const figures = new Map(counts.map((row) => [row.file_id, row]));
  const items = page.map((file) => {
    const output = fileQueries.output(file);
    if (output.service !== 'downloadable') throw new Error(`file ${file.id} is not a downloadable`);
    const { downloads = 0, downloaders = 0 } = figures.get(file.id) ?? {};
    return { ...output, downloads, downloaders };
  });
  return { items, pagination: paginationOf(files.length, query.limit) };
}
