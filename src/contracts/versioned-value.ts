// A response or webhook payload in the version its reader asked for: the value is rendered in the newest version and
// walked beside its contract; every object whose schema a later version changed is turned back, newest change first.
import type { z } from 'zod';
import type { ApiVersion } from './api-version';
import { planFor } from './version-plan';
import { collect, type Found } from './versioned-objects';

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
