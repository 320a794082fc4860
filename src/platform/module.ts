// What a module declares to the composition root (src/app/modules.ts): the tables it owns, as entities and the
// migrations that made them. The database takes both from the list of modules, migrations in the order of their names.
import type { Constructor, EntitySchema, MigrationObject } from '@mikro-orm/core';
import type { Migration } from '@mikro-orm/migrations';

export interface Module {
  name: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schemas of different entities
  entities: EntitySchema<any>[];
  migrations: MigrationObject[];
}

/** Migrations by their class, named after it (`Migration<timestamp>_<what>`, the name each database records). */
export function migrations(...classes: Constructor<Migration>[]): MigrationObject[] {
  return classes.map((type) => ({ name: type.name, class: type }));
}
