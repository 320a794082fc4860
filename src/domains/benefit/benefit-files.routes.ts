// A downloadables benefit's files with their download figures.
import { BenefitDownloadableFileList, BenefitFilesQuery } from '../../contracts/benefit-files';
import { IdParams } from '../../contracts/common';
import { defineRoute, type RouteDefinition } from '../../platform/http/route';
import type { FileQueries } from '../file';
import type { BenefitService } from './benefit.service';
import { READ } from './benefit.scopes';
import { benefitFiles } from './downloadable/benefit-files';

export function benefitFilesRoutes(benefits: BenefitService, fileQueries: FileQueries): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/benefits/:id/files',
      summary: "List a benefit's downloadable files with their downloads and downloaders",
      readOnly: true,
      scopes: READ,
      params: IdParams,
      query: BenefitFilesQuery,
      status: 200,
      response: BenefitDownloadableFileList,
      async handler({ auth, tx, params, query }) {
        return benefitFiles(fileQueries, tx.em, await benefits.get(tx.em, auth.organizationId, params.id), query);
      },
    }),
  ];
}
