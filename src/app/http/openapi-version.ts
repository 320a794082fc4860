// One API version's OpenAPI schemas: the newest version's, with each later version's changes turned back (fields it
// added dropped, fields it removed put back) and the fields the render carries only for older versions dropped.
import type { z } from 'zod';
import type { ApiVersion } from '../../contracts/api-version';
import { changesSince } from '../../contracts/version-plan';
import { VERSION_CHANGES } from '../../contracts/version-changes/index';

type JsonSchema = {
  properties?: Record<string, unknown>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
} & Record<string, unknown>;

export function schemasInVersion(
  components: Record<string, JsonSchema>,
  version: ApiVersion,
  schemaOf: (schema: z.ZodType) => JsonSchema,
): void {
  const undo = changesSince(version);
  // The removed fields' schemas first: making them adds (unchanged) components, which the edits below then change.
  const restored = undo.map((change) =>
    Object.entries(change.schemas).map(([id, schemaChange]) => ({
      id,
      added: schemaChange.added ?? [],
      removed: Object.entries(schemaChange.removed ?? {}).map(([field, schema]) => ({
        field,
        json: schemaOf(schema),
        required: !schema.safeParse(undefined).success,
      })),
    })),
  );
  for (const change of VERSION_CHANGES.filter((c) => !undo.includes(c))) {
    for (const [id, schemaChange] of Object.entries(change.schemas))
      for (const object of objectsOf(components[id])) drop(object, schemaChange.carried ?? []);
  }
  for (const edits of restored) {
    for (const { id, added, removed } of edits) {
      for (const object of objectsOf(components[id])) {
        drop(object, added);
        for (const { field, json, required } of removed) {
          object.properties![field] = json;
          if (required) object.required = [...new Set([...(object.required ?? []), field])];
        }
      }
    }
  }
}

/** The object schemas a component stands for: itself, or each object member of its union. */
function objectsOf(component: JsonSchema | undefined): JsonSchema[] {
  if (!component) return [];
  if (component.properties) return [component];
  return [...(component.anyOf ?? []), ...(component.oneOf ?? [])].filter((member) => member.properties);
}

function drop(object: JsonSchema, fields: readonly string[]): void {
  for (const field of fields) delete object.properties![field];
  if (object.required) object.required = object.required.filter((field) => !fields.includes(field));
}
