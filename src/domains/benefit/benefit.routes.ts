// HTTP surface of benefits: /v1/benefits CRUD (granting comes with checkouts and subscriptions).
import { z } from 'zod';
import { Benefit, BenefitList } from '../../contracts/benefit';
import { BenefitCreate } from '../../contracts/benefit-create';
import { BenefitListQuery } from '../../contracts/benefit-list-query';
import { BenefitUpdate } from '../../contracts/benefit-update';
import { IdParams } from '../../contracts/common';
import { defineRoute, type RouteDefinition } from '../../platform/http/route';
import { benefitOutput } from './benefit.output';
import type { BenefitService } from './benefit.service';

const READ = ['benefits:read', 'benefits:write'] as const;
const WRITE = ['benefits:write'] as const;

export function benefitRoutes({ benefits }: { benefits: BenefitService }): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/benefits/',
      summary: 'List benefits',
      scopes: READ,
      query: BenefitListQuery,
      status: 200,
      response: BenefitList,
      async handler({ auth, tx, query }) {
        const page = await benefits.list(tx.em, auth.organizationId, query);
        return { items: page.items.map(benefitOutput), pagination: page.pagination };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/v1/benefits/',
      summary: 'Create a benefit (writes benefit.created)',
      scopes: WRITE,
      body: BenefitCreate,
      status: 201,
      response: Benefit,
      idempotent: true,
      async handler({ auth, tx, body }) {
        return benefitOutput(await benefits.create(tx, auth.organizationId, body));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/benefits/:id',
      summary: 'Get a benefit',
      scopes: READ,
      params: IdParams,
      status: 200,
      response: Benefit,
      async handler({ auth, tx, params }) {
        return benefitOutput(await benefits.get(tx.em, auth.organizationId, params.id));
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/v1/benefits/:id',
      summary: 'Update a benefit (writes benefit.updated)',
      scopes: WRITE,
      params: IdParams,
      body: BenefitUpdate,
      status: 200,
      response: Benefit,
      async handler({ auth, tx, params, body }) {
        return benefitOutput(await benefits.update(tx, auth.organizationId, params.id, body));
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/v1/benefits/:id',
      summary: 'Delete a benefit (products stop granting it)',
      scopes: WRITE,
      params: IdParams,
      status: 204,
      response: z.undefined(),
      async handler({ auth, tx, params }) {
        await benefits.delete(tx, auth.organizationId, params.id);
        return undefined;
      },
    }),
  ];
}
