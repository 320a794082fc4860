// One product: read it, update or archive it, delete it when nothing holds it, set its benefits.
import { z } from 'zod';
import { IdParams } from '../../contracts/common';
import { Product } from '../../contracts/product';
import { ProductBenefitsUpdate, ProductUpdate } from '../../contracts/product-update';
import { defineRoute, type RouteDefinition } from '../../platform/http/route';
import type { ProductService } from './product.service';
import { PRODUCTS_READ, PRODUCTS_WRITE } from './product.scopes';

export function productRoutes(products: ProductService): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/products/:id',
      summary: 'Get a product',
      scopes: PRODUCTS_READ,
      params: IdParams,
      status: 200,
      response: Product,
      async handler({ auth, tx, params }) {
        const [output] = await products.apiOutputs(tx.em, [await products.get(tx.em, auth.organizationId, params.id)]);
        return output;
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/v1/products/:id',
      summary: 'Update or archive a product; changed prices are archived and replaced (writes product.updated)',
      scopes: PRODUCTS_WRITE,
      params: IdParams,
      body: ProductUpdate,
      status: 200,
      response: Product,
      async handler({ auth, tx, params, body }) {
        const [output] = await products.apiOutputs(tx.em, [
          await products.update(tx, auth.organizationId, params.id, body),
        ]);
        return output;
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/v1/products/:id',
      summary:
        'Delete a product no order, subscription, checkout or discount holds (writes product.updated); ' +
        'otherwise 409 ProductNotDeletable: archive it instead',
      scopes: PRODUCTS_WRITE,
      params: IdParams,
      status: 204,
      response: z.undefined(),
      async handler({ auth, tx, params }) {
        await products.delete(tx, auth.organizationId, params.id);
      },
    }),
    defineRoute({
      method: 'post',
      path: '/v1/products/:id/benefits',
      summary: "Set a product's benefits (writes product.updated)",
      scopes: PRODUCTS_WRITE,
      params: IdParams,
      body: ProductBenefitsUpdate,
      status: 200,
      response: Product,
      async handler({ auth, tx, params, body }) {
        const [output] = await products.apiOutputs(tx.em, [
          await products.setBenefits(tx, auth.organizationId, params.id, body.benefits),
        ]);
        return output;
      },
    }),
  ];
}
