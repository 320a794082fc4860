// HTTP surface of the catalog's products (with their prices and benefits).
import { forgetReadEntities } from '../../platform/database/transaction';
import { IdParams } from '../../contracts/common';
import { Product, ProductList } from '../../contracts/product';
import { ProductBenefitsUpdate, ProductUpdate } from '../../contracts/product-update';
import { ProductCreate } from '../../contracts/product-create';
import { ProductListQuery } from '../../contracts/product-list-query';
import { defineRoute, type RouteDefinition } from '../../platform/http/route';
import type { ProductService } from './product.service';

const PRODUCTS_READ = ['products:read', 'products:write'] as const;
const PRODUCTS_WRITE = ['products:write'] as const;

export function catalogRoutes({ products }: { products: ProductService }): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/products/',
      summary: 'List products',
      scopes: PRODUCTS_READ,
      query: ProductListQuery,
      status: 200,
      response: ProductList,
      async handler({ auth, tx, query }) {
        const page = await products.list(tx.em, auth.organizationId, query);
        const items = await products.outputs(tx.em, page.items);
        forgetReadEntities(tx);
        return { items, pagination: page.pagination };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/v1/products/',
      summary: 'Create a product with its prices (writes product.created)',
      scopes: PRODUCTS_WRITE,
      body: ProductCreate,
      status: 201,
      response: Product,
      idempotent: true,
      async handler({ auth, tx, body }) {
        const [output] = await products.outputs(tx.em, [await products.create(tx, auth.organizationId, body)]);
        return output;
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/products/:id',
      summary: 'Get a product',
      scopes: PRODUCTS_READ,
      params: IdParams,
      status: 200,
      response: Product,
      async handler({ auth, tx, params }) {
        const [output] = await products.outputs(tx.em, [await products.get(tx.em, auth.organizationId, params.id)]);
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
        const [output] = await products.outputs(tx.em, [
          await products.update(tx, auth.organizationId, params.id, body),
        ]);
        return output;
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
        const [output] = await products.outputs(tx.em, [
          await products.setBenefits(tx, auth.organizationId, params.id, body.benefits),
        ]);
        return output;
      },
    }),
  ];
}
