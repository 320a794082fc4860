// A response or webhook payload in the version its reader asked for: the value is rendered in the newest version and
// walked beside its contract; every object whose schema a later version changed is turned back, newest change first.
import { z } from 'zod';
import { API_VERSIONS, isOlder, type ApiVersion } from './api-version';
import type { Json, VersionChange } from './version-change';
import { VERSION_CHANGES } from './version-changes';

type Schema = z.core.$ZodType;

/** The changes a value of the newest version goes back through to reach `version`, newest first. */
export function changesSince(version: ApiVersion): VersionChange[] {
  return VERSION_CHANGES.filter((change) => isOlder(version, change.version)).sort(
    (a, b) => API_VERSIONS.indexOf(b.version) - API_VERSIONS.indexOf(a.version),
  );
}

/**
 * `value` (of `schema`, newest version) as `version` shows it, changed in place: a render is the caller's own (an
 * object it shares, such as one customer on many orders, is changed once).
 */
export function inVersion<T>(schema: z.ZodType, value: T, version: ApiVersion): T {
  if (value === null || typeof value !== 'object') return value;
  const plan = planFor(version);
  if (!plan.ids.size) return value;
  const found: Found[] = [];
  collect(schema, value, plan, found, [], new Map());
  for (const { object, id } of found) for (const field of plan.carried.get(id) ?? []) delete object[field];
  for (const change of plan.undo) {
    for (const { object, id, ancestors } of found) {
      const schemaChange = change.schemas[id];
      if (!schemaChange) continue;
      schemaChange.restore?.(object, ancestors);
      for (const field of schemaChange.added ?? []) delete object[field];
    }
  }
  return value;
}

interface Plan {
  /** The changes to turn back, newest first. */
  undo: VersionChange[];
  /** Per schema: the fields the render carries for older versions only, which this one drops. */
  carried: Map<string, readonly string[]>;
  ids: Set<string>;
  /** Per schema: whether a versioned object can be found within it (most answers hold none). */
  reaches: WeakMap<Schema, boolean>;
}

const plans = new Map<ApiVersion, Plan>();

function planFor(version: ApiVersion): Plan {
  const known = plans.get(version);
  if (known) return known;
  const undo = changesSince(version);
  const carried = new Map<string, readonly string[]>();
  for (const change of VERSION_CHANGES.filter((c) => !undo.includes(c))) {
    for (const [id, schemaChange] of Object.entries(change.schemas)) {
      if (schemaChange.carried) carried.set(id, [...(carried.get(id) ?? []), ...schemaChange.carried]);
    }
  }
  const ids = new Set([...undo.flatMap((change) => Object.keys(change.schemas)), ...carried.keys()]);
  const plan = { undo, carried, ids, reaches: new WeakMap() };
  plans.set(version, plan);
  return plan;
}

interface Found {
  object: Json;
  id: string;
  ancestors: Json[];
}

/** Every object of `value` whose schema has an id the plan changes, once each, children before their parents. */
function collect(
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

/** The schema a wrapper (nullable, optional, default, pipe, lazy…) holds its value by. */
function partOf(schema: Schema): Schema | undefined {
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
function reaches(schema: Schema, plan: Plan): boolean {
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

/** The option of a union that `value` is: by its discriminator, else the object option it fits best. */
function optionOf(options: Schema[], discriminator: string | undefined, value: unknown): Schema | undefined {
  if (!isObject(value)) return undefined; // a scalar carries no versioned object
  if (discriminator)
    return options.find((option) => option._zod.propValues?.[discriminator]?.has(value[discriminator] as string));
  let best: Schema | undefined;
  let bestFit = -1;
  for (const option of options) {
    const fit = fitOf(option, value);
    if (fit > bestFit) [best, bestFit] = [option, fit];
  }
  return best;
}

/** How many of an object option's fields `value` has; -1 when one of its literal fields differs. */
function fitOf(option: Schema, value: Json): number {
  const shape = (option._zod.def as { shape?: Record<string, Schema> }).shape;
  if (!shape) return -1;
  for (const [key, values] of Object.entries(option._zod.propValues ?? {}))
    if (!values.has(value[key] as string)) return -1;
  return Object.keys(shape).filter((key) => key in value).length;
}

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
