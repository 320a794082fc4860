// HTTP surface of custom fields: /v1/custom-fields CRUD.
import { z } from 'zod';
import { IdParams } from '../../../contracts/common';
import { CustomField, CustomFieldList } from '../../../contracts/custom-field';
import { CustomFieldCreate } from '../../../contracts/custom-field-create';
import { CustomFieldListQuery } from '../../../contracts/custom-field-list-query';
import { CustomFieldUpdate } from '../../../contracts/custom-field-update';
import { defineRoute, type RouteDefinition } from '../../../platform/http/route';
import { customFieldOutput } from './custom-field.output';
import type { CustomFieldService } from './custom-field.service';

const READ = ['custom_fields:read', 'custom_fields:write'] as const;
const WRITE = ['custom_fields:write'] as const;

export function customFieldRoutes({ customFields }: { customFields: CustomFieldService }): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/custom-fields/',
      summary: 'List custom fields',
      scopes: READ,
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
      scopes: WRITE,
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
      scopes: READ,
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
      scopes: WRITE,
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
      scopes: WRITE,
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
