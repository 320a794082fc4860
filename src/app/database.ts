// PostgreSQL: one database per environment, created on demand, migrated by MikroORM's migrator.
import { MikroORM } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { createEventPartitions } from '../adapters/events/event-partitions';
import { Client } from 'pg';
import { MODULES } from './modules';

const ENTITIES = MODULES.flatMap((module) => module.entities ?? []);
const MIGRATIONS = MODULES.flatMap((module) => module.migrations ?? []).sort((a, b) =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
);

export async function openDatabase(url: string, poolMax = 10): Promise<MikroORM> {
  return MikroORM.init({
    clientUrl: url,
    entities: ENTITIES,
    extensions: [Migrator],
    migrations: { migrationsList: MIGRATIONS, transactional: true, allOrNothing: true, silent: true },
    pool: { min: 0, max: poolMax },
    // Timestamps that statements render as text (`to_jsonb`, reports) in UTC, whatever the server's own time zone.
    driverOptions: { connection: { options: '-c TimeZone=UTC' } },
    discovery: { warnWhenNoEntities: false },
    debug: false,
    allowGlobalContext: false,
  });
}

/** Creates the database named in `url` when it is missing (PostgreSQL has no CREATE DATABASE IF NOT EXISTS). */
export async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) {
      await client.query(`create database "${name.replace(/"/g, '""')}"`).catch((error: { code?: string }) => {
        if (error.code !== '42P04') throw error; // created concurrently by another process
      });
    }
  } finally {
    await client.end();
  }
}

export async function migrate(url: string): Promise<string[]> {
  await ensureDatabase(url);
  const orm = await openDatabase(url, 2);
  try {
    const applied = await orm.getMigrator().up();
    // A fresh database gets its event partitions at once, not at the maintenance schedule's first run.
    await createEventPartitions(orm, new Date());
    return applied.map((m) => m.name);
  } finally {
    await orm.close();
  }
}
