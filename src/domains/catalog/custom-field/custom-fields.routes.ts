// The custom fields collection: list them, create one.
import { CustomField, CustomFieldList } from '../../../contracts/custom-field';
import { CustomFieldCreate } from '../../../contracts/custom-field-create';
import { CustomFieldListQuery } from '../../../contracts/custom-field-list-query';
import { defineRoute, type RouteDefinition } from '../../../platform/http/route';
import { customFieldOutput } from './custom-field.output';
import type { CustomFieldService } from './custom-field.service';
import { READ, WRITE } from './custom-field.scopes';

export function customFieldsRoutes(customFields: CustomFieldService): RouteDefinition[] {
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
  ];
}
