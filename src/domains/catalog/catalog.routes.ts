// HTTP surface of the catalog: products (with prices and benefits) and custom fields.
import { z } from 'zod';
import { IdParams } from '../../contracts/common';
import { CustomField, CustomFieldCreate, CustomFieldList, CustomFieldListQuery, CustomFieldUpdate } from '../../contracts/custom-field';
import { Product, ProductBenefitsUpdate, ProductCreate, ProductList, ProductListQuery, ProductUpdate } from '../../contracts/product';
import { defineRoute, type RouteDefinition } from '../../platform/http/route';
import type { ProductService } from './product.service';
import { customFieldOutput } from './custom-field.output';
import type { CustomFieldService } from './custom-field.service';

const PRODUCTS_READ = ['products:read', 'products:write'] as const;
const PRODUCTS_WRITE = ['products:write'] as const;
const FIELDS_READ = ['custom_fields:read', 'custom_fields:write'] as const;
const FIELDS_WRITE = ['custom_fields:write'] as const;

export function catalogRoutes({ products, customFields }: { products: ProductService; customFields: CustomFieldService }): RouteDefinition[] {
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
        return { items: await products.outputs(tx.em, page.items), pagination: page.pagination };
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
        const [output] = await products.outputs(tx.em, [await products.update(tx, auth.organizationId, params.id, body)]);
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
        const [output] = await products.outputs(tx.em, [await products.setBenefits(tx, auth.organizationId, params.id, body.benefits)]);
        return output;
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/custom-fields/',
      summary: 'List custom fields',
      scopes: FIELDS_READ,
      query: CustomFieldListQuery,
      status: 200,
      response: CustomFieldList,
      async handler({ auth, tx, query }) {
        const page = await customFields.list(tx.em, auth.organizationId, query);
        return { items: page.items.map(customFieldOutput), pagination: page.pagination };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/v1/custom-fields/',
      summary: 'Create a custom field',
      scopes: FIELDS_WRITE,
      body: CustomFieldCreate,
      status: 201,
      response: CustomField,
      idempotent: true,
      async handler({ auth, tx, body }) {
        return customFieldOutput(await customFields.create(tx.em, auth.organizationId, body));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/custom-fields/:id',
      summary: 'Get a custom field',
      scopes: FIELDS_READ,
      params: IdParams,
      status: 200,
      response: CustomField,
      async handler({ auth, tx, params }) {
        return customFieldOutput(await customFields.get(tx.em, auth.organizationId, params.id));
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/v1/custom-fields/:id',
      summary: 'Update a custom field',
      scopes: FIELDS_WRITE,
      params: IdParams,
      body: CustomFieldUpdate,
      status: 200,
      response: CustomField,
      async handler({ auth, tx, params, body }) {
        return customFieldOutput(await customFields.update(tx.em, auth.organizationId, params.id, body));
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/v1/custom-fields/:id',
      summary: 'Delete a custom field (detached from every product)',
      scopes: FIELDS_WRITE,
      params: IdParams,
      status: 204,
      response: z.undefined(),
      async handler({ auth, tx, params }) {
        await customFields.delete(tx.em, auth.organizationId, params.id);
        return undefined;
      },
    }),
  ];
}
