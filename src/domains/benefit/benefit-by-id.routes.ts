// One benefit: read it, update it, delete it (its grants revoked).
import { z } from 'zod';
import { Benefit } from '../../contracts/benefit';
import { BenefitUpdate } from '../../contracts/benefit-update';
import { IdParams } from '../../contracts/common';
import { defineRoute, type RouteDefinition } from '../../platform/http/route';
import { benefitOutput } from './benefit.output';
import type { BenefitService } from './benefit.service';
import { READ, WRITE } from './benefit.scopes';

export function benefitByIdRoutes(benefits: BenefitService): RouteDefinition[] {
  return [
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
