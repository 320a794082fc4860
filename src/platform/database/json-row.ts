// Entities that a raw statement returned as JSON (`to_jsonb(row)`) or as a row (columns by name: a timestamp is then
// PostgreSQL's text, a custom type its database value), read for an answer without the ORM's bookkeeping.
import type { EntityManager } from '@mikro-orm/postgresql';

interface Field {
  property: string;
  column: string;
  date: boolean;
  convert: ((value: unknown) => unknown) | null;
}

/** A row as `to_jsonb` or node-postgres gives it: columns by name. */
export type JsonRow = Record<string, unknown>;

const fieldsByEntity = new WeakMap<object, Field[]>();

/**
 * The row with the fields of `entity`, outside the identity map and the unit of work: for building answers only, never
 * to be changed and flushed. (`em.map` registers and snapshots every entity it makes: 8 % of the busy CPU of
 * license-key validate, bench/README.md.) A plain object, not one of the entity's prototype: the ORM's setters there
 * give each instance its bookkeeping on the first assignment (a list page's rows spent a third of their mapping there).
 * Entities here are plain fields: nothing reads their class.
 */
export function entityFromJson<T extends object>(em: EntityManager, entity: new () => T, json: JsonRow): T {
  const instance: Record<string, unknown> = {};
  for (const { property, column, date, convert } of fieldsOf(em, entity)) {
    const value = json[column];
    instance[property] = value == null ? null : date ? new Date(value as string) : convert ? convert(value) : value;
  }
  return instance as T;
}

function fieldsOf(em: EntityManager, entity: new () => object): Field[] {
  let fields = fieldsByEntity.get(entity);
  if (!fields) {
    const platform = em.getPlatform();
    fields = em
      .getMetadata()
      .get(entity.name)
      .props.map((prop) => ({
        property: prop.name,
        column: prop.fieldNames[0],
        date: prop.runtimeType === 'Date',
        convert: prop.customType ? (value: unknown) => prop.customType!.convertToJSValue(value, platform) : null,
      }));
    fieldsByEntity.set(entity, fields);
  }
  return fields;
}
