// HTTP surface of discounts: /v1/discounts CRUD.
import { z } from 'zod';
import { IdParams } from '../../contracts/common';
import { Discount, DiscountList } from '../../contracts/discount';
import { DiscountCreate } from '../../contracts/discount-create';
import { DiscountListQuery } from '../../contracts/discount-list-query';
import { DiscountUpdate } from '../../contracts/discount-update';
import { defineRoute, type RouteDefinition } from '../../platform/http/route';
import type { DiscountService } from './discount.service';

const READ = ['discounts:read', 'discounts:write'] as const;
const WRITE = ['discounts:write'] as const;

export function discountRoutes({ discounts }: { discounts: DiscountService }): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/discounts/',
      summary: 'List discounts',
      scopes: READ,
      query: DiscountListQuery,
      status: 200,
      response: DiscountList,
      async handler({ auth, tx, query }) {
        const page = await discounts.list(tx.em, auth.organizationId, query);
        return { items: await discounts.outputs(tx.em, page.items), pagination: page.pagination };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/v1/discounts/',
      summary: 'Create a discount',
      scopes: WRITE,
      body: DiscountCreate,
      status: 201,
      response: Discount,
      idempotent: true,
      async handler({ auth, tx, body }) {
        const [output] = await discounts.outputs(tx.em, [await discounts.create(tx, auth.organizationId, body)]);
        return output;
      },
    }),
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
