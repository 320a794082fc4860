// HTTP surface of custom fields: /v1/custom-fields CRUD.
import type { RouteDefinition } from '../../../platform/http/route';
import type { CustomFieldService } from './custom-field.service';
import { customFieldByIdRoutes } from './custom-field-by-id.routes';
import { customFieldsRoutes } from './custom-fields.routes';

export function customFieldRoutes({ customFields }: { customFields: CustomFieldService }): RouteDefinition[] {
  return [...customFieldsRoutes(customFields), ...customFieldByIdRoutes(customFields)];
}
