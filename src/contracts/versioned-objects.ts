// The objects of a value that a version plan changes, found by walking the value beside its schema.
import { z } from 'zod';
import type { Json } from './version-change';
import type { Plan, Schema } from './version-plan';
import { partOf, reaches } from './schema-reach';
import { isObject, optionOf } from './union-option';

export interface Found {
  object: Json;
  id: string;
  ancestors: Json[];
}

/** Every object of `value` whose schema has an id the plan changes, once each, children before their parents. */
export function collect(
  schema: Schema,
  value: unknown,
  plan: Plan,
  found: Found[],
  ancestors: Json[],
  seen: Map<Json, Set<string>>,
): void {
  if (value === null || value === undefined || !reaches(schema, plan)) return;
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  const inner = (part: Schema, of: unknown = value, holders = ancestors) =>
    collect(part, of, plan, found, holders, seen);
  switch (def.type) {
    case 'object': {
      if (!isObject(value)) return;
      const holders = [...ancestors, value];
      for (const [key, field] of Object.entries(def.shape as Record<string, Schema>)) inner(field, value[key], holders);
      break;
    }
    case 'array':
      if (Array.isArray(value)) for (const item of value) inner(def.element as Schema, item);
      break;
    case 'record':
      if (isObject(value)) for (const item of Object.values(value)) inner(def.valueType as Schema, item);
      break;
    case 'union': {
      const option = optionOf(def.options as Schema[], def.discriminator as string | undefined, value);
      if (option) inner(option);
      break;
    }
    case 'intersection':
      inner(def.left as Schema);
      inner(def.right as Schema);
      break;
    default: {
      const part = partOf(schema);
      if (part) inner(part);
    }
  }
  const id = z.globalRegistry.get(schema as z.ZodType)?.id;
  if (id && plan.ids.has(id) && isObject(value)) {
    const ids = seen.get(value) ?? new Set<string>();
    if (ids.has(id)) return;
    seen.set(value, ids.add(id));
    found.push({ object: value, id, ancestors });
  }
}
