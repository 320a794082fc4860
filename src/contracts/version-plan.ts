// What turning a value back to an older version takes: the changes to undo, newest first, and the fields carried.
import type { z } from 'zod';
import { API_VERSIONS, isOlder, type ApiVersion } from './api-version';
import type { VersionChange } from './version-change';
import { VERSION_CHANGES } from './version-changes';

export type Schema = z.core.$ZodType;

/** The changes a value of the newest version goes back through to reach `version`, newest first. */
export function changesSince(version: ApiVersion): VersionChange[] {
  return VERSION_CHANGES.filter((change) => isOlder(version, change.version)).sort(
    (a, b) => API_VERSIONS.indexOf(b.version) - API_VERSIONS.indexOf(a.version),
  );
}

export interface Plan {
  /** The changes to turn back, newest first. */
  undo: VersionChange[];
  /** Per schema: the fields the render carries for older versions only, which this one drops. */
  carried: Map<string, readonly string[]>;
  ids: Set<string>;
  /** Per schema: whether a versioned object can be found within it (most answers hold none). */
  reaches: WeakMap<Schema, boolean>;
}

const plans = new Map<ApiVersion, Plan>();

export function planFor(version: ApiVersion): Plan {
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
