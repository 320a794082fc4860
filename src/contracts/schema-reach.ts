// Looking into a schema: the schema a wrapper holds its value by, and whether a versioned object can lie within it.
import { z } from 'zod';
import type { Plan, Schema } from './version-plan';

/** The schema a wrapper (nullable, optional, default, pipe, lazy…) holds its value by. */
export function partOf(schema: Schema): Schema | undefined {
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  if (def.innerType) return def.innerType as Schema;
  if (def.type === 'lazy') return (def.getter as () => Schema)();
  if (def.type === 'pipe') {
    const out = def.out as Schema;
    return out._zod.def.type === 'transform' ? (def.in as Schema) : out;
  }
  return undefined;
}

/** Whether an object the plan changes can lie within `schema` (worked out once per schema). */
export function reaches(schema: Schema, plan: Plan): boolean {
  const known = plan.reaches.get(schema);
  if (known !== undefined) return known;
  plan.reaches.set(schema, false); // a schema within itself (z.lazy) adds nothing
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  const id = z.globalRegistry.get(schema as z.ZodType)?.id;
  const parts: Schema[] =
    def.type === 'object'
      ? Object.values(def.shape as Record<string, Schema>)
      : def.type === 'array'
        ? [def.element as Schema]
        : def.type === 'record'
          ? [def.valueType as Schema]
          : def.type === 'union'
            ? (def.options as Schema[])
            : def.type === 'intersection'
              ? [def.left as Schema, def.right as Schema]
              : [partOf(schema)].filter((part): part is Schema => part !== undefined);
  const result = (id !== undefined && plan.ids.has(id)) || parts.some((part) => reaches(part, plan));
  plan.reaches.set(schema, result);
  return result;
}
