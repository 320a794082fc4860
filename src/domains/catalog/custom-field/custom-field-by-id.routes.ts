// One custom field: read it, update it, delete it (it is detached from every product).
import { z } from 'zod';
import { IdParams } from '../../../contracts/common';
import { CustomField } from '../../../contracts/custom-field';
import { CustomFieldUpdate } from '../../../contracts/custom-field-update';
import { defineRoute, type RouteDefinition } from '../../../platform/http/route';
import { customFieldOutput } from './custom-field.output';
import type { CustomFieldService } from './custom-field.service';
import { READ, WRITE } from './custom-field.scopes';

export function customFieldByIdRoutes(customFields: CustomFieldService): RouteDefinition[] {
  return [
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
