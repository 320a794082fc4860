// A contract (which describes the newest API version) as an older version shows it, for tests that check a response
// of that version field by field: each versioned schema within it loses the fields later versions added and gains the
// ones they removed, as src/contracts/version-changes says.
import { z } from 'zod';
import type { ApiVersion } from '../../src/contracts/api-version';
import { VERSION_CHANGES } from '../../src/contracts/version-changes/index';
import { changesSince } from '../../src/contracts/version-plan';

type Schema = z.ZodType;

/** `schema` in `version` (the unversioned API's shape, `legacy`, unless named). */
export function contractIn<T extends Schema>(schema: T, version: ApiVersion = 'legacy'): T {
  return rebuild(schema, version, new Map()) as T;
}

/** The unversioned API's shape of a contract: what a request without `Polar-Version` gets. */
export const legacy = <T extends Schema>(schema: T) => contractIn(schema, 'legacy');

function rebuild(schema: Schema, version: ApiVersion, done: Map<Schema, Schema>): Schema {
  const known = done.get(schema);
  if (known) return known;
  done.set(schema, schema); // a schema within itself (a recursive filter) holds no versioned object: itself
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, any>;
  const again = (inner: Schema) => rebuild(inner, version, done);
  let result: Schema;
  switch (def.type) {
    case 'object': {
      const entries = Object.entries(def.shape as Record<string, Schema>).map(
        ([key, field]) => [key, again(field)] as const,
      );
      const same = entries.every(([key, field]) => field === def.shape[key]);
      const id = z.globalRegistry.get(schema)?.id;
      result =
        same && !changesOf(id, version) ? schema : changed(z.object(Object.fromEntries(entries)), id, version, again);
      break;
    }
    case 'array':
      result = unchangedOr(schema, again(def.element), def.element, (element) => z.array(element));
      break;
    case 'nullable':
      result = unchangedOr(schema, again(def.innerType), def.innerType, (inner) => inner.nullable());
      break;
    case 'optional':
      result = unchangedOr(schema, again(def.innerType), def.innerType, (inner) => inner.optional());
      break;
    case 'record':
      result = unchangedOr(schema, again(def.valueType), def.valueType, (value) => z.record(def.keyType, value));
      break;

    case 'union': {
      const options = (def.options as Schema[]).map(again);
      const id = z.globalRegistry.get(schema)?.id;
      if (options.every((option, i) => option === def.options[i]) && !changesOf(id, version)) result = schema;
      else {
        result = def.discriminator
          ? z.discriminatedUnion(def.discriminator, options as never)
          : z.union(options as never);
        if (id) result = changedUnion(result, id, version);
      }
      break;
    }
    default:
      result = schema;
  }
  done.set(schema, result);
  return result;
}

/** `schema` itself when its part did not change, else the part wrapped again. */
function unchangedOr(schema: Schema, rebuilt: Schema, original: Schema, wrap: (part: Schema) => Schema): Schema {
  return rebuilt === original ? schema : wrap(rebuilt);
}

/** Whether any version change touches the schema `id` for `version` (undone, or carried fields dropped). */
function changesOf(id: string | undefined, version: ApiVersion): boolean {
  if (!id) return false;
  const undo = changesSince(version);
  return VERSION_CHANGES.some((change) => change.schemas[id] && (undo.includes(change) || change.schemas[id].carried));
}

/** An object schema with the changes of its id undone down to `version` (and the fields only older ones show dropped). */
function changed(
  object: z.ZodObject,
  id: string | undefined,
  version: ApiVersion,
  again: (s: Schema) => Schema,
): z.ZodObject {
  if (!id) return object;
  const undo = changesSince(version);
  let result = object;
  for (const change of VERSION_CHANGES.filter((c) => !undo.includes(c)))
    result = without(result, change.schemas[id]?.carried ?? []);
  for (const change of undo) {
    const schemaChange = change.schemas[id];
    if (!schemaChange) continue;
    result = without(result, schemaChange.added ?? []);
    result = result.extend(
      Object.fromEntries(Object.entries(schemaChange.removed ?? {}).map(([field, s]) => [field, again(s)])),
    );
  }
  return result;
}

function without(object: z.ZodObject, fields: readonly string[]): z.ZodObject {
  const shape = { ...object.shape };
  for (const field of fields) delete shape[field];
  return z.object(shape);
}

/** A union's change applies to whichever option a value is. */
function changedUnion(union: Schema, id: string, version: ApiVersion): Schema {
  const def = union._zod.def as z.core.$ZodTypeDef & Record<string, any>;
  const options = (def.options as z.ZodObject[]).map((option) => changed(option, id, version, (s) => s));
  return def.discriminator ? z.discriminatedUnion(def.discriminator, options as never) : z.union(options as never);
}
