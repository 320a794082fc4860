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
