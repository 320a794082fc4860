// The discounts collection: list them, create one.
import { Discount, DiscountList } from '../../contracts/discount';
import { DiscountCreate } from '../../contracts/discount-create';
import { DiscountListQuery } from '../../contracts/discount-list-query';
import { defineRoute, type RouteDefinition } from '../../platform/http/route';
import type { DiscountService } from './discount.service';
import { READ, WRITE } from './discount.scopes';

export function discountsRoutes(discounts: DiscountService): RouteDefinition[] {
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
  ];
}
