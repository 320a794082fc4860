// The products collection: list them (with prices and benefits), create one with its prices.
import { detachedReads } from '../../platform/database/detached-reads';
import { Product, ProductList } from '../../contracts/product';
import { ProductCreate } from '../../contracts/product-create';
import { ProductListQuery } from '../../contracts/product-list-query';
import { defineRoute, type RouteDefinition } from '../../platform/http/route';
import type { ProductService } from './product.service';
import { PRODUCTS_READ, PRODUCTS_WRITE } from './product.scopes';

export function productsRoutes(products: ProductService): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/products/',
      summary: 'List products',
      readOnly: true,
      scopes: PRODUCTS_READ,
      query: ProductListQuery,
      status: 200,
      response: ProductList,
      async handler({ auth, tx, query }) {
        const em = detachedReads(tx.em);
        const page = await products.list(em, auth.organizationId, query);
        return { items: await products.apiOutputs(em, page.items), pagination: page.pagination };
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
        const [output] = await products.apiOutputs(tx.em, [await products.create(tx, auth.organizationId, body)]);
        return output;
      },
    }),
  ];
}
