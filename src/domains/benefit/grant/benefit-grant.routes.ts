// HTTP surface of grants: the organization's lists, and the download links grants hand out (the link is the credential).
import { z } from 'zod';
import { BenefitGrantList } from '../../../contracts/benefit-grant';
import { BenefitGrantListQuery, BenefitGrantsOfBenefitQuery } from '../../../contracts/benefit-grant-query';
import { IdParams } from '../../../contracts/common';
import { definePublicRoute, defineRoute, Redirect, type RouteDefinition } from '../../../platform/http/route';
import type { DownloadableService } from '../downloadable/downloadable.service';
import type { BenefitGrantQueries } from './benefit-grant.queries';

const READ = ['benefits:read', 'benefits:write'] as const;
const DownloadParams = z.object({ token: z.string().min(1).max(512) });

export function benefitGrantRoutes({
  grants,
  downloads,
}: {
  grants: BenefitGrantQueries;
  downloads: DownloadableService;
}): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/benefit-grants/',
      summary: "List the organization's benefit grants",
      scopes: READ,
      query: BenefitGrantListQuery,
      status: 200,
      response: BenefitGrantList,
      handler: ({ auth, tx, query }) => grants.list(tx.em, auth.organizationId, query),
    }),
    defineRoute({
      method: 'get',
      path: '/v1/benefits/:id/grants',
      summary: "List a benefit's grants",
      scopes: READ,
      params: IdParams,
      query: BenefitGrantsOfBenefitQuery,
      status: 200,
      response: BenefitGrantList,
      handler: ({ auth, tx, params, query }) => grants.listOfBenefit(tx.em, auth.organizationId, params.id, query),
    }),
    definePublicRoute({
      method: 'get',
      path: '/v1/customer-portal/downloadables/:token',
      summary:
        'Open a granted file from its signed link (307 to a short-lived URL); 400 bad link, 410 expired, 404 once the grant is revoked',
      params: DownloadParams,
      status: 307,
      response: z.undefined(),
      async handler({ tx, params }) {
        return new Redirect(await downloads.open(tx.em, params.token));
      },
    }),
  ];
}
