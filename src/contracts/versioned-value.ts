// A response or webhook payload in the version its reader asked for: the value is rendered in the newest version and
// walked beside its contract; every object whose schema a later version changed is turned back, newest change first.
import { z } from 'zod';
import { API_VERSIONS, isOlder, type ApiVersion } from './api-version';
import type { Json, VersionChange } from './version-change';
import { VERSION_CHANGES } from './version-changes';

type Schema = z.core.$ZodType;

/** The changes a value of the newest version goes back through to reach `version`, newest first. */
export function changesSince(version: ApiVersion, changes: readonly VersionChange[] = VERSION_CHANGES): VersionChange[] {
  return changes.filter((change) => isOlder(version, change.version)).sort((a, b) => API_VERSIONS.indexOf(b.version) - API_VERSIONS.indexOf(a.version));
}

/** `value` (of `schema`, newest version) as `version` shows it; a copy when anything changes. */
export function inVersion<T>(schema: z.ZodType, value: T, version: ApiVersion, changes: readonly VersionChange[] = VERSION_CHANGES): T {
  if (value === null || typeof value !== 'object') return value;
  const { undo, carried, ids } = planFor(version, changes);
  if (!ids.size) return value;
  const copy = JSON.parse(JSON.stringify(value)) as T; // shared sub-objects (one customer on many orders) become their own
  const found: Found[] = [];
  collect(schema, copy, ids, found, []);
  if (!found.length) return value;
  for (const { object, id } of found) for (const field of carried.get(id) ?? []) delete object[field];
  for (const change of undo) {
    for (const { object, id, ancestors } of found) {
      const schemaChange = change.schemas[id];
      if (!schemaChange) continue;
      schemaChange.restore?.(object, ancestors);
      for (const field of schemaChange.added ?? []) delete object[field];
    }
  }
  return copy;
}

interface Plan {
  /** The changes to turn back, newest first. */
  undo: VersionChange[];
  /** Per schema: the fields the render carries for older versions only, which this one drops. */
  carried: Map<string, string[]>;
  ids: Set<string>;
}

const plans = new WeakMap<readonly VersionChange[], Map<ApiVersion, Plan>>();

function planFor(version: ApiVersion, changes: readonly VersionChange[]): Plan {
  const byVersion = plans.get(changes) ?? new Map<ApiVersion, Plan>();
  plans.set(changes, byVersion);
  const known = byVersion.get(version);
  if (known) return known;
  const undo = changesSince(version, changes);
  const carried = new Map<string, string[]>();
  for (const change of changes.filter((c) => !undo.includes(c))) {
    for (const [id, schemaChange] of Object.entries(change.schemas)) {
      if (schemaChange.removed) carried.set(id, [...(carried.get(id) ?? []), ...Object.keys(schemaChange.removed)]);
    }
  }
  const plan = { undo, carried, ids: new Set([...undo.flatMap((change) => Object.keys(change.schemas)), ...carried.keys()]) };
  byVersion.set(version, plan);
  return plan;
}

interface Found {
  object: Json;
  id: string;
  ancestors: Json[];
}

/** Every object of `value` whose schema has an id in `ids`, children before their parents. */
function collect(schema: Schema, value: unknown, ids: ReadonlySet<string>, found: Found[], ancestors: Json[]): void {
  if (value === null || value === undefined) return;
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  switch (def.type) {
    case 'object': {
      if (!isObject(value)) return;
      const holders = [...ancestors, value];
      for (const [key, field] of Object.entries(def.shape as Record<string, Schema>)) collect(field, value[key], ids, found, holders);
      break;
    }
    case 'array':
      if (Array.isArray(value)) for (const item of value) collect(def.element as Schema, item, ids, found, ancestors);
      break;
    case 'record':
      if (isObject(value)) for (const item of Object.values(value)) collect(def.valueType as Schema, item, ids, found, ancestors);
      break;
    case 'nullable':
    case 'optional':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
    case 'catch':
      collect(def.innerType as Schema, value, ids, found, ancestors);
      break;
    case 'pipe': {
      const out = def.out as Schema;
      collect(out._zod.def.type === 'transform' ? (def.in as Schema) : out, value, ids, found, ancestors);
      break;
    }
    case 'lazy':
      collect((def.getter as () => Schema)(), value, ids, found, ancestors);
      break;
    case 'intersection':
      collect(def.left as Schema, value, ids, found, ancestors);
      collect(def.right as Schema, value, ids, found, ancestors);
      break;
    case 'union': {
      const option = optionOf(def.options as Schema[], def.discriminator as string | undefined, value);
      if (option) collect(option, value, ids, found, ancestors);
      break;
    }
  }
  const id = z.globalRegistry.get(schema as z.ZodType)?.id;
  if (id && ids.has(id) && isObject(value)) found.push({ object: value, id, ancestors });
}

/** The option of a union that `value` is: by its discriminator, else the object option it fits best. */
function optionOf(options: Schema[], discriminator: string | undefined, value: unknown): Schema | undefined {
  if (!isObject(value)) return undefined; // a scalar carries no versioned object
  if (discriminator) return options.find((option) => option._zod.propValues?.[discriminator]?.has(value[discriminator] as string));
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
  for (const [key, values] of Object.entries(option._zod.propValues ?? {})) if (!values.has(value[key] as string)) return -1;
  return Object.keys(shape).filter((key) => key in value).length;
}

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
