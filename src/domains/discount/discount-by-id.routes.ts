// One discount: read it, update it, delete it.
import { z } from 'zod';
import { IdParams } from '../../contracts/common';
import { Discount } from '../../contracts/discount';
import { DiscountUpdate } from '../../contracts/discount-update';
import { defineRoute, type RouteDefinition } from '../../platform/http/route';
import type { DiscountService } from './discount.service';
import { READ, WRITE } from './discount.scopes';

export function discountByIdRoutes(discounts: DiscountService): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/discounts/:id',
      summary: 'Get a discount',
      scopes: READ,
      params: IdParams,
      status: 200,
      response: Discount,
      async handler({ auth, tx, params }) {
        const [output] = await discounts.outputs(tx.em, [await discounts.get(tx.em, auth.organizationId, params.id)]);
        return output;
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/v1/discounts/:id',
      summary: 'Update a discount',
      scopes: WRITE,
      params: IdParams,
      body: DiscountUpdate,
      status: 200,
      response: Discount,
      async handler({ auth, tx, params, body }) {
        const [output] = await discounts.outputs(tx.em, [
          await discounts.update(tx, auth.organizationId, params.id, body),
        ]);
        return output;
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/v1/discounts/:id',
      summary: 'Delete a discount',
      scopes: WRITE,
      params: IdParams,
      status: 204,
      response: z.undefined(),
      async handler({ auth, tx, params }) {
        await discounts.delete(tx, auth.organizationId, params.id);
        return undefined;
      },
    }),
  ];
}
