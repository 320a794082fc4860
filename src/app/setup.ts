// Everything the processes need before they start: migrated databases and Temporal namespaces with our search attributes.
import { ENVIRONMENTS, type Config } from '../platform/config';
import { migrate } from './database';
import { connectTemporal, ensureNamespace, ensureSearchAttributes } from './temporal';

export async function setUp(config: Config, log: (line: string) => void = console.log): Promise<void> {
  for (const environment of ENVIRONMENTS) {
    const applied = await migrate(config.databaseUrls[environment]);
    log(`${environment} database: ${applied.length ? `applied ${applied.join(', ')}` : 'up to date'}`);
  }
  const connection = await connectTemporal(config.temporalAddress);
  try {
    for (const namespace of Object.values(config.namespaces)) {
      await ensureNamespace(connection, namespace);
      await ensureSearchAttributes(connection, namespace);
      log(`temporal namespace ${namespace}: ready`);
    }
  } finally {
    await connection.close();
  }
}
