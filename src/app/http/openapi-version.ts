// One API version's OpenAPI schemas: the newest version's, with each later version's changes turned back (fields it
// added dropped, fields it removed put back) and the fields the render carries only for older versions dropped.
import type { z } from 'zod';
import type { ApiVersion } from '../../contracts/api-version';
import { changesSince } from '../../contracts/versioned-value';
import { VERSION_CHANGES } from '../../contracts/version-changes';

type JsonSchema = { properties?: Record<string, unknown>; required?: string[] } & Record<string, unknown>;

export function schemasInVersion(components: Record<string, JsonSchema>, version: ApiVersion, schemaOf: (schema: z.ZodType) => JsonSchema): void {
  const undo = changesSince(version);
  for (const change of VERSION_CHANGES.filter((c) => !undo.includes(c))) {
    for (const [id, schemaChange] of Object.entries(change.schemas)) drop(components[id], Object.keys(schemaChange.removed ?? {}));
  }
  for (const change of undo) {
    for (const [id, schemaChange] of Object.entries(change.schemas)) {
      const component = components[id];
      if (!component?.properties) continue;
      drop(component, schemaChange.added ?? []);
      for (const [field, schema] of Object.entries(schemaChange.removed ?? {})) {
        component.properties[field] = schemaOf(schema);
        if (!schema.safeParse(undefined).success) component.required = [...new Set([...(component.required ?? []), field])];
      }
    }
  }
}

function drop(component: JsonSchema | undefined, fields: readonly string[]): void {
  if (!component?.properties) return;
  for (const field of fields) delete component.properties[field];
  if (component.required) component.required = component.required.filter((field) => !fields.includes(field));
}
