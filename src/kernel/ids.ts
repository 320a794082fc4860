import { randomUUID } from 'node:crypto';

export const newId = (): string => randomUUID();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string): boolean => UUID.test(value);

/** The distinct non-null ids that `pick` reads off `rows` (for one query per related table). */
export function distinctIds<T>(rows: readonly T[], pick: (row: T) => string | null): string[] {
  return [...new Set(rows.map(pick).filter((id): id is string => id !== null))];
}

/** Rows keyed by their id. */
export function byId<T extends { id: string }>(rows: readonly T[]): Map<string, T> {
  return new Map(rows.map((row) => [row.id, row]));
}

/** The rows among `ids` that `known` holds (a caller read them already), and the others read by `read`. */
export async function knownOrRead<T extends { id: string }>(
  ids: string[],
  known: readonly T[] | undefined,
  read: (missing: string[]) => Promise<T[]>,
): Promise<Map<string, T>> {
  const found = byId((known ?? []).filter((row) => ids.includes(row.id)));
  const missing = ids.filter((id) => !found.has(id));
  for (const row of missing.length ? await read(missing) : []) found.set(row.id, row);
  return found;
}
