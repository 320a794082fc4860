// The benefits collection: list them, create one.
import { Benefit, BenefitList } from '../../contracts/benefit';
import { BenefitCreate } from '../../contracts/benefit-create';
import { BenefitListQuery } from '../../contracts/benefit-list-query';
import { defineRoute, type RouteDefinition } from '../../platform/http/route';
import { benefitOutput } from './benefit.output';
import type { BenefitService } from './benefit.service';
import { READ, WRITE } from './benefit.scopes';

export function benefitsRoutes(benefits: BenefitService): RouteDefinition[] {
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
  ];
}
