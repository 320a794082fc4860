// HTTP surface of discounts: /v1/discounts CRUD.
import { z } from 'zod';
import { IdParams } from '../../contracts/common';
import { Discount, DiscountCreate, DiscountList, DiscountListQuery, DiscountUpdate } from '../../contracts/discount';
import { defineRoute } from '../../app/http/route';

const READ = ['discounts:read', 'discounts:write'] as const;
const WRITE = ['discounts:write'] as const;

export const discountRoutes = [
  defineRoute({
    method: 'get',
    path: '/v1/discounts/',
    summary: 'List discounts',
    scopes: READ,
    query: DiscountListQuery,
    status: 200,
    response: DiscountList,
    async handler({ env, auth, tx, query }) {
      const page = await env.discounts.list(tx.em, auth.organizationId, query);
      return { items: await env.discounts.outputs(tx.em, page.items), pagination: page.pagination };
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
    async handler({ env, auth, tx, body }) {
      const [output] = await env.discounts.outputs(tx.em, [await env.discounts.create(tx.em, auth.organizationId, body)]);
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
    async handler({ env, auth, tx, params }) {
      const [output] = await env.discounts.outputs(tx.em, [await env.discounts.get(tx.em, auth.organizationId, params.id)]);
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
    async handler({ env, auth, tx, params, body }) {
      const [output] = await env.discounts.outputs(tx.em, [await env.discounts.update(tx.em, auth.organizationId, params.id, body)]);
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
    async handler({ env, auth, tx, params }) {
      await env.discounts.delete(tx.em, auth.organizationId, params.id);
      return undefined;
    },
  }),
];
